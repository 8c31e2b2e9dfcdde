package dev.muster.bench.jmh;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.BorrowWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.FlavorFungibility;
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
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The state {@link SchedulingCycleBenchmark} schedules: {@code cohorts × queuesPerCohort}
 * ClusterQueues shaped like Kueue's performance configs (one flavor, cpu, nominal 20, borrowing
 * limit 100, reclaimWithinCohort Any, withinClusterQueue LowerPriority) and {@code pendingPerQueue}
 * pending workloads in each, nothing admitted yet. The workloads follow Kueue's baseline mix by
 * count: 70 % small (1 cpu, priority 50), 20 % medium (5 cpu, priority 100), 10 % large (20 cpu,
 * priority 200), drawn with a fixed seed, created 100 ms apart. With the default 10 per queue a
 * ClusterQueue asks for about 37 cpu against its 20 nominal, so roughly half of the backlog fits
 * and the cycle has to find out which half: it admits and it rejects.
 *
 * <p>The workload and queue objects are built once; {@link #newEngine()} builds a fresh engine and
 * submits them, which is what each benchmark invocation starts from.
 */
public final class PendingBacklog {

    public static final long NOW_MILLIS = 3_600_000;

    private final List<ClusterQueueSpec> queues = new ArrayList<>();
    private final List<LocalQueueSpec> localQueues = new ArrayList<>();
    private final List<Workload> workloads = new ArrayList<>();

    public PendingBacklog(int cohorts, int queuesPerCohort, int pendingPerQueue, long seed) {
        this(cohorts, queuesPerCohort, pendingPerQueue, seed, true);
    }

    /** @param preemption false gives every ClusterQueue preemption Never instead of Kueue's perf-test policies */
    public PendingBacklog(int cohorts, int queuesPerCohort, int pendingPerQueue, long seed, boolean preemption) {
        SplittableRandom random = new SplittableRandom(seed);
        ClusterQueuePolicies policies = new ClusterQueuePolicies(preemption
                ? new Preemption(WithinClusterQueue.LOWER_PRIORITY, ReclaimWithinCohort.ANY, BorrowWithinCohort.DEFAULT)
                : Preemption.DEFAULT, FlavorFungibility.DEFAULT, List.of(), StopPolicy.NONE);
        long sequence = 0;
        for (int c = 0; c < cohorts; c++) {
            for (int q = 0; q < queuesPerCohort; q++) {
                String name = "cq-0-" + q + "-cohort-" + c;
                ResourceQuota quota = new ResourceQuota("cpu", Quantity.ofUnits(20), Optional.of(Quantity.ofUnits(100)),
                        Optional.empty());
                queues.add(new ClusterQueueSpec(name, Optional.of("cohort-" + c),
                        List.of(new ResourceGroup(List.of("cpu"), List.of(new FlavorQuotas("rf", List.of(quota))))),
                        QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT,
                        policies));
                localQueues.add(new LocalQueueSpec(new ObjectKey(name, name), name));
                for (int w = 0; w < pendingPerQueue; w++) {
                    int roll = random.nextInt(10);
                    String cls = roll < 7 ? "small" : roll < 9 ? "medium" : "large";
                    int cpu = roll < 7 ? 1 : roll < 9 ? 5 : 20;
                    int priority = roll < 7 ? 50 : roll < 9 ? 100 : 200;
                    long seq = sequence++;
                    workloads.add(new Workload(new ObjectKey(name, cls + "-" + w), name, priority, seq * 100, seq,
                            List.of(PodSet.of("main", 1, ResourceList.of("cpu", Quantity.ofUnits(cpu))))));
                }
            }
        }
    }

    /** A new engine over the ClusterQueues with every workload submitted and no cycle run yet. */
    public Engine newEngine() {
        Engine engine = new Engine(EngineSetup.kueue(queues, List.of(), localQueues,
                List.of(), AdmissionSettings.DEFAULTS));
        for (Workload w : workloads) {
            engine.submit(w);
        }
        return engine;
    }

    public int clusterQueues() {
        return queues.size();
    }

    public int pendingWorkloads() {
        return workloads.size();
    }
}
