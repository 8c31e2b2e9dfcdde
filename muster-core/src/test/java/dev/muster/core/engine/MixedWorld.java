package dev.muster.core.engine;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.BorrowPolicy;
import dev.muster.core.model.ClusterQueuePolicies.BorrowWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.Preemption;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.StopPolicy;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * A seeded generator of large mixed scenarios: RayJobs (a head and one or two worker groups, some
 * elastic) and Jobs (one pod set, some with a minimum) at three priorities, arriving over time and
 * running for a while, against either Kueue ClusterQueues in cohorts (every preemption policy,
 * borrowWithinCohort, one or two flavors, borrowing and lending limits, fair sharing on or off) or
 * a KAI queue tree. Every workload fits its queue's share on its own, so every run can end.
 */
record MixedWorld(boolean kai, List<ClusterQueueSpec> queues, List<CohortSpec> cohorts,
        List<LocalQueueSpec> localQueues, List<KaiQueueSpec> kaiQueues, Map<String, Long> capacity,
        boolean fairSharing, List<VirtualRun.Job> jobs) {

    private static final String[] FLAVORS = {"on-demand", "spot"};
    private static final String GPU = "nvidia.com/gpu";
    private static final int[] PRIORITIES = {50, 100, 200};

    Engine engine() {
        return new Engine(EngineSetup.kueue(queues, cohorts, localQueues, List.of(), new AdmissionSettings(fairSharing))
                .withKai(kaiQueues, capacity));
    }

    /** Kueue dialect: {@code workloads} workloads over a few cohorts of ClusterQueues with random policies. */
    static MixedWorld kueue(long seed, int workloads) {
        Random r = new Random(seed);
        List<CohortSpec> cohorts = new ArrayList<>();
        int cohortCount = 1 + r.nextInt(2);
        for (int i = 0; i < cohortCount; i++) {
            cohorts.add(new CohortSpec("co" + i, Optional.empty(), List.of(), ClusterQueueSpec.DEFAULT_WEIGHT));
        }
        List<ClusterQueueSpec> queues = new ArrayList<>();
        List<LocalQueueSpec> lqs = new ArrayList<>();
        int queueCount = 3 + r.nextInt(4);
        for (int i = 0; i < queueCount; i++) {
            Optional<String> cohort = Optional.of("co" + r.nextInt(cohortCount));
            queues.add(new ClusterQueueSpec("cq" + i, cohort, groups(r),
                    r.nextInt(4) == 0 ? QueueingStrategy.STRICT_FIFO : QueueingStrategy.BEST_EFFORT_FIFO,
                    LabelSelector.EVERYTHING, Quantity.ofUnits(1 + r.nextInt(2)), policies(r)));
            lqs.add(new LocalQueueSpec(new ObjectKey("ns" + i, "main"), "cq" + i));
        }
        List<String> names = queues.stream().map(q -> "ns" + q.name().substring(2)).toList();
        return new MixedWorld(false, queues, cohorts, lqs, List.of(), Map.of(), r.nextBoolean(),
                jobs(r, workloads, names, false));
    }

    /** KAI dialect: {@code workloads} workloads over a tree of departments and teams. */
    static MixedWorld kai(long seed, int workloads) {
        Random r = new Random(seed);
        List<KaiQueueSpec> queues = new ArrayList<>();
        List<String> leaves = new ArrayList<>();
        int depts = 1 + r.nextInt(2);
        for (int d = 0; d < depts; d++) {
            queues.add(new KaiQueueSpec("dept" + d, Optional.empty(), 100, List.of(
                    share(r, GPU, 24), share(r, "cpu", 72))));
            for (int t = 0; t < 2 + r.nextInt(2); t++) {
                String name = "team" + d + t;
                queues.add(new KaiQueueSpec(name, Optional.of("dept" + d), 100 + 50 * r.nextInt(2), List.of(
                        share(r, GPU, 6), share(r, "cpu", 13))));
                leaves.add(name);
            }
        }
        Map<String, Long> capacity = Map.of(GPU, 48_000L, "cpu", 144_000L);
        return new MixedWorld(true, List.of(), List.of(), List.of(), queues, capacity, false,
                jobs(r, workloads, leaves, true));
    }

    /** A quota of {@code least} to twice as much (so the largest workload fits it), sometimes a limit of twice that. */
    private static KaiQueueSpec.Share share(Random r, String resource, int least) {
        long quota = least + r.nextInt(least + 1);
        Optional<Quantity> limit = r.nextInt(3) == 0 ? Optional.of(Quantity.ofUnits(quota * 2)) : Optional.empty();
        return new KaiQueueSpec.Share(resource, Optional.of(Quantity.ofUnits(quota)), limit, 1000L * (1 + r.nextInt(2)));
    }

    /** Every combination is reachable: withinClusterQueue × reclaimWithinCohort × borrowWithinCohort. */
    private static ClusterQueuePolicies policies(Random r) {
        WithinClusterQueue within = WithinClusterQueue.values()[r.nextInt(WithinClusterQueue.values().length)];
        ReclaimWithinCohort reclaim = ReclaimWithinCohort.values()[r.nextInt(ReclaimWithinCohort.values().length)];
        BorrowWithinCohort borrow = r.nextBoolean()
                ? new BorrowWithinCohort(BorrowPolicy.LOWER_PRIORITY, r.nextBoolean() ? Optional.of(100) : Optional.empty())
                : BorrowWithinCohort.DEFAULT;
        return new ClusterQueuePolicies(new Preemption(within, reclaim, borrow),
                ClusterQueuePolicies.FlavorFungibility.DEFAULT, List.of(), StopPolicy.NONE);
    }

    /** cpu and GPUs; every flavor's nominal quota holds the largest workload (13 cpu, 6 GPUs). */
    private static List<ResourceGroup> groups(Random r) {
        List<FlavorQuotas> flavors = new ArrayList<>();
        int flavorCount = 1 + r.nextInt(FLAVORS.length);
        for (int f = 0; f < flavorCount; f++) {
            List<ResourceQuota> quotas = new ArrayList<>();
            quotas.add(quota(r, "cpu", 16 + r.nextInt(17)));
            quotas.add(quota(r, GPU, 6 + r.nextInt(5)));
            flavors.add(new FlavorQuotas(FLAVORS[f], quotas));
        }
        return List.of(new ResourceGroup(List.of("cpu", GPU), flavors));
    }

    private static ResourceQuota quota(Random r, String resource, int nominal) {
        Optional<Quantity> borrowing = r.nextInt(3) == 0 ? Optional.of(Quantity.ofUnits(r.nextInt(nominal))) : Optional.empty();
        Optional<Quantity> lending = r.nextInt(4) == 0 ? Optional.of(Quantity.ofUnits(r.nextInt(nominal))) : Optional.empty();
        return new ResourceQuota(resource, Quantity.ofUnits(nominal), borrowing, lending);
    }

    /** RayJobs and Jobs, at most 13 cpu and 6 GPUs each, arriving over about {@code n} × 20 ms. */
    private static List<VirtualRun.Job> jobs(Random r, int n, List<String> queues, boolean kai) {
        List<VirtualRun.Job> jobs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String queue = queues.get(r.nextInt(queues.size()));
            ObjectKey key = kai ? new ObjectKey("ns", "w" + i) : new ObjectKey(queue, "w" + i);
            int priority = kai ? new int[] {50, 75, 100, 125}[r.nextInt(4)] : PRIORITIES[r.nextInt(PRIORITIES.length)];
            long created = i * 20L + r.nextInt(20);
            List<PodSet> podSets = r.nextBoolean() ? rayJob(r) : job(r);
            Workload wl = new Workload(key, kai ? queue : "main", priority, created, i, podSets);
            jobs.add(new VirtualRun.Job(wl, 100 + r.nextInt(1900), kai));
        }
        return jobs;
    }

    /** A head of 1 cpu and one or two worker groups; a quarter are elastic (minReplicas below replicas). */
    private static List<PodSet> rayJob(Random r) {
        List<PodSet> sets = new ArrayList<>();
        sets.add(new PodSet("head", 1, 1, new ResourceList(Map.of("cpu", Quantity.ofUnits(1)))));
        int groups = 1 + r.nextInt(2);
        for (int g = 0; g < groups; g++) {
            int replicas = 1 + r.nextInt(3);
            int min = r.nextInt(4) == 0 ? 1 + r.nextInt(replicas) : replicas;
            ResourceList perPod = new ResourceList(Map.of("cpu", Quantity.ofUnits(1 + r.nextInt(2)),
                    GPU, Quantity.ofUnits(r.nextInt(2))));
            sets.add(new PodSet("workers" + g, replicas, min, perPod));
        }
        return sets;
    }

    private static List<PodSet> job(Random r) {
        int parallelism = 1 + r.nextInt(4);
        int min = r.nextInt(4) == 0 ? 1 + r.nextInt(parallelism) : parallelism;
        return List.of(new PodSet("main", parallelism, min, new ResourceList(Map.of(
                "cpu", Quantity.ofMilli(500L * (1 + r.nextInt(6))), GPU, Quantity.ofUnits(r.nextInt(2))))));
    }
}
