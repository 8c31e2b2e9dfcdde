package dev.muster.sim.report.html;

import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How long workloads waited for their first admission, per queue (its ClusterQueue, or its queue
 * when it has none): the median and the 95th percentile by nearest rank, over the workloads
 * admitted; those never admitted are counted apart (their wait has no end yet).
 *
 * @param queue      a ClusterQueue or KAI queue
 * @param admitted   workloads of it admitted at least once
 * @param stillWaiting workloads of it never admitted in the run
 */
public record WaitTimes(String queue, int admitted, int stillWaiting, double p50Seconds, double p95Seconds,
        double maxSeconds) {

    /** Per queue, in name order; a queue none of whose workloads was ever admitted has 0 for its figures. */
    public static List<WaitTimes> of(List<Report.WorkloadReport> workloads) {
        Map<String, List<Double>> waits = new TreeMap<>();
        Map<String, Integer> never = new TreeMap<>();
        for (Report.WorkloadReport w : workloads) {
            String queue = w.clusterQueue() != null ? w.clusterQueue() : w.queue();
            if (queue == null || queue.isEmpty() || w.createdAtSeconds() == null) {
                continue;
            }
            waits.computeIfAbsent(queue, q -> new ArrayList<>());
            Double first = w.admissionsAtSeconds() != null && !w.admissionsAtSeconds().isEmpty()
                    ? w.admissionsAtSeconds().get(0) : w.admittedAtSeconds();
            if (first == null) {
                never.merge(queue, 1, Integer::sum);
            } else {
                waits.get(queue).add(Math.max(0, first - w.createdAtSeconds()));
            }
        }
        List<WaitTimes> out = new ArrayList<>();
        waits.forEach((queue, list) -> {
            Collections.sort(list);
            out.add(new WaitTimes(queue, list.size(), never.getOrDefault(queue, 0), rank(list, 0.5), rank(list, 0.95),
                    list.isEmpty() ? 0 : list.get(list.size() - 1)));
        });
        return out;
    }

    /** The nearest-rank quantile of sorted values; 0 for none. */
    static double rank(List<Double> sorted, double q) {
        if (sorted.isEmpty()) {
            return 0;
        }
        int rank = (int) Math.ceil(q * sorted.size());
        return sorted.get(Math.max(1, rank) - 1);
    }
}
