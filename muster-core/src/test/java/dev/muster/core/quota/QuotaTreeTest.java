package dev.muster.core.quota;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class QuotaTreeTest {

    static ClusterQueueSpec cq(String name, String cohort, long nominal, Long borrowingLimit, Long lendingLimit) {
        ResourceQuota q = new ResourceQuota("cpu", Quantity.ofUnits(nominal),
                Optional.ofNullable(borrowingLimit).map(Quantity::ofUnits),
                Optional.ofNullable(lendingLimit).map(Quantity::ofUnits));
        return new ClusterQueueSpec(name, Optional.ofNullable(cohort),
                List.of(new ResourceGroup(List.of("cpu"), List.of(new FlavorQuotas("default", List.of(q))))),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT);
    }

    private static long units(long milli) {
        return milli / 1000;
    }

    @Test
    void aQueueWithoutCohortHasExactlyItsNominalQuota() {
        QuotaTree tree = QuotaTree.build(List.of(cq("solo", null, 10, null, null)), List.of());
        QuotaNode solo = tree.clusterQueue("solo").orElseThrow();
        int cpu = tree.index().indexOf("default", "cpu");
        assertThat(units(solo.available(cpu))).isEqualTo(10);
        tree.add(solo, new long[] {Quantity.ofUnits(7).milli()});
        assertThat(units(solo.available(cpu))).isEqualTo(3);
        assertThat(units(solo.potentialAvailable(cpu))).isEqualTo(10);
    }

    @Test
    void usageChangesCountEveryChargeAndReleaseAndEachClusterQueueItsOwn() {
        QuotaTree tree = QuotaTree.build(List.of(cq("a", "eng", 10, null, null), cq("b", "eng", 10, null, null)), List.of());
        QuotaNode a = tree.clusterQueue("a").orElseThrow();
        QuotaNode b = tree.clusterQueue("b").orElseThrow();
        long[] two = {Quantity.ofUnits(2).milli()};
        tree.add(a, two);
        tree.add(a, two);
        tree.remove(b, new long[] {0});
        assertThat(tree.usageChanges()).isEqualTo(3);
        assertThat(a.ownUsageChanges()).isEqualTo(2);
        assertThat(b.ownUsageChanges()).isEqualTo(1);
        // borrowing charges the cohort through its member: that counts as the member's change only
        tree.add(a, new long[] {Quantity.ofUnits(12).milli()});
        assertThat(a.ownUsageChanges()).isEqualTo(3);
        assertThat(tree.cohort("eng").orElseThrow().ownUsageChanges()).isZero();
    }

    @Test
    void cohortMembersBorrowEachOthersUnusedQuota() {
        QuotaTree tree = QuotaTree.build(List.of(cq("a", "eng", 10, null, null), cq("b", "eng", 10, null, null)), List.of());
        QuotaNode a = tree.clusterQueue("a").orElseThrow();
        QuotaNode b = tree.clusterQueue("b").orElseThrow();
        tree.add(a, new long[] {Quantity.ofUnits(16).milli()});
        assertThat(a.borrows(0)).isTrue();
        assertThat(units(a.available(0))).isEqualTo(4);
        assertThat(units(b.available(0))).isEqualTo(4);
        assertThat(units(tree.cohort("eng").orElseThrow().usage(0))).isEqualTo(16);
    }

    @Test
    void lendingLimitKeepsPartOfTheQuotaForItsOwner() {
        // lend-a: 3 cpu, lends at most 2; lend-b: 2 cpu, lends at most 2 (Kueue "lending limit" case).
        QuotaTree tree = QuotaTree.build(List.of(cq("lend-a", "lend", 3, null, 2L), cq("lend-b", "lend", 2, null, 2L)), List.of());
        QuotaNode a = tree.clusterQueue("lend-a").orElseThrow();
        QuotaNode b = tree.clusterQueue("lend-b").orElseThrow();
        assertThat(units(tree.cohort("lend").orElseThrow().subtreeQuota(0))).isEqualTo(4);
        assertThat(units(b.available(0))).isEqualTo(4);
        tree.add(b, new long[] {Quantity.ofUnits(4).milli()});
        assertThat(units(b.available(0))).isZero();
        assertThat(units(a.available(0))).as("the 1 cpu lend-a never lends").isEqualTo(1);
        tree.add(a, new long[] {Quantity.ofUnits(1).milli()});
        assertThat(units(tree.cohort("lend").orElseThrow().usage(0))).as("guaranteed usage stays local").isEqualTo(4);
        tree.remove(b, new long[] {Quantity.ofUnits(4).milli()});
        tree.remove(a, new long[] {Quantity.ofUnits(1).milli()});
        assertThat(tree.cohort("lend").orElseThrow().usage(0)).isZero();
        assertThat(units(a.available(0))).as("its own 3 plus the 2 lend-b may lend").isEqualTo(5);
    }

    @Test
    void borrowingLimitCapsWhatAQueueTakesFromItsCohort() {
        QuotaTree tree = QuotaTree.build(List.of(cq("a", "eng", 10, 3L, null), cq("b", "eng", 10, null, null)), List.of());
        QuotaNode a = tree.clusterQueue("a").orElseThrow();
        assertThat(units(a.available(0))).isEqualTo(13);
        assertThat(units(a.potentialAvailable(0))).isEqualTo(13);
        tree.add(a, new long[] {Quantity.ofUnits(12).milli()});
        assertThat(units(a.available(0))).isEqualTo(1);
    }

    @Test
    void hierarchicalCohortsShareQuotaUpTheTree() {
        // root has 5 cpu of its own; child cohort "left" holds queue a (10); queue b (10) sits under root directly.
        CohortSpec root = new CohortSpec("root", Optional.empty(), List.of(new ResourceGroup(List.of("cpu"),
                List.of(new FlavorQuotas("default", List.of(ResourceQuota.nominal("cpu", Quantity.ofUnits(5))))))),
                ClusterQueueSpec.DEFAULT_WEIGHT);
        CohortSpec left = new CohortSpec("left", Optional.of("root"), List.of(), ClusterQueueSpec.DEFAULT_WEIGHT);
        QuotaTree tree = QuotaTree.build(List.of(cq("a", "left", 10, null, null), cq("b", "root", 10, null, null)),
                List.of(root, left));
        QuotaNode a = tree.clusterQueue("a").orElseThrow();
        assertThat(units(tree.cohort("root").orElseThrow().subtreeQuota(0))).isEqualTo(25);
        assertThat(units(a.available(0))).isEqualTo(25);
        tree.add(tree.clusterQueue("b").orElseThrow(), new long[] {Quantity.ofUnits(12).milli()});
        assertThat(units(a.available(0))).isEqualTo(13);
    }

    @Test
    void rejectsACohortCycle() {
        CohortSpec x = new CohortSpec("x", Optional.of("y"), List.of(), ClusterQueueSpec.DEFAULT_WEIGHT);
        CohortSpec y = new CohortSpec("y", Optional.of("x"), List.of(), ClusterQueueSpec.DEFAULT_WEIGHT);
        assertThatThrownBy(() -> QuotaTree.build(List.of(), List.of(x, y)))
                .hasMessageContaining("cohort cycle: x -> y -> x");
    }
}
