package dev.muster.core.quota;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.fairshare.DominantResourceShare;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Usage accounting in a cohort, with and without lending limits: the cases of Kueue's
 * {@code TestCohortLendable} (pkg/cache/scheduler/resource_node_test.go) and
 * {@code TestSnapshotAddRemoveWorkload} / {@code TestSnapshotAddRemoveWorkloadWithLendingLimit}
 * (pkg/cache/scheduler/snapshot_test.go), kueue ff69552e79.
 *
 * <p>The rules the wanted values follow (pkg/cache/scheduler/resource_node.go): a ClusterQueue's
 * SubtreeQuota is its nominal quota; its localQuota (the GuaranteedQuota) is
 * {@code max(0, SubtreeQuota - lendingLimit)} when it has a lending limit, else 0. A cohort's
 * SubtreeQuota is its own nominal plus {@code SubtreeQuota - localQuota} of each child, and its
 * usage is the part of each child's usage beyond the child's localQuota. Adding {@code v} to a
 * node with usage {@code u} passes {@code v - max(0, localQuota - u)} to the parent when that is
 * positive; removing {@code v} passes {@code min(v, u - localQuota)} when {@code u > localQuota}.
 * Both are path independent: the parent always holds {@code max(0, u - localQuota)} of each child,
 * so the snapshot Kueue builds from its cache equals the one reached by adding the workloads here
 * one by one.
 *
 * <p>Kueue's snapshot tests start from a snapshot holding all the workloads, then remove and add
 * some; here the same state is reached by {@link QuotaTree#add} of every workload in Kueue's list
 * order, then the case's removals and additions. Kueue compares whole snapshots; the fields these
 * cases are about, and that a {@link QuotaTree} holds, are the usage and SubtreeQuota of every
 * ClusterQueue and the cohort, and those are asserted. Kueue counts cpu in milli-units and memory
 * and extended resources in units (bytes, GPUs); Muster counts everything in milli-units, so
 * Kueue's {@code NewAmount(3)} GPUs is 3,000 here and its {@code 6 * Gi} is {@code 6Gi} parsed.
 *
 * <p>Not expressible, so not asserted: the rest of each Kueue snapshot (the ClusterQueue's map
 * of workloads, its resource groups, flavor fungibility, fair weight and
 * AllocatableResourceGeneration). A {@link QuotaTree} holds quotas and usage only; which workloads
 * a queue holds lives elsewhere in Muster, and the other fields are not quota accounting.
 * Kueue's {@code calculateLendable} returns a map from resource name to the sum over flavors of
 * {@code potentialAvailable}; Muster has no such map (it forms the sums inside
 * {@link DominantResourceShare}), so TestCohortLendable is asserted as the cohort's
 * {@link QuotaNode#potentialAvailable} per flavor-resource (one flavor here, so the sum is that
 * value) and as the share a borrower gets from it.
 */
class KueueQuotaAccountingTest {

    private static final long GI = 1L << 30;

    private static ResourceQuota quota(String resource, String nominal, String lendingLimit) {
        return new ResourceQuota(resource, Quantity.parse(nominal), Optional.empty(),
                Optional.ofNullable(lendingLimit).map(Quantity::parse));
    }

    private static ResourceGroup group(List<String> resources, FlavorQuotas... flavors) {
        return new ResourceGroup(resources, List.of(flavors));
    }

    private static ClusterQueueSpec cq(String name, String cohort, ResourceGroup... groups) {
        return new ClusterQueueSpec(name, Optional.of(cohort), List.of(groups), QueueingStrategy.BEST_EFFORT_FIFO,
                LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT);
    }

    private static long milli(String quantity) {
        return Quantity.parse(quantity).milli();
    }

    /** An admitted workload: one flavor-resource assignment charged to one ClusterQueue. */
    private record Workload(String clusterQueue, String flavor, String resource, String amount) {
    }

    /** A quota tree plus the named workloads of a Kueue case, to remove and add them by name. */
    private static final class Cluster {
        final QuotaTree tree;
        private final Map<String, Workload> workloads;

        Cluster(QuotaTree tree, Map<String, Workload> workloads, List<String> admitted) {
            this.tree = tree;
            this.workloads = workloads;
            admitted.forEach(this::add);
        }

        private long[] usage(Workload w) {
            long[] usage = new long[tree.index().size()];
            usage[tree.index().indexOf(w.flavor(), w.resource())] = milli(w.amount());
            return usage;
        }

        void add(String name) {
            Workload w = workloads.get(name);
            tree.add(clusterQueue(w.clusterQueue()), usage(w));
        }

        void remove(String name) {
            Workload w = workloads.get(name);
            tree.remove(clusterQueue(w.clusterQueue()), usage(w));
        }

        QuotaNode clusterQueue(String name) {
            return tree.clusterQueue(name).orElseThrow();
        }

        QuotaNode cohort(String name) {
            return tree.cohort(name).orElseThrow();
        }

        int fr(String flavor, String resource) {
            return tree.index().indexOf(flavor, resource);
        }
    }

    /** Kueue resource_node_test.go {@code TestCohortLendable}. */
    @Test
    void cohortLendableIsWhatItsMembersLendSummedPerResource() {
        // cq1 lends all of its 8 cpu and 3 GPUs, cq2 all of its 2 cpu: localQuota = 0 for each.
        QuotaTree tree = QuotaTree.build(List.of(
                cq("cq1", "test-cohort", group(List.of("cpu", "example.com/gpu"),
                        new FlavorQuotas("default", List.of(quota("cpu", "8", "8"), quota("example.com/gpu", "3", "3"))))),
                cq("cq2", "test-cohort", group(List.of("cpu"),
                        new FlavorQuotas("default", List.of(quota("cpu", "2", "2")))))),
                List.of());
        QuotaNode cohort = tree.cohort("test-cohort").orElseThrow();
        int cpu = tree.index().indexOf("default", "cpu");
        int gpu = tree.index().indexOf("default", "example.com/gpu");

        // calculateLendable(cohort) sums potentialAvailable(cohort, fr) per resource over the root's
        // flavor-resources; the cohort is the root, so potentialAvailable is its SubtreeQuota:
        // cpu (8 - 0) + (2 - 0) = 10 = 10_000m, GPUs (3 - 0) = 3 (Kueue's units).
        assertThat(cohort.potentialAvailable(cpu)).isEqualTo(10_000);
        assertThat(cohort.potentialAvailable(gpu)).isEqualTo(3_000);
        assertThat(cohort.subtreeQuota(cpu)).isEqualTo(10_000);
        assertThat(cohort.subtreeQuota(gpu)).isEqualTo(3_000);

        // Muster reads the lendable amount through the dominant resource share: cq1 at 9 cpu
        // borrows 9 - 8 = 1 cpu of a lendable 10, a share of 1 * 1000 / 10 = 100.
        QuotaNode cq1 = tree.clusterQueue("cq1").orElseThrow();
        long[] nineCpu = new long[tree.index().size()];
        nineCpu[cpu] = milli("9");
        tree.add(cq1, nineCpu);
        assertThat(new DominantResourceShare(tree.index()).of(cq1, null).weighted()).isEqualTo(100.0);
    }

    // TestSnapshotAddRemoveWorkload: c1 has 6 cpu in "default" and 6Gi of memory in each of "alpha"
    // and "beta", c2 has 6 cpu in "default", both in "cohort", no lending limits. So each localQuota
    // is 0, the cohort's usage is the sum of its members' usage, and its SubtreeQuota is
    // cpu 6 + 6 = 12, alpha 6Gi, beta 6Gi.

    private static final List<String> C_WORKLOADS =
            List.of("c1-cpu", "c1-memory-alpha", "c1-memory-beta", "c2-cpu-1", "c2-cpu-2");

    /** The initial snapshot of TestSnapshotAddRemoveWorkload: every workload admitted. */
    private static Cluster flavorsCluster() {
        return new Cluster(QuotaTree.build(List.of(
                cq("c1", "cohort",
                        group(List.of("cpu"), new FlavorQuotas("default", List.of(quota("cpu", "6", null)))),
                        group(List.of("memory"),
                                new FlavorQuotas("alpha", List.of(quota("memory", "6Gi", null))),
                                new FlavorQuotas("beta", List.of(quota("memory", "6Gi", null))))),
                cq("c2", "cohort",
                        group(List.of("cpu"), new FlavorQuotas("default", List.of(quota("cpu", "6", null)))))),
                List.of()),
                Map.of(
                        "c1-cpu", new Workload("c1", "default", "cpu", "1000m"),
                        "c1-memory-alpha", new Workload("c1", "alpha", "memory", "1Gi"),
                        "c1-memory-beta", new Workload("c1", "beta", "memory", "1Gi"),
                        "c2-cpu-1", new Workload("c2", "default", "cpu", "1000m"),
                        "c2-cpu-2", new Workload("c2", "default", "cpu", "1000m")),
                C_WORKLOADS);
    }

    /**
     * Usage of a node of {@link #flavorsCluster()}: cpu in milli-cpu, memory in bytes; and the
     * SubtreeQuotas, which every case wants unchanged since usage does not move them.
     */
    private static void assertFlavorsUsage(Cluster cluster, String node, long cpuMilli, long alphaBytes, long betaBytes) {
        int cpu = cluster.fr("default", "cpu");
        int alpha = cluster.fr("alpha", "memory");
        int beta = cluster.fr("beta", "memory");
        QuotaNode n = node.equals("cohort") ? cluster.cohort(node) : cluster.clusterQueue(node);
        assertThat(n.usage(cpu)).as("%s cpu", node).isEqualTo(cpuMilli);
        assertThat(n.usage(alpha)).as("%s alpha memory", node).isEqualTo(alphaBytes * 1000);
        assertThat(n.usage(beta)).as("%s beta memory", node).isEqualTo(betaBytes * 1000);

        QuotaNode c1 = cluster.clusterQueue("c1");
        assertThat(c1.subtreeQuota(cpu)).isEqualTo(6_000);
        assertThat(c1.subtreeQuota(alpha)).isEqualTo(6 * GI * 1000);
        assertThat(c1.subtreeQuota(beta)).isEqualTo(6 * GI * 1000);
        assertThat(cluster.clusterQueue("c2").subtreeQuota(cpu)).isEqualTo(6_000);
        QuotaNode cohort = cluster.cohort("cohort");
        assertThat(cohort.subtreeQuota(cpu)).isEqualTo(12_000);
        assertThat(cohort.subtreeQuota(alpha)).isEqualTo(6 * GI * 1000);
        assertThat(cohort.subtreeQuota(beta)).isEqualTo(6 * GI * 1000);
    }

    /** Kueue snapshot_test.go TestSnapshotAddRemoveWorkload "no-op remove add". */
    @Test
    void removingAndAddingBackRestoresTheInitialUsage() {
        Cluster cluster = flavorsCluster();
        cluster.remove("c1-cpu");
        cluster.remove("c2-cpu-1");
        cluster.add("c1-cpu");
        cluster.add("c2-cpu-1");

        // The initial snapshot: c1 holds 1 cpu, 1Gi alpha, 1Gi beta; c2 holds 1 + 1 = 2 cpu;
        // the cohort holds all of it (localQuota 0): cpu 1 + 2 = 3, alpha 1Gi, beta 1Gi.
        assertFlavorsUsage(cluster, "c1", 1_000, GI, GI);
        assertFlavorsUsage(cluster, "c2", 2_000, 0, 0);
        assertFlavorsUsage(cluster, "cohort", 3_000, GI, GI);
    }

    /** Kueue snapshot_test.go TestSnapshotAddRemoveWorkload "remove all". */
    @Test
    void removingEveryWorkloadLeavesNoUsageAnywhere() {
        Cluster cluster = flavorsCluster();
        C_WORKLOADS.forEach(cluster::remove);

        assertFlavorsUsage(cluster, "c1", 0, 0, 0);
        assertFlavorsUsage(cluster, "c2", 0, 0, 0);
        assertFlavorsUsage(cluster, "cohort", 0, 0, 0);
    }

    /** Kueue snapshot_test.go TestSnapshotAddRemoveWorkload "remove c1-cpu". */
    @Test
    void removingACpuWorkloadReleasesItFromTheQueueAndTheCohort() {
        Cluster cluster = flavorsCluster();
        cluster.remove("c1-cpu");

        // c1 cpu 1 - 1 = 0; the cohort cpu 3 - 1 = 2 (all of it was charged through, localQuota 0).
        assertFlavorsUsage(cluster, "c1", 0, GI, GI);
        assertFlavorsUsage(cluster, "c2", 2_000, 0, 0);
        assertFlavorsUsage(cluster, "cohort", 2_000, GI, GI);
    }

    /** Kueue snapshot_test.go TestSnapshotAddRemoveWorkload "remove c1-memory-alpha". */
    @Test
    void removingAWorkloadTouchesOnlyItsFlavor() {
        Cluster cluster = flavorsCluster();
        cluster.remove("c1-memory-alpha");

        // Only alpha memory drops, 1Gi - 1Gi = 0, in c1 and the cohort; beta and cpu stay.
        assertFlavorsUsage(cluster, "c1", 1_000, 0, GI);
        assertFlavorsUsage(cluster, "c2", 2_000, 0, 0);
        assertFlavorsUsage(cluster, "cohort", 3_000, 0, GI);
    }

    // TestSnapshotAddRemoveWorkloadWithLendingLimit: lend-a and lend-b each have 10 cpu in cohort
    // "lend"; lend-a lends at most 4, so it keeps GuaranteedQuota 10 - 4 = 6, lend-b lends at most
    // 6 and keeps 10 - 6 = 4. The cohort's SubtreeQuota is (10 - 6) + (10 - 4) = 10 cpu. The initial
    // snapshot has lend-a at 1 + 9 + 6 = 16 cpu (over its nominal 10: Kueue's cache takes
    // admitted workloads as they are) and lend-b at 4; the cohort holds
    // max(0, 16 - 6) + max(0, 4 - 4) = 10.

    private static final List<String> LEND_WORKLOADS = List.of("lend-a-1", "lend-a-2", "lend-a-3", "lend-b-1");

    /** The initial snapshot of TestSnapshotAddRemoveWorkloadWithLendingLimit: every workload admitted. */
    private static Cluster lendingCluster() {
        return new Cluster(QuotaTree.build(List.of(
                cq("lend-a", "lend", group(List.of("cpu"), new FlavorQuotas("default", List.of(quota("cpu", "10", "4"))))),
                cq("lend-b", "lend", group(List.of("cpu"), new FlavorQuotas("default", List.of(quota("cpu", "10", "6")))))),
                List.of()),
                Map.of(
                        "lend-a-1", new Workload("lend-a", "default", "cpu", "1"),
                        "lend-a-2", new Workload("lend-a", "default", "cpu", "9"),
                        "lend-a-3", new Workload("lend-a", "default", "cpu", "6"),
                        "lend-b-1", new Workload("lend-b", "default", "cpu", "4")),
                LEND_WORKLOADS);
    }

    /** Usage in milli-cpu of lend-a, lend-b and the cohort; and the quotas, which usage does not move. */
    private static void assertLendingUsage(Cluster cluster, long lendA, long lendB, long cohort) {
        int cpu = cluster.fr("default", "cpu");
        QuotaNode a = cluster.clusterQueue("lend-a");
        QuotaNode b = cluster.clusterQueue("lend-b");
        QuotaNode lend = cluster.cohort("lend");
        assertThat(a.usage(cpu)).as("lend-a usage").isEqualTo(lendA);
        assertThat(b.usage(cpu)).as("lend-b usage").isEqualTo(lendB);
        assertThat(lend.usage(cpu)).as("cohort usage").isEqualTo(cohort);
        assertThat(a.subtreeQuota(cpu)).isEqualTo(10_000);
        assertThat(b.subtreeQuota(cpu)).isEqualTo(10_000);
        assertThat(lend.subtreeQuota(cpu)).isEqualTo(10_000);
        assertThat(a.guaranteed(cpu)).isEqualTo(6_000);
        assertThat(b.guaranteed(cpu)).isEqualTo(4_000);
    }

    /** Kueue snapshot_test.go TestSnapshotAddRemoveWorkloadWithLendingLimit "remove all then add all". */
    @Test
    void lendingRemovingAllAndAddingAllBackRestoresTheInitialUsage() {
        Cluster cluster = lendingCluster();
        LEND_WORKLOADS.forEach(cluster::remove);
        LEND_WORKLOADS.forEach(cluster::add);

        // a-1: 1 <= 6 guaranteed, cohort 0. a-2: 5 guaranteed left, 9 - 5 = 4 to the cohort.
        // a-3: none left, all 6 to the cohort, 4 + 6 = 10. b-1: 4 <= 4 guaranteed, cohort stays 10.
        assertLendingUsage(cluster, 16_000, 4_000, 10_000);
    }

    /** Kueue snapshot_test.go TestSnapshotAddRemoveWorkloadWithLendingLimit "remove all". */
    @Test
    void lendingRemovingEveryWorkloadLeavesNoUsageAnywhere() {
        Cluster cluster = lendingCluster();
        LEND_WORKLOADS.forEach(cluster::remove);

        // lend-b never stored usage in the cohort (4 - 4 = 0), so only lend-a's 10 leaves it.
        assertLendingUsage(cluster, 0, 0, 0);
    }

    /**
     * Kueue snapshot_test.go TestSnapshotAddRemoveWorkloadWithLendingLimit "remove workload, but
     * still using quota over GuaranteedQuota".
     */
    @Test
    void removingAWorkloadAboveTheGuaranteeReleasesItFromTheCohort() {
        Cluster cluster = lendingCluster();
        cluster.remove("lend-a-2");

        // lend-a stored 16 - 6 = 10 in the cohort; all min(9, 10) = 9 leave it: 10 - 9 = 1.
        // lend-a 16 - 9 = 7, still 1 over its guaranteed 6.
        assertLendingUsage(cluster, 7_000, 4_000, 1_000);
    }

    /**
     * Kueue snapshot_test.go TestSnapshotAddRemoveWorkloadWithLendingLimit "remove wokload, using
     * same quota as GuaranteedQuota".
     */
    @Test
    void removingDownToTheGuaranteeEmptiesTheCohort() {
        Cluster cluster = lendingCluster();
        cluster.remove("lend-a-1");
        cluster.remove("lend-a-2");

        // a-1: stored 10, min(1, 10) = 1 leaves, cohort 9, lend-a 15.
        // a-2: stored 15 - 6 = 9, min(9, 9) = 9 leaves, cohort 0, lend-a 6 = its guarantee.
        assertLendingUsage(cluster, 6_000, 4_000, 0);
    }

    /**
     * Kueue snapshot_test.go TestSnapshotAddRemoveWorkloadWithLendingLimit "remove workload, using
     * less quota than GuaranteedQuota".
     */
    @Test
    void removingBelowTheGuaranteeReleasesOnlyWhatTheCohortHeld() {
        Cluster cluster = lendingCluster();
        cluster.remove("lend-a-2");
        cluster.remove("lend-a-3");

        // a-2: cohort 10 - 9 = 1, lend-a 7. a-3: stored 7 - 6 = 1, only min(6, 1) = 1 leaves
        // the cohort (not 6, which would take it to -5): cohort 0, lend-a 7 - 6 = 1.
        assertLendingUsage(cluster, 1_000, 4_000, 0);
    }

    /**
     * Kueue snapshot_test.go TestSnapshotAddRemoveWorkloadWithLendingLimit "remove all then add
     * workload, using less quota than GuaranteedQuota".
     */
    @Test
    void addingLessThanTheGuaranteeChargesNothingToTheCohort() {
        Cluster cluster = lendingCluster();
        LEND_WORKLOADS.forEach(cluster::remove);
        cluster.add("lend-a-1");

        // 1 fits in lend-a's 6 - 0 = 6 guaranteed left: nothing to the cohort.
        assertLendingUsage(cluster, 1_000, 0, 0);
    }

    /**
     * Kueue snapshot_test.go TestSnapshotAddRemoveWorkloadWithLendingLimit "remove all then add
     * workload, using same quota as GuaranteedQuota".
     */
    @Test
    void addingExactlyTheGuaranteeChargesNothingToTheCohort() {
        Cluster cluster = lendingCluster();
        LEND_WORKLOADS.forEach(cluster::remove);
        cluster.add("lend-a-3");

        // 6 is not more than the 6 guaranteed left: nothing to the cohort.
        assertLendingUsage(cluster, 6_000, 0, 0);
    }

    /**
     * Kueue snapshot_test.go TestSnapshotAddRemoveWorkloadWithLendingLimit "remove all then add
     * workload, using quota over GuaranteedQuota".
     */
    @Test
    void addingMoreThanTheGuaranteeChargesTheExcessToTheCohort() {
        Cluster cluster = lendingCluster();
        LEND_WORKLOADS.forEach(cluster::remove);
        cluster.add("lend-a-2");

        // 9 against 6 guaranteed left: 9 - 6 = 3 to the cohort.
        assertLendingUsage(cluster, 9_000, 0, 3_000);
    }
}
