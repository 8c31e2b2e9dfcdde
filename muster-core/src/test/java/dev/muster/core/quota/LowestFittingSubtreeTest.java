package dev.muster.core.quota;

import static dev.muster.core.quota.QuotaTreeTest.cq;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Kueue's FindHeightOfLowestSubtreeThatFits, on the trees of its hierarchical tests. */
class LowestFittingSubtreeTest {

    private static CohortSpec cohort(String name, String parent, long cpu) {
        List<ResourceGroup> groups = cpu == 0 ? List.of() : List.of(new ResourceGroup(List.of("cpu"),
                List.of(new FlavorQuotas("default", List.of(ResourceQuota.nominal("cpu", Quantity.ofUnits(cpu)))))));
        return new CohortSpec(name, Optional.ofNullable(parent), groups, ClusterQueueSpec.DEFAULT_WEIGHT);
    }

    private static long cpu(long units) {
        return Quantity.ofUnits(units).milli();
    }

    /** scheduler_test.go "in a hierarchical cohort, workload borrowing less is scheduled first". */
    @Test
    void theLevelIsTheHeightOfTheLowestCohortWhoseQuotaHoldsTheRequest() {
        QuotaTree tree = QuotaTree.build(List.of(cq("guaranteed", "guaranteed", 0, null, null),
                cq("best-effort", "root", 0, null, null)), List.of(cohort("root", null, 0), cohort("guaranteed", "root", 4)));
        QuotaNode guaranteed = tree.clusterQueue("guaranteed").orElseThrow();
        QuotaNode bestEffort = tree.clusterQueue("best-effort").orElseThrow();

        assertThat(LowestFittingSubtree.of(guaranteed, 0, cpu(4))).isEqualTo(new LowestFittingSubtree(1, true));
        assertThat(LowestFittingSubtree.of(bestEffort, 0, cpu(4)))
                .as("only the root holds it: no hierarchical advantage").isEqualTo(new LowestFittingSubtree(2, false));
        assertThat(LowestFittingSubtree.of(guaranteed, 0, cpu(5)))
                .as("nothing holds it: the whole tree's height").isEqualTo(new LowestFittingSubtree(2, false));
        assertThat(LowestFittingSubtree.of(guaranteed, 0, 0)).isEqualTo(new LowestFittingSubtree(0, true));
    }

    @Test
    void whatAQueueKeepsUnderItsLendingLimitCountsBeforeItsCohort() {
        // q has 3 cpu and lends at most 1, so it keeps 2; c has 1 of its own plus the 1 q lends.
        // Of 4 cpu, 2 come from what q keeps and 2 from c: c holds them although 4 > its 2.
        QuotaTree tree = QuotaTree.build(List.of(cq("q", "c", 3, null, 1L), cq("other", "c", 0, null, null)),
                List.of(cohort("r", null, 0), cohort("c", "r", 1)));
        QuotaNode q = tree.clusterQueue("q").orElseThrow();
        assertThat(LowestFittingSubtree.of(q, 0, cpu(4))).isEqualTo(new LowestFittingSubtree(1, true));
        assertThat(LowestFittingSubtree.of(q, 0, cpu(5))).isEqualTo(new LowestFittingSubtree(2, false));
        tree.add(q, new long[] {cpu(1)});
        assertThat(LowestFittingSubtree.of(q, 0, cpu(3)))
                .as("1 used of what q keeps: 2 must come from c").isEqualTo(new LowestFittingSubtree(1, true));
        assertThat(LowestFittingSubtree.of(q, 0, cpu(4))).isEqualTo(new LowestFittingSubtree(2, false));
    }
}
