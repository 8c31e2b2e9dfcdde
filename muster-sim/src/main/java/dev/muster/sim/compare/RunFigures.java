package dev.muster.sim.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.muster.sim.report.Report;
import dev.muster.sim.report.html.WaitTimes;
import dev.muster.sim.series.RunSeries;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of one run that a comparison sets side by side.
 *
 * @param endSeconds      when the run ended (the makespan, counted from 0s)
 * @param waits           per queue: waits until the first admission ({@link WaitTimes})
 * @param utilization     per flavor/resource ({@link Utilization})
 * @param preemptions     per queue (a workload's ClusterQueue, or its queue): evictions with reason Preempted
 * @param firstAdmissions per workload ({@link #workloadKey}): when it was first admitted, null if never
 */
public record RunFigures(double endSeconds, List<WaitTimes> waits, List<FlavorUse> utilization,
        Map<String, Integer> preemptions, @JsonIgnore Map<String, Double> firstAdmissions) {

    public static final String PREEMPTED = "Preempted";

    public static RunFigures of(Report report, RunSeries series) {
        Map<String, Integer> preemptions = new TreeMap<>();
        Map<String, Double> first = new TreeMap<>();
        for (Report.WorkloadReport w : report.workloads()) {
            String queue = queueOf(w);
            if (queue != null) {
                preemptions.putIfAbsent(queue, 0);
                int preempted = (int) w.evictions().stream().filter(e -> PREEMPTED.equals(e.reason())).count();
                preemptions.merge(queue, preempted, Integer::sum);
            }
            first.put(workloadKey(w), firstAdmission(w));
        }
        return new RunFigures(report.endSeconds(), WaitTimes.of(report.workloads()),
                Utilization.of(series, report.endSeconds()), Collections.unmodifiableMap(preemptions),
                Collections.unmodifiableMap(first));
    }

    /** How workloads are matched across runs: the object the user created, {@code Kind namespace/name}. */
    public static String workloadKey(Report.WorkloadReport w) {
        return w.kind() + " " + w.namespace() + "/" + w.name();
    }

    /** Evictions with reason Preempted, over every queue. */
    @JsonIgnore
    public int preemptionsInAll() {
        return preemptions.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The queue a workload is counted in, as {@link WaitTimes} counts it. */
    static String queueOf(Report.WorkloadReport w) {
        String queue = w.clusterQueue() != null ? w.clusterQueue() : w.queue();
        return queue == null || queue.isEmpty() ? null : queue;
    }

    private static Double firstAdmission(Report.WorkloadReport w) {
        return w.admissionsAtSeconds() != null && !w.admissionsAtSeconds().isEmpty()
                ? w.admissionsAtSeconds().get(0) : w.admittedAtSeconds();
    }
}
