package dev.muster.core.model;

import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * A leaf queue of the quota tree, in Kueue's terms a ClusterQueue (a KAI leaf Queue maps to the
 * same thing). {@code fairSharingWeight} is a quantity so that fractional weights stay exact.
 */
public record ClusterQueueSpec(
        String name,
        Optional<String> cohort,
        List<ResourceGroup> resourceGroups,
        QueueingStrategy queueingStrategy,
        LabelSelector namespaceSelector,
        Quantity fairSharingWeight) {

    public ClusterQueueSpec {
        resourceGroups = List.copyOf(resourceGroups);
    }

    public static final Quantity DEFAULT_WEIGHT = Quantity.ofUnits(1);
}
