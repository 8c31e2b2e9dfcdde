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
        Quantity fairSharingWeight,
        ClusterQueuePolicies policies) {

    public ClusterQueueSpec {
        resourceGroups = List.copyOf(resourceGroups);
    }

    /** A ClusterQueue with Kueue's default policies (no preemption, default fungibility, no checks). */
    public ClusterQueueSpec(String name, Optional<String> cohort, List<ResourceGroup> resourceGroups,
            QueueingStrategy queueingStrategy, LabelSelector namespaceSelector, Quantity fairSharingWeight) {
        this(name, cohort, resourceGroups, queueingStrategy, namespaceSelector, fairSharingWeight,
                ClusterQueuePolicies.DEFAULTS);
    }

    public ClusterQueueSpec withPolicies(ClusterQueuePolicies newPolicies) {
        return new ClusterQueueSpec(name, cohort, resourceGroups, queueingStrategy, namespaceSelector, fairSharingWeight,
                newPolicies);
    }

    public static final Quantity DEFAULT_WEIGHT = Quantity.ofUnits(1);
}
