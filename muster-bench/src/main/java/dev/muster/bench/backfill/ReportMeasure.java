package dev.muster.bench.backfill;

import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the study's figures off a {@code muster simulate} report: each job's wait from its creation
 * to its first admission, and the makespan. The GPU-time used and the largest gangs' floors are read
 * off the run's holds ({@link NodeHolds}): the report keeps no pods of finished jobs, nor the runs
 * an eviction ended.
 */
public final class ReportMeasure {

    private ReportMeasure() {
    }

    public static PolicyResult.Measured of(Report report, Demand demand, QueuePolicy policy, List<NodeHolds.Hold> holds) {
        Map<String, StudyJob> byName = new HashMap<>();
        demand.jobs().forEach(j -> byName.put(j.name(), j));
        Map<SizeClass, List<Double>> waits = new EnumMap<>(SizeClass.class);
        SizeClass largest = demand.jobs().isEmpty() ? null : SizeClass.largestOf(demand.jobs());
        List<Double> floors = new ArrayList<>();
        int seen = 0;
        int admitted = 0;
        int finished = 0;
        int evictions = 0;
        double firstArrival = Double.MAX_VALUE;
        double lastArrival = 0;
        double lastFinish = 0;
        boolean allFinished = true;
        for (Report.WorkloadReport w : report.workloads()) {
            StudyJob job = byName.get(w.name());
            if (job == null || !StudyScenarioWriter.NAMESPACE.equals(w.namespace())) {
                throw new IllegalStateException("the report holds a workload the study did not write: "
                        + w.namespace() + "/" + w.name());
            }
            seen++;
            double created = w.createdAtSeconds();
            firstArrival = Math.min(firstArrival, created);
            lastArrival = Math.max(lastArrival, created);
            evictions += w.evictions().size();
            if (SizeClass.of(job.gpus()) == largest) {
                floors.add(DrainFloor.seconds(holds, demand.nodes(), Demand.GPUS_PER_NODE,
                        GangShape.of(job.gpus(), Demand.GPUS_PER_NODE), Math.round(created * 1000)));
            }
            List<Double> admissions = w.admissionsAtSeconds();
            if (!admissions.isEmpty()) {
                admitted++;
                waits.computeIfAbsent(SizeClass.of(job.gpus()), c -> new ArrayList<>()).add(admissions.get(0) - created);
            }
            if (w.finishedAtSeconds() != null) {
                finished++;
                lastFinish = Math.max(lastFinish, w.finishedAtSeconds());
            } else {
                allFinished = false;
            }
        }
        if (seen != demand.jobs().size()) {
            throw new IllegalStateException("the report holds " + seen + " of the study's " + demand.jobs().size() + " jobs");
        }
        double makespan = (allFinished ? lastFinish : report.endSeconds()) - (seen == 0 ? 0 : firstArrival);
        Map<SizeClass, WaitSummary> summaries = new EnumMap<>(SizeClass.class);
        waits.forEach((c, list) -> summaries.put(c, WaitSummary.of(list)));
        GpuUse use = GpuUse.of(holds, demand.clusterGpus(), seen == 0 ? 0 : firstArrival, lastArrival, makespan);
        return new PolicyResult.Measured(policy, summaries, seen, admitted, finished, evictions, use, WaitSummary.of(floors));
    }
}
