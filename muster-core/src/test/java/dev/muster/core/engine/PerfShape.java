package dev.muster.core.engine;

import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.BorrowWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.Preemption;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.StopPolicy;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
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
 * The shape of Kueue's scheduler performance test ({@code test/performance/scheduler/configs/baseline}):
 * ClusterQueues of one cohort with nominal 20 cpu, borrowingLimit 100, {@code withinClusterQueue:
 * LowerPriority} and {@code reclaimWithinCohort: Any}; per queue small (1 cpu, priority 50, 200 ms),
 * medium (5 cpu, 100, 500 ms) and large (20 cpu, 200, 1 s) RayJobs in the ratio 350:100:50, arriving
 * every 100, 500 and 1200 ms. Each RayJob is a head pod and a worker group. The seed jitters
 * arrivals and run times so that different seeds give different interleavings.
 */
final class PerfShape {

    private PerfShape() {
    }

    static List<ClusterQueueSpec> queues(int count) {
        List<ClusterQueueSpec> out = new ArrayList<>();
        ClusterQueuePolicies policies = new ClusterQueuePolicies(new Preemption(WithinClusterQueue.LOWER_PRIORITY,
                ReclaimWithinCohort.ANY, BorrowWithinCohort.DEFAULT), ClusterQueuePolicies.FlavorFungibility.DEFAULT,
                List.of(), StopPolicy.NONE);
        for (int i = 0; i < count; i++) {
            out.add(new ClusterQueueSpec("cq" + i, Optional.of("cohort"), List.of(new ResourceGroup(List.of("cpu"),
                    List.of(new FlavorQuotas("default", List.of(new ResourceQuota("cpu", Quantity.ofUnits(20),
                            Optional.of(Quantity.ofUnits(100)), Optional.empty())))))),
                    QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT, policies));
        }
        return out;
    }

    static List<LocalQueueSpec> localQueues(int count) {
        List<LocalQueueSpec> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new LocalQueueSpec(new ObjectKey("ns" + i, "main"), "cq" + i));
        }
        return out;
    }

    /** {@code perQueue} RayJobs for each of {@code queues} ClusterQueues (500 per queue is Kueue's figure). */
    static List<VirtualRun.Job> jobs(int queues, int perQueue, long seed) {
        Random r = new Random(seed);
        List<VirtualRun.Job> jobs = new ArrayList<>();
        long seq = 0;
        int small = perQueue * 350 / 500;
        int medium = perQueue * 100 / 500;
        int large = perQueue - small - medium;
        for (int q = 0; q < queues; q++) {
            seq = add(jobs, r, q, "small", small, 100, 1, 50, 200, seq);
            seq = add(jobs, r, q, "medium", medium, 500, 5, 100, 500, seq);
            seq = add(jobs, r, q, "large", large, 1200, 20, 200, 1000, seq);
        }
        return jobs;
    }

    private static long add(List<VirtualRun.Job> jobs, Random r, int q, String cls, int count, long intervalMs,
            int cpu, int priority, long runMs, long seq) {
        for (int i = 0; i < count; i++) {
            long created = i * intervalMs + r.nextInt(10);
            long duration = runMs + r.nextInt(20);
            jobs.add(new VirtualRun.Job(new Workload(new ObjectKey("ns" + q, cls + "-" + i), "main", priority, created,
                    seq++, rayJob(cpu)), duration, false));
        }
        return seq;
    }

    /** A RayJob's pod sets: a head of half a cpu and workers of half a cpu each, {@code cpu} in all. */
    static List<PodSet> rayJob(int cpu) {
        ResourceList half = new ResourceList(Map.of("cpu", Quantity.ofMilli(500)));
        int workers = cpu * 2 - 1;
        return List.of(new PodSet("head", 1, 1, half), new PodSet("workers", workers, workers, half));
    }
}
