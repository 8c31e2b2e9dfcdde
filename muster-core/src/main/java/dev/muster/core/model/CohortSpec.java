package dev.muster.core.model;

import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * An inner node of the quota tree. Cohorts named only by a ClusterQueue's {@code cohort} field and
 * never declared exist implicitly with no quota of their own and no parent.
 */
public record CohortSpec(
        String name, Optional<String> parent, List<ResourceGroup> resourceGroups, Quantity fairSharingWeight) {

    public CohortSpec {
        resourceGroups = List.copyOf(resourceGroups);
    }

    public static CohortSpec implicit(String name) {
        return new CohortSpec(name, Optional.empty(), List.of(), ClusterQueueSpec.DEFAULT_WEIGHT);
    }
}
