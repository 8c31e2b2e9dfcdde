package dev.muster.core.preemption;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.fairshare.DominantResourceShare;
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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The target ordering of fair-sharing preemption. The first cases are Kueue's
 * TestMakeClusterQueueOrdering (preemption/fairsharing/ordering_test.go), one cpu resource, each
 * admitted workload a candidate of its ClusterQueue; the last work the tree of
 * TestFairPreemptions "hierarchical preemption" out by hand.
 */
class TargetOrderingTest {

    private static ResourceGroup cpu(String nominal) {
        return new ResourceGroup(List.of("cpu"), List.of(new FlavorQuotas("default",
                List.of(ResourceQuota.nominal("cpu", Quantity.parse(nominal))))));
    }

    private static ClusterQueueSpec cq(String name, String cohort, String nominal, String weight) {
        return new ClusterQueueSpec(name, Optional.ofNullable(cohort), List.of(cpu(nominal)),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, Quantity.parse(weight));
    }

    private static ClusterQueueSpec cq(String name, String cohort, String nominal) {
        return cq(name, cohort, nominal, "1");
    }

    private static CohortSpec cohort(String name, String parent, String nominal, String weight) {
        return new CohortSpec(name, Optional.ofNullable(parent), nominal == null ? List.of() : List.of(cpu(nominal)),
                Quantity.parse(weight));
    }

    /** A tree, its candidates (by ClusterQueue, in order) and the ordering over them. */
    private static final class World {
        final QuotaTree tree;
        final Map<QuotaNode, Deque<String>> candidates = new IdentityHashMap<>();

        World(List<ClusterQueueSpec> queues, List<CohortSpec> cohorts) {
            tree = QuotaTree.build(queues, cohorts);
        }

        QuotaNode q(String name) {
            return tree.clusterQueue(name).orElseThrow();
        }

        QuotaNode cohort(String name) {
            return tree.cohort(name).orElseThrow();
        }

        /** An admitted workload of {@code cpu} units in {@code queue}, a candidate unless told otherwise. */
        World admit(String queue, String name, long cpu, boolean candidate) {
            tree.add(q(queue), new long[] {Quantity.ofUnits(cpu).milli()});
            if (candidate) {
                candidates.computeIfAbsent(q(queue), k -> new ArrayDeque<>()).add(name);
            }
            return this;
        }

        World admit(String queue, String name, long cpu) {
            return admit(queue, name, cpu, true);
        }

        TargetOrdering<String> ordering(String preemptor) {
            return new TargetOrdering<>(new DominantResourceShare(tree.index()), q(preemptor), candidates,
                    Comparator.naturalOrder());
        }
    }

    /** Kueue's test loop: each target returned is popped from, or dropped where {@code actions} says "drop". */
    private static List<String> order(TargetOrdering<String> ordering, String... actions) {
        List<String> got = new ArrayList<>();
        for (QuotaNode t = ordering.next(); t != null && got.size() <= 50; t = ordering.next()) {
            got.add(t.name());
            if (got.size() <= actions.length && actions[got.size() - 1].equals("drop")) {
                ordering.drop(t);
            } else {
                ordering.pop(t);
            }
        }
        return got;
    }

    private static World threeInCohort() {
        // preemptor 4, high 2 (uses 3 + 2 = 5), low 2 (uses 3): high borrows 3 of 8, low 1 of 8
        return new World(List.of(cq("preemptor", "all", "4"), cq("high", "all", "2"), cq("low", "all", "2")), List.of())
                .admit("high", "h1", 3).admit("high", "h2", 2).admit("low", "l1", 3);
    }

    @Test
    void withoutCohortThePreemptorsQueueIsYieldedForItsOwnCandidates() {
        World w = new World(List.of(cq("preemptor", null, "4")), List.of()).admit("preemptor", "wl1", 1);
        assertThat(order(w.ordering("preemptor"))).containsExactly("preemptor");
    }

    @Test
    void withoutCohortDroppingTheQueueEndsTheSearchWithCandidatesLeft() {
        World w = new World(List.of(cq("preemptor", null, "4")), List.of())
                .admit("preemptor", "wl1", 1).admit("preemptor", "wl2", 1);
        assertThat(order(w.ordering("preemptor"), "drop")).containsExactly("preemptor");
    }

    @Test
    void aQueueThatDoesNotBorrowIsPrunedEvenWithCandidates() {
        World w = new World(List.of(cq("preemptor", "all", "4"), cq("target", "all", "5")), List.of())
                .admit("target", "t1", 2);
        assertThat(order(w.ordering("preemptor"))).isEmpty();
    }

    @Test
    void theQueueWithTheHigherShareComesFirstAndAgainWhileItHasCandidates() {
        // Kueue's "higher DRS CQ returned before lower DRS CQ" and "CQ with highest DRS returned
        // again while it still has candidates": popping alone changes no usage.
        assertThat(order(threeInCohort().ordering("preemptor"))).containsExactly("high", "high", "low");
    }

    @Test
    void aDroppedQueueIsNotReturnedAgain() {
        assertThat(order(threeInCohort().ordering("preemptor"), "drop", "pop")).containsExactly("high", "low");
    }

    @Test
    void theSubtreeWithTheHigherShareIsEnteredFirst() {
        // Kueue's "hierarchical cohorts: higher-DRS subtree visited first": left-cohort borrows 3 of
        // root's 8, right-cohort 1; the preemptor's own queue has no candidates and is pruned.
        World w = new World(List.of(cq("preemptor-cq", "root", "4"), cq("left-cq", "left-cohort", "2"),
                cq("right-cq", "right-cohort", "2")),
                List.of(cohort("root", null, null, "1"), cohort("left-cohort", "root", null, "1"),
                        cohort("right-cohort", "root", null, "1")))
                .admit("left-cq", "lc1", 5).admit("right-cq", "rc1", 3);
        assertThat(order(w.ordering("preemptor-cq"))).containsExactly("left-cq", "right-cq");
    }

    /**
     * TestFairPreemptions "hierarchical preemption": root (5) > left (5, weight 2) > a (1, weight 2),
     * b (1); root > c (1); root > right (5) > d (1), e (1, weight 0.99). b, c, d, e use 5 each, and
     * a the incoming 5. Lendable everywhere is root's 20. c borrows 4 (200); right 10 - 7 = 3
     * (150); left (5 + 5) - 7 = 3 (150 / 2 = 75). c beats right: a ClusterQueue directly under the
     * root competes with whole cohorts, where a flat comparison would take e (202) first.
     */
    private static World hierarchical() {
        return new World(List.of(cq("a", "left", "1", "2"), cq("b", "left", "1"), cq("c", "root", "1"),
                cq("d", "right", "1"), cq("e", "right", "1", "0.99")),
                List.of(cohort("root", null, "5", "1"), cohort("left", "root", "5", "2"),
                        cohort("right", "root", "5", "1")))
                .admit("b", "b1", 5).admit("c", "c1", 5).admit("d", "d1", 5).admit("e", "e1", 5)
                .admit("a", "incoming", 5, false);
    }

    @Test
    void aClusterQueueUnderTheRootCompetesWithWholeCohorts() {
        World w = hierarchical();
        TargetOrdering<String> ordering = w.ordering("a");
        assertThat(ordering.next().name()).isEqualTo("c");
        // with 2 of c's gone (c: 2 borrowed, 100), right (150) is entered, and in it e (200 / 0.99)
        w.tree.remove(w.q("c"), new long[] {Quantity.ofUnits(2).milli()});
        assertThat(ordering.next().name()).isEqualTo("e");
    }

    @Test
    void aCohortWinsATieWithAClusterQueue() {
        World w = hierarchical();
        // c down to 3 borrowed (150), equal to right's 150: right is entered
        w.tree.remove(w.q("c"), new long[] {Quantity.ofUnits(1).milli()});
        assertThat(w.ordering("a").next().name()).isEqualTo("e");
    }

    @Test
    void theSidesOfTheLowestCommonCohortAreCompared() {
        World w = hierarchical();
        TargetOrdering<String> ordering = w.ordering("a");
        assertThat(ordering.almostLcas(w.q("e"))).isEqualTo(new TargetOrdering.AlmostLcas(w.cohort("left"), w.cohort("right")));
        assertThat(ordering.almostLcas(w.q("c"))).isEqualTo(new TargetOrdering.AlmostLcas(w.cohort("left"), w.q("c")));
        assertThat(ordering.almostLcas(w.q("b"))).isEqualTo(new TargetOrdering.AlmostLcas(w.q("a"), w.q("b")));
    }

    @Test
    void aCohortThatStopsBorrowingIsPrunedUnlessThePreemptorIsInside() {
        World w = hierarchical();
        // right back within its 7: nothing in it may be taken any more, though d and e still borrow
        w.tree.remove(w.q("d"), new long[] {Quantity.ofUnits(3).milli()});
        w.tree.remove(w.q("e"), new long[] {Quantity.ofUnits(1).milli()});
        w.candidates.remove(w.q("c"));
        // left (a 5, b 5: 3 above 7) is above the preemptor and stays; in it b (4 borrowed) beats a
        assertThat(order(w.ordering("a"))).containsExactly("b");
    }
}
