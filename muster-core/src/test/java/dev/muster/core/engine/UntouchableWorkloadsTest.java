package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaTree;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The count a preemptor's search is skipped by: per cohort tree, the untouchable workloads known to
 * hold quota there. It may be too low (the search then runs) but never too high.
 */
class UntouchableWorkloadsTest {

    private static ClusterQueueSpec queue(String name, String cohort) {
        return new ClusterQueueSpec(name, Optional.of(cohort), List.of(new ResourceGroup(List.of("cpu"),
                List.of(new FlavorQuotas("default", List.of(ResourceQuota.nominal("cpu", Quantity.ofUnits(4))))))),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT);
    }

    private final List<ClusterQueueSpec> specs = List.of(queue("a", "left"), queue("b", "left"), queue("c", "right"));
    private final QuotaTree tree = QuotaTree.build(specs, List.of());
    private final ClusterQueueState a = new ClusterQueueState(specs.get(0), tree.clusterQueue("a").orElseThrow());
    private final ClusterQueueState b = new ClusterQueueState(specs.get(1), tree.clusterQueue("b").orElseThrow());
    private final ClusterQueueState c = new ClusterQueueState(specs.get(2), tree.clusterQueue("c").orElseThrow());

    private static ObjectKey key(String name) {
        return new ObjectKey("ns", name);
    }

    @Test
    void workloadsHeldInTheQueuesOfATreeAreCountedForThatTree() {
        UntouchableWorkloads untouchable = new UntouchableWorkloads(Set.of(), Set.of(), k -> null);
        untouchable.add(key("in-a"), a);
        untouchable.add(key("in-b"), b);
        untouchable.add(key("in-c"), c);
        assertThat(untouchable.heldIn(a.node().root())).isEqualTo(2);
        assertThat(untouchable.heldIn(c.node().root())).isEqualTo(1);
    }

    @Test
    void aWorkloadAddedTwiceCountsOnce() {
        UntouchableWorkloads untouchable = new UntouchableWorkloads(Set.of(), Set.of(), k -> null);
        untouchable.add(key("admitted-then-resized"), a);
        untouchable.add(key("admitted-then-resized"), a);
        assertThat(untouchable.heldIn(a.node().root())).isEqualTo(1);
    }

    @Test
    void victimsUnderWayCountWhereTheyHoldQuotaAndNotAtAllWhenTheyHoldNone() {
        Map<ObjectKey, ClusterQueueState> holding = Map.of(key("victim-in-c"), c);
        UntouchableWorkloads untouchable = new UntouchableWorkloads(Set.of(key("victim-in-c"), key("gone")), Set.of(),
                holding::get);
        assertThat(untouchable.heldIn(c.node().root())).isEqualTo(1);
        assertThat(untouchable.heldIn(a.node().root())).isZero();
        assertThat(untouchable).contains(key("gone"));
    }

    @Test
    void workloadsOnlyFreshAtThisInstantAreNotCounted() {
        // Asking about them is what tells the engine to try the preemptor again at the next instant.
        UntouchableWorkloads untouchable = new UntouchableWorkloads(Set.of(), Set.of(key("fresh")), k -> a);
        untouchable.add(key("unknown-queue"));
        assertThat(untouchable.heldIn(a.node().root())).isZero();
        assertThat(untouchable.contains(key("fresh"))).isTrue();
        assertThat(untouchable.heldBackByFresh()).isTrue();
    }
}
