package dev.muster.core.fairshare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Shares in a cohort tree, the cases of Kueue's TestDominantResourceShare
 * (pkg/cache/scheduler/fair_sharing_test.go) with a parent cohort: what a node borrows is measured
 * against what its parent could ever use (calculateLendable: potentialAvailable, up to the root
 * and through borrowing limits), not against the parent's own subtree.
 */
class DominantResourceShareTest {

    private static ResourceGroup gpu(long nominal, Long borrowingLimit) {
        ResourceQuota q = new ResourceQuota("example.com/gpu", Quantity.ofUnits(nominal),
                Optional.ofNullable(borrowingLimit).map(Quantity::ofUnits), Optional.empty());
        return new ResourceGroup(List.of("example.com/gpu"), List.of(new FlavorQuotas("default", List.of(q))));
    }

    /** cq (nominal cqNominal) > child-cohort (weight childWeight, nominal 0, borrowing limit) > root; cq uses 10. */
    private static QuotaTree tree(long cqNominal, String childWeight, Long childBorrowingLimit, long rootNominal) {
        ClusterQueueSpec cq = new ClusterQueueSpec("cq", Optional.of("child-cohort"), List.of(gpu(cqNominal, null)),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, Quantity.ofUnits(1));
        CohortSpec child = new CohortSpec("child-cohort", Optional.of("root"),
                childBorrowingLimit == null ? List.of() : List.of(gpu(0, childBorrowingLimit)), Quantity.parse(childWeight));
        CohortSpec root = new CohortSpec("root", Optional.empty(), List.of(gpu(rootNominal, null)), Quantity.ofUnits(1));
        QuotaTree tree = QuotaTree.build(List.of(cq), List.of(child, root));
        tree.add(tree.clusterQueue("cq").orElseThrow(), new long[] {Quantity.ofUnits(10).milli()});
        return tree;
    }

    private static double weighted(QuotaTree tree, QuotaNode node) {
        return new DominantResourceShare(tree.index()).of(node, null).weighted();
    }

    @Test
    void cohortHasResourceShare() {
        QuotaTree tree = tree(5, "2", null, 45);
        DominantResourceShare shares = new DominantResourceShare(tree.index());
        QuotaNode cq = tree.clusterQueue("cq").orElseThrow();
        QuotaNode child = tree.cohort("child-cohort").orElseThrow();
        QuotaNode root = tree.cohort("root").orElseThrow();
        assertThat(weighted(tree, cq)).as("(5 / 50) * 1000, not 5 / 5 of the child's subtree").isEqualTo(100.0);
        assertThat(weighted(tree, child)).as("(5 / 50) * 1000 / 2").isEqualTo(50.0);
        assertThat(weighted(tree, root)).isZero();
        assertThat(shares.borrows(cq)).isTrue();
        assertThat(shares.borrows(child)).isTrue();
        assertThat(shares.borrows(root)).isFalse();
    }

    @Test
    void resourceShareDefinedForResourcesOnlyAvailableAtTheRootCohort() {
        QuotaTree tree = tree(0, "2", null, 50);
        assertThat(weighted(tree, tree.clusterQueue("cq").orElseThrow())).as("(10 / 50) * 1000").isEqualTo(200.0);
        assertThat(weighted(tree, tree.cohort("child-cohort").orElseThrow())).as("(10 / 50) * 1000 / 2").isEqualTo(100.0);
    }

    @Test
    void resourceShareAffectedByBorrowingLimit() {
        // seen from cq the cohorts hold 10 (child-cohort may borrow only 10); from child-cohort, 50
        QuotaTree tree = tree(0, "1", 10L, 50);
        assertThat(weighted(tree, tree.clusterQueue("cq").orElseThrow())).as("(10 / 10) * 1000").isEqualTo(1000.0);
        assertThat(weighted(tree, tree.cohort("child-cohort").orElseThrow())).as("(10 / 50) * 1000").isEqualTo(200.0);
    }
}
