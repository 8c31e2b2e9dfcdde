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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
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

    /** The engine's record of the instant's admissions, as the cycle keeps it. */
    private final Set<ObjectKey> admittedThisInstant = new HashSet<>();

    private UntouchableWorkloads untouchable(Set<ObjectKey> victims, Function<ObjectKey, ClusterQueueState> queueOf) {
        return new UntouchableWorkloads(victims, () -> admittedThisInstant, queueOf);
    }

    private void admit(UntouchableWorkloads untouchable, String name, ClusterQueueState cq) {
        admittedThisInstant.add(key(name));
        untouchable.admitted(key(name), cq);
    }

    @Test
    void workloadsAdmittedInTheQueuesOfATreeAreCountedForThatTree() {
        UntouchableWorkloads untouchable = untouchable(Set.of(), k -> null);
        admit(untouchable, "in-a", a);
        admit(untouchable, "in-b", b);
        admit(untouchable, "in-c", c);
        assertThat(untouchable.heldIn(a.node().root())).isEqualTo(2);
        assertThat(untouchable.heldIn(c.node().root())).isEqualTo(1);
        assertThat(untouchable).contains(key("in-a"), key("in-c"));
        assertThat(untouchable.heldBackByFresh()).isFalse();
    }

    @Test
    void aWorkloadAdmittedThenResizedCountsOnce() {
        UntouchableWorkloads untouchable = untouchable(Set.of(), k -> null);
        admit(untouchable, "admitted-then-resized", a);
        untouchable.add(key("admitted-then-resized"), a);
        assertThat(untouchable.heldIn(a.node().root())).isEqualTo(1);
    }

    @Test
    void victimsUnderWayCountWhereTheyHoldQuotaAndNotAtAllWhenTheyHoldNone() {
        Map<ObjectKey, ClusterQueueState> holding = Map.of(key("victim-in-c"), c);
        UntouchableWorkloads untouchable = untouchable(Set.of(key("victim-in-c"), key("gone")), holding::get);
        assertThat(untouchable.heldIn(c.node().root())).isEqualTo(1);
        assertThat(untouchable.heldIn(a.node().root())).isZero();
        assertThat(untouchable).contains(key("gone"));
    }

    @Test
    void workloadsOnlyFreshAtThisInstantAreNotCountedAndAskingAboutThemIsNoted() {
        // Asking about them is what tells the engine to try the preemptor again at the next instant.
        admittedThisInstant.add(key("fresh"));
        UntouchableWorkloads untouchable = untouchable(Set.of(), k -> a);
        untouchable.add(key("unknown-queue"));
        assertThat(untouchable.heldIn(a.node().root())).isZero();
        assertThat(untouchable.contains(key("fresh"))).isTrue();
        assertThat(untouchable.heldBackByFresh()).isTrue();
    }

    @Test
    void aFreshWorkloadAdmittedAgainInTheCycleIsNoLongerMerelyFresh() {
        admittedThisInstant.add(key("again"));
        UntouchableWorkloads untouchable = untouchable(Set.of(), k -> null);
        admit(untouchable, "again", a);
        assertThat(untouchable.contains(key("again"))).isTrue();
        assertThat(untouchable.heldBackByFresh()).isFalse();
        assertThat(untouchable.heldIn(a.node().root())).isEqualTo(1);
    }

    @Test
    void aWorkloadNeitherHeldNorAdmittedAtThisInstantMayBeTaken() {
        UntouchableWorkloads untouchable = untouchable(Set.of(), k -> null);
        assertThat(untouchable.contains(key("earlier"))).isFalse();
    }
}
