package dev.muster.core.fairshare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Shares in a cohort tree, the cases of Kueue's TestDominantResourceShare
 * (pkg/cache/scheduler/fair_sharing_test.go, kueue ff69552e79). What a node borrows is measured
 * against what its parent could ever use (calculateLendable: potentialAvailable, up to the root
 * and through borrowing limits), not against the parent's own subtree.
 *
 * <p>Kueue's test reads, for every ClusterQueue and Cohort, the rounded weighted share (the
 * ceiling of the precise one, {@code math.MaxInt} for a weight-0 borrower), the name of the
 * dominant resource, and whether the node borrows. Muster's {@link Share} keeps no dominant
 * resource name (nothing in Muster reports it; ordering needs only the ratio and the weight), so
 * Kueue's {@code DrName} is given in the comments only and is not asserted.
 *
 * <p>Kueue counts cpu in milli-units and other resources in units; Muster counts everything in
 * milli-units. The ratios are dimensionless, so the wanted values carry over unchanged.
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

    /** Kueue TestDominantResourceShare "cohort has resource share". */
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

    /** Kueue TestDominantResourceShare "resource share defined for resources only available at the root cohort". */
    @Test
    void resourceShareDefinedForResourcesOnlyAvailableAtTheRootCohort() {
        QuotaTree tree = tree(0, "2", null, 50);
        assertThat(weighted(tree, tree.clusterQueue("cq").orElseThrow())).as("(10 / 50) * 1000").isEqualTo(200.0);
        assertThat(weighted(tree, tree.cohort("child-cohort").orElseThrow())).as("(10 / 50) * 1000 / 2").isEqualTo(100.0);
        assertThat(weighted(tree, tree.cohort("root").orElseThrow())).isZero();
        assertThat(borrowing(tree)).containsExactlyInAnyOrder("cq", "child-cohort");
    }

    /** Kueue TestDominantResourceShare "resource share affected by borrowing limit". */
    @Test
    void resourceShareAffectedByBorrowingLimit() {
        // seen from cq the cohorts hold 10 (child-cohort may borrow only 10); from child-cohort, 50
        QuotaTree tree = tree(0, "1", 10L, 50);
        assertThat(weighted(tree, tree.clusterQueue("cq").orElseThrow())).as("(10 / 10) * 1000").isEqualTo(1000.0);
        assertThat(weighted(tree, tree.cohort("child-cohort").orElseThrow())).as("(10 / 50) * 1000").isEqualTo(200.0);
        assertThat(weighted(tree, tree.cohort("root").orElseThrow())).isZero();
        assertThat(borrowing(tree)).containsExactlyInAnyOrder("cq", "child-cohort");
    }

    // ---- The cases with a flat cohort: "cq" borrows, "lending-cq" lends, "test-cohort" is the root. ----

    private static final String CPU = "cpu";
    private static final String GPU = "example.com/gpu";

    private static ResourceQuota quota(String resource, String nominal) {
        return ResourceQuota.nominal(resource, Quantity.parse(nominal));
    }

    private static ResourceQuota quota(String resource, String nominal, String lendingLimit) {
        return new ResourceQuota(resource, Quantity.parse(nominal), Optional.empty(), Optional.of(Quantity.parse(lendingLimit)));
    }

    private static FlavorQuotas flavor(String name, ResourceQuota... quotas) {
        return new FlavorQuotas(name, List.of(quotas));
    }

    /** One resource group covering every resource its flavors name, as Kueue's MakeClusterQueue().ResourceGroup(...). */
    private static ResourceGroup group(FlavorQuotas... flavors) {
        Set<String> covered = new LinkedHashSet<>();
        for (FlavorQuotas f : flavors) {
            f.resources().forEach(r -> covered.add(r.resource()));
        }
        return new ResourceGroup(List.copyOf(covered), List.of(flavors));
    }

    private static ClusterQueueSpec clusterQueue(String name, Optional<String> cohort, String weight, ResourceGroup group) {
        return new ClusterQueueSpec(name, cohort, List.of(group), QueueingStrategy.BEST_EFFORT_FIFO,
                LabelSelector.EVERYTHING, Quantity.parse(weight));
    }

    /** "cq" and "lending-cq" in the implicit cohort "test-cohort", which has no quota and no parent. */
    private static QuotaTree cohortOf(String cqWeight, ResourceGroup cq, String lendingWeight, ResourceGroup lending) {
        Optional<String> cohort = Optional.of("test-cohort");
        return QuotaTree.build(
                List.of(clusterQueue("cq", cohort, cqWeight, cq), clusterQueue("lending-cq", cohort, lendingWeight, lending)),
                List.of());
    }

    private record Amount(String flavor, String resource, Quantity quantity) {
    }

    private static Amount amount(String flavor, String resource, String quantity) {
        return new Amount(flavor, resource, Quantity.parse(quantity));
    }

    /** The amounts indexed like the tree; every one must name a flavor-resource some queue has quota for. */
    private static long[] indexed(QuotaTree tree, Amount... amounts) {
        long[] out = new long[tree.index().size()];
        for (Amount a : amounts) {
            int fr = tree.index().indexOf(a.flavor(), a.resource());
            assertThat(fr).as("%s/%s in the tree", a.flavor(), a.resource()).isNotNegative();
            out[fr] += a.quantity().milli();
        }
        return out;
    }

    /** Admits usage to "cq", as Kueue's test does with one admitted workload per flavor-resource. */
    private static QuotaTree usingInCq(QuotaTree tree, Amount... usage) {
        tree.add(tree.clusterQueue("cq").orElseThrow(), indexed(tree, usage));
        return tree;
    }

    /** A node's share as Kueue's test reads it: DRS.roundedWeightedShare's value. */
    private record Rounded(String node, long share) {
    }

    private static Rounded rounded(String node, long share) {
        return new Rounded(node, share);
    }

    private static Rounded idle(String node) {
        return new Rounded(node, 0);
    }

    /**
     * Every node's share with {@code extra} (may be null) added to its usage, rounded as Kueue's
     * roundedWeightedShare: up to the next whole number, and math.MaxInt (Long.MAX_VALUE in Go's
     * 64-bit int) for a weight-0 node that borrows.
     */
    private static List<Rounded> roundedShares(QuotaTree tree, long[] extra) {
        DominantResourceShare shares = new DominantResourceShare(tree.index());
        List<Rounded> out = new ArrayList<>();
        List<QuotaNode> nodes = new ArrayList<>(tree.clusterQueues());
        nodes.addAll(tree.cohorts());
        for (QuotaNode node : nodes) {
            Share share = shares.of(node, extra);
            out.add(new Rounded(node.name(), share.zeroWeightBorrows() ? Long.MAX_VALUE : (long) Math.ceil(share.weighted())));
        }
        return out;
    }

    /** The nodes for which Kueue's DRS.IsBorrowing holds. */
    private static Set<String> borrowing(QuotaTree tree) {
        DominantResourceShare shares = new DominantResourceShare(tree.index());
        Set<String> out = new TreeSet<>();
        tree.clusterQueues().stream().filter(shares::borrows).forEach(n -> out.add(n.name()));
        tree.cohorts().stream().filter(shares::borrows).forEach(n -> out.add(n.name()));
        return out;
    }

    private static ResourceGroup cpuAndGpu(String cpu, String gpu) {
        return group(flavor("default", quota(CPU, cpu), quota(GPU, gpu)));
    }

    /**
     * Kueue's DRS.IsBorrowingOn (fair_sharing.go), which its tournament asks with the workload
     * admitted (FairSharingPrioritizeNonBorrowing): a queue that borrows gpu does not borrow "on" a
     * workload that asks only for cpu within its quota.
     */
    @Test
    void borrowingCountsOnlyOnTheFlavorResourcesTheWorkloadAsksFor() {
        QuotaTree tree = cohortOf("1", cpuAndGpu("2", "5"), "1", cpuAndGpu("8", "5"));
        usingInCq(tree, amount("default", GPU, "7"));
        QuotaNode cq = tree.clusterQueue("cq").orElseThrow();
        DominantResourceShare shares = new DominantResourceShare(tree.index());

        assertThat(shares.borrows(cq)).as("7 of gpu quota 5").isTrue();
        assertThat(shares.borrowsOn(cq, indexed(tree, amount("default", CPU, "1")))).as("cpu 0 + 1 within 2").isFalse();
        assertThat(shares.borrowsOn(cq, indexed(tree, amount("default", CPU, "3")))).as("cpu 0 + 3 above 2").isTrue();
        assertThat(shares.borrowsOn(cq, indexed(tree, amount("default", GPU, "1")))).as("gpu 7 + 1 above 5").isTrue();
        assertThat(shares.borrowsOn(tree.cohort("test-cohort").orElseThrow(), indexed(tree, amount("default", GPU, "1"))))
                .as("the root borrows from no one").isFalse();
    }

    /** Kueue TestDominantResourceShare "no cohort": a ClusterQueue without a cohort never borrows. */
    @Test
    void noCohort() {
        QuotaTree tree = QuotaTree.build(List.of(clusterQueue("cq", Optional.empty(), "1", cpuAndGpu("2000", "5"))), List.of());
        usingInCq(tree, amount("default", CPU, "1"), amount("default", GPU, "2"));

        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(idle("cq"));
        assertThat(borrowing(tree)).isEmpty();
    }

    /** Kueue TestDominantResourceShare "usage below nominal". */
    @Test
    void usageBelowNominal() {
        QuotaTree tree = cohortOf("1", cpuAndGpu("2", "5"), "1", cpuAndGpu("8", "5"));
        usingInCq(tree, amount("default", CPU, "1"), amount("default", GPU, "2"));

        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(idle("cq"), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).isEmpty();
    }

    /** Kueue TestDominantResourceShare "usage above nominal": the resource borrowed most, relative to the cohort, dominates. */
    @Test
    void usageAboveNominal() {
        QuotaTree tree = cohortOf("1", cpuAndGpu("2", "5"), "1", cpuAndGpu("8", "5"));
        usingInCq(tree, amount("default", CPU, "3"), amount("default", GPU, "7"));

        // cpu: (3 - 2) * 1000 / (2 + 8) = 100; gpu: (7 - 5) * 1000 / (5 + 5) = 200, Kueue's DrName example.com/gpu
        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(
                rounded("cq", 200), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).containsExactly("cq");
    }

    /** Kueue TestDominantResourceShare "usage slightly above nominal in a cohort with large quotas": a fraction rounds up to 1. */
    @Test
    void usageSlightlyAboveNominalInACohortWithLargeQuotas() {
        QuotaTree tree = cohortOf("1", group(flavor("default", quota(GPU, "500"))),
                "300", group(flavor("default", quota(GPU, "1000"))));
        usingInCq(tree, amount("default", GPU, "501"));

        // (501 - 500) * 1000 / (500 + 1000) = 0.67, rounded up to 1 (DrName example.com/gpu)
        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(
                rounded("cq", 1), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).containsExactly("cq");
    }

    /** Kueue TestDominantResourceShare "usage way above nominal in a cohort with large quotas and weights". */
    @Test
    void usageWayAboveNominalInACohortWithLargeQuotasAndWeights() {
        QuotaTree tree = cohortOf("300", group(flavor("default", quota(GPU, "500"))),
                "300", group(flavor("default", quota(GPU, "1000"))));
        usingInCq(tree, amount("default", GPU, "800"));

        // (800 - 500) * 1000 / (500 + 1000) = 200, weighted 200 / 300 = 0.67, rounded up to 1 (DrName example.com/gpu)
        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(
                rounded("cq", 1), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).containsExactly("cq");
    }

    /** Kueue TestDominantResourceShare "one resource above nominal": a resource within quota does not count. */
    @Test
    void oneResourceAboveNominal() {
        QuotaTree tree = cohortOf("1", cpuAndGpu("2", "5"), "1", cpuAndGpu("8", "5"));
        usingInCq(tree, amount("default", CPU, "3"), amount("default", GPU, "3"));

        // cpu: (3 - 2) * 1000 / (2 + 8) = 100 (DrName cpu); gpu 3 is within its quota of 5
        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(
                rounded("cq", 100), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).containsExactly("cq");
    }

    /**
     * Kueue's Borrowing flag for the cases with a workload (flvResQ) counts the workload, which
     * Muster's {@link DominantResourceShare#borrows} does not take: it is asked only of admitted
     * usage. The flag is checked the way Muster can ask it, once the workload is admitted to cq.
     */
    private static void assertOnlyCqBorrowsOnceAdmitted(QuotaTree tree, long[] workload) {
        tree.add(tree.clusterQueue("cq").orElseThrow(), workload);
        assertThat(borrowing(tree)).containsExactly("cq");
    }

    /** Kueue TestDominantResourceShare "usage with workload above nominal": the workload's request counts as usage. */
    @Test
    void usageWithWorkloadAboveNominal() {
        QuotaTree tree = cohortOf("1", cpuAndGpu("2", "5"), "1", cpuAndGpu("8", "5"));
        usingInCq(tree, amount("default", CPU, "1"), amount("default", GPU, "2"));
        long[] workload = indexed(tree, amount("default", CPU, "4"), amount("default", GPU, "4"));

        // cpu: (1 + 4 - 2) * 1000 / (2 + 8) = 300 (DrName cpu); gpu: (2 + 4 - 5) * 1000 / (5 + 5) = 100.
        // lending-cq with the same workload stays within its quotas (4 of 8 cpu, 4 of 5 gpu).
        assertThat(roundedShares(tree, workload)).containsExactlyInAnyOrder(
                rounded("cq", 300), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).as("before the workload").isEmpty();
        assertOnlyCqBorrowsOnceAdmitted(tree, workload);
    }

    /**
     * Kueue TestDominantResourceShare "A resource with zero lendable": gpu quotas all have lending
     * limit 0, so the cohort can lend no gpu; borrowing it cannot be measured and is left out.
     */
    @Test
    void aResourceWithZeroLendable() {
        QuotaTree tree = cohortOf(
                "1", group(flavor("default", quota(CPU, "2"), quota(GPU, "2", "0"))),
                "1", group(flavor("default", quota(CPU, "8"), quota(GPU, "64", "0"))));
        usingInCq(tree, amount("default", CPU, "1"), amount("default", GPU, "1"));
        long[] workload = indexed(tree, amount("default", CPU, "4"), amount("default", GPU, "4"));

        // cpu: (1 + 4 - 2) * 1000 / (2 + 8) = 300 (DrName cpu); gpu borrows 1 + 4 - 2 = 3 of a lendable 0.
        // lending-cq with the same workload stays within its quotas (4 of 8 cpu, 4 of 64 gpu).
        assertThat(roundedShares(tree, workload)).containsExactlyInAnyOrder(
                rounded("cq", 300), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).as("before the workload").isEmpty();
        assertOnlyCqBorrowsOnceAdmitted(tree, workload);
    }

    /**
     * Kueue TestDominantResourceShare "multiple flavors": what a resource borrows is summed over its
     * flavors, and so is what the cohort can lend of it.
     */
    @Test
    void multipleFlavors() {
        QuotaTree tree = cohortOf(
                "1", group(flavor("on-demand", quota(CPU, "20")), flavor("spot", quota(CPU, "80"))),
                "1", group(flavor("default", quota(CPU, "100"))));
        usingInCq(tree, amount("on-demand", CPU, "15"), amount("spot", CPU, "5"));
        long[] workload = indexed(tree, amount("on-demand", CPU, "10"));

        // on-demand borrows 15 + 10 - 20 = 5, spot none (5 of 80);
        // lendable cpu 20 (on-demand) + 80 (spot) + 100 (default) = 200: 5 * 1000 / 200 = 25 (DrName cpu).
        // lending-cq has no on-demand quota: Kueue looks only at the flavor-resources a node has quota
        // for (its SubtreeQuota), so the workload's on-demand cpu is no borrowing of lending-cq.
        assertThat(roundedShares(tree, workload)).containsExactlyInAnyOrder(
                rounded("cq", 25), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).as("before the workload").isEmpty();
        assertOnlyCqBorrowsOnceAdmitted(tree, workload);
    }

    /**
     * Not a Kueue case; the borrowing flag of the rule above ("multiple flavors"): usage in a flavor
     * a queue has no quota for, as when its quota for it was removed while workloads still hold it,
     * is not borrowing by DRS.IsBorrowing, which looks only at the node's SubtreeQuota.
     */
    @Test
    void usageInAFlavorWithoutQuotaIsNotBorrowing() {
        QuotaTree tree = cohortOf(
                "1", group(flavor("on-demand", quota(CPU, "20")), flavor("spot", quota(CPU, "80"))),
                "1", group(flavor("default", quota(CPU, "100"))));
        tree.add(tree.clusterQueue("lending-cq").orElseThrow(), indexed(tree, amount("on-demand", CPU, "10")));

        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(idle("cq"), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).isEmpty();
    }

    /** Kueue TestDominantResourceShare "above nominal with integer weight". */
    @Test
    void aboveNominalWithIntegerWeight() {
        QuotaTree tree = cohortOf("2", group(flavor("default", quota(GPU, "5"))), "1", group(flavor("default", quota(GPU, "5"))));
        usingInCq(tree, amount("default", GPU, "7"));

        // (7 - 5) * 1000 / (5 + 5) = 200, weighted 200 / 2 = 100 (DrName example.com/gpu)
        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(
                rounded("cq", 100), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).containsExactly("cq");
    }

    /** Kueue TestDominantResourceShare "above nominal with decimal weight". */
    @Test
    void aboveNominalWithDecimalWeight() {
        QuotaTree tree = cohortOf("0.5", group(flavor("default", quota(GPU, "5"))), "1", group(flavor("default", quota(GPU, "5"))));
        usingInCq(tree, amount("default", GPU, "7"));

        // (7 - 5) * 1000 / (5 + 5) = 200, weighted 200 / 0.5 = 400 (DrName example.com/gpu)
        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(
                rounded("cq", 400), idle("lending-cq"), idle("test-cohort"));
        assertThat(borrowing(tree)).containsExactly("cq");
    }

    /** Kueue TestDominantResourceShare "above nominal with zero weight": borrowing with weight 0 is an infinite share. */
    @Test
    void aboveNominalWithZeroWeight() {
        QuotaTree tree = cohortOf("0", group(flavor("default", quota(GPU, "5"))), "1", group(flavor("default", quota(GPU, "10"))));
        usingInCq(tree, amount("default", GPU, "7"));

        // (7 - 5) * 1000 / (5 + 10) = 133.3 unweighted, which over a weight of 0 is math.MaxInt (DrName example.com/gpu)
        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(
                rounded("cq", Long.MAX_VALUE), idle("lending-cq"), idle("test-cohort"));
        Share share = new DominantResourceShare(tree.index()).of(tree.clusterQueue("cq").orElseThrow(), null);
        assertThat(share.weighted()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(share.ratio()).as("kept to order weight-0 borrowers among themselves").isCloseTo(2000.0 / 15, within(1e-9));
        assertThat(borrowing(tree)).containsExactly("cq");
    }

    /**
     * Kueue TestDominantResourceShare "borrowing against unlimited lendable capacity (exabyte-scale
     * quota)". Kueue reads lending-cq's quota of 1E cpu (1e21 milli-cpu) as its Unlimited,
     * 2^63-1 milli-units. Muster refuses to parse a quantity past that bound, so the fixture gives
     * the bound itself, {@link Quantity#MAX}: the same number Kueue computes with.
     */
    @Test
    void borrowingAgainstUnlimitedLendableCapacity() {
        QuotaTree tree = cohortOf("1", group(flavor("default", quota(CPU, "0"))),
                "1", group(flavor("default", ResourceQuota.nominal(CPU, Quantity.MAX))));
        usingInCq(tree, amount("default", CPU, "1"));

        // 1000m * 1000 / (2^63 - 1)m = 1.08e-13: finite and positive, rounded up to 1 (DrName cpu)
        assertThat(roundedShares(tree, null)).containsExactlyInAnyOrder(
                rounded("cq", 1), idle("lending-cq"), idle("test-cohort"));
        Share share = new DominantResourceShare(tree.index()).of(tree.clusterQueue("cq").orElseThrow(), null);
        assertThat(share.weighted()).isCloseTo(1e6 / Long.MAX_VALUE, within(1e-20)).isPositive();
        assertThat(borrowing(tree)).containsExactly("cq");
    }
}
