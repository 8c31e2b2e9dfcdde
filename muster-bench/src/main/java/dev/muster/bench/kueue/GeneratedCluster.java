package dev.muster.bench.kueue;

import dev.muster.bench.kueue.GeneratorConfig.CohortSet;
import dev.muster.bench.kueue.GeneratorConfig.QueuesSet;
import dev.muster.bench.kueue.GeneratorConfig.WorkloadTemplate;
import dev.muster.bench.kueue.GeneratorConfig.WorkloadsSet;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.BorrowWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.FlavorFungibility;
import dev.muster.core.model.ClusterQueuePolicies.Preemption;
import dev.muster.core.model.ClusterQueuePolicies.StopPolicy;
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

/**
 * What Kueue's performance runner creates from a generator config, as Muster's core model: one
 * resource flavor {@code rf}, resource {@code cpu}; per cohort set {@code count} cohorts
 * {@code <class>-<i>}; per queue set {@code count} ClusterQueues {@code <class>-<set>-<j>-<cohort>}
 * in each cohort, BestEffortFIFO, every namespace, with the set's nominal quota, borrowing limit and
 * preemption policies; for each ClusterQueue a namespace and a LocalQueue of the same name; and per
 * ClusterQueue and workload set one {@link ArrivalStream}.
 *
 * <p>Names, creation order and times follow {@code runner/generator/generator.go}: in a workload
 * set, round {@code si} creates each template {@code i} in order as {@code <class>-<set>-<si>-<i>},
 * waiting {@code creationIntervalMs} before every creation; all workload sets of all ClusterQueues
 * run in parallel from time 0. The only difference is that Kueue's goroutines drift with API
 * latency, while here creation times are exact.
 */
public final class GeneratedCluster {

    /** Kueue's generator names its single flavor {@code rf}. */
    public static final String FLAVOR = "rf";
    public static final String RESOURCE = "cpu";

    /**
     * A ClusterQueue as generated, with what the replay reports per class.
     *
     * @param index position in {@link #queues()}
     */
    public record Queue(int index, String name, String className, String cohort, int cohortIndex, long nominalMilli,
            Optional<Long> borrowingLimitMilli, ClusterQueueSpec spec) {
    }

    /**
     * One workload set running in one ClusterQueue: workload {@code k} (0-based, rounds × templates)
     * is created at {@code (k + 1) × intervalMs}.
     */
    public record ArrivalStream(int index, Queue queue, int setIndex, WorkloadsSet set) {

        public long arrivalMillis(int k) {
            return (k + 1) * set.creationIntervalMs();
        }

        public int size() {
            return set.size();
        }

        public WorkloadTemplate template(int k) {
            return set.workloads().get(k % set.workloads().size());
        }

        /** Kueue's name: {@code <class>-<workload set index>-<round>-<template index>}. */
        public String workloadName(int k) {
            int perRound = set.workloads().size();
            return template(k).className() + "-" + setIndex + "-" + (k / perRound) + "-" + (k % perRound);
        }

        /** The workload as the engine sees it; {@code sequence} breaks ties between equal creation times. */
        public Workload workload(int k, long sequence) {
            WorkloadTemplate t = template(k);
            return new Workload(new ObjectKey(queue.name(), workloadName(k)), queue.name(), t.priority(),
                    arrivalMillis(k), sequence,
                    List.of(PodSet.of("main", t.podCount(), ResourceList.of(RESOURCE, t.request()))));
        }

        /** The cpu a workload holds while admitted, in milli-cpu. */
        public long requestMilli(int k) {
            WorkloadTemplate t = template(k);
            return Math.multiplyExact(t.request().milli(), t.podCount());
        }
    }

    private final List<Queue> queues = new ArrayList<>();
    private final List<String> cohorts = new ArrayList<>();
    private final List<ArrivalStream> streams = new ArrayList<>();
    private final List<String> workloadClasses = new ArrayList<>();
    private final List<String> queueClasses = new ArrayList<>();
    private final int workloadCount;

    /** The cluster as the config describes it, preemption policies included. */
    public GeneratedCluster(GeneratorConfig config) {
        this(config, true);
    }

    /**
     * @param preemption false to give every ClusterQueue Kueue's default preemption (Never) instead
     *                   of the config's policies, for comparing the engine with and without it
     */
    public GeneratedCluster(GeneratorConfig config, boolean preemption) {
        int total = 0;
        for (CohortSet cs : config.cohorts()) {
            for (int c = 0; c < cs.count(); c++) {
                String cohort = cs.className() + "-" + c;
                int cohortIndex = cohorts.size();
                cohorts.add(cohort);
                for (int qsIdx = 0; qsIdx < cs.queuesSets().size(); qsIdx++) {
                    QueuesSet qs = cs.queuesSets().get(qsIdx);
                    addClass(queueClasses, qs.className());
                    for (int j = 0; j < qs.count(); j++) {
                        String name = qs.className() + "-" + qsIdx + "-" + j + "-" + cohort;
                        Queue q = new Queue(queues.size(), name, qs.className(), cohort, cohortIndex,
                                qs.nominalQuota().milli(), qs.borrowingLimit().map(Quantity::milli), spec(name, cohort, qs, preemption));
                        queues.add(q);
                        for (int s = 0; s < qs.workloadsSets().size(); s++) {
                            WorkloadsSet set = qs.workloadsSets().get(s);
                            set.workloads().forEach(t -> addClass(workloadClasses, t.className()));
                            streams.add(new ArrivalStream(streams.size(), q, s, set));
                            total = Math.addExact(total, set.size());
                        }
                    }
                }
            }
        }
        this.workloadCount = total;
    }

    private static void addClass(List<String> classes, String name) {
        if (!classes.contains(name)) {
            classes.add(name);
        }
    }

    private static ClusterQueueSpec spec(String name, String cohort, QueuesSet qs, boolean preemption) {
        ResourceQuota quota = new ResourceQuota(RESOURCE, qs.nominalQuota(), qs.borrowingLimit(), Optional.empty());
        ClusterQueuePolicies policies = new ClusterQueuePolicies(preemption
                ? new Preemption(qs.withinClusterQueue(), qs.reclaimWithinCohort(), BorrowWithinCohort.DEFAULT)
                : Preemption.DEFAULT, FlavorFungibility.DEFAULT, List.of(), StopPolicy.NONE);
        return new ClusterQueueSpec(name, Optional.of(cohort),
                List.of(new ResourceGroup(List.of(RESOURCE), List.of(new FlavorQuotas(FLAVOR, List.of(quota))))),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT, policies);
    }

    public List<Queue> queues() {
        return List.copyOf(queues);
    }

    public List<ClusterQueueSpec> clusterQueueSpecs() {
        return queues.stream().map(Queue::spec).toList();
    }

    /** One LocalQueue per ClusterQueue, named like it, in the namespace named like it. */
    public List<LocalQueueSpec> localQueues() {
        return queues.stream().map(q -> new LocalQueueSpec(new ObjectKey(q.name(), q.name()), q.name())).toList();
    }

    public List<String> cohorts() {
        return List.copyOf(cohorts);
    }

    public List<ArrivalStream> streams() {
        return List.copyOf(streams);
    }

    /** Workload class names in the order the config first names them. */
    public List<String> workloadClasses() {
        return List.copyOf(workloadClasses);
    }

    public List<String> queueClasses() {
        return List.copyOf(queueClasses);
    }

    public int workloadCount() {
        return workloadCount;
    }
}
