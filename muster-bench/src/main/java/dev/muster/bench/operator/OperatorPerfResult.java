package dev.muster.bench.operator;

import java.util.List;

/**
 * What one run of {@link OperatorPerfRun} measured. Times are nanoseconds of wall-clock time since
 * the first Job creation was due ({@code t0}); -1 where the event never happened.
 *
 * @param finishedInTime       every Workload showed Finished=True before the timeout
 * @param wallNanos            t0 until every Workload object showed Finished=True (the timeout if not)
 * @param allAdmittedNanos     t0 until every workload had been admitted at least once (the runner saw its Job unsuspended)
 * @param lastAdmissionNanos   t0 until the last admission seen (re-admissions after evictions included)
 * @param lastCreateNanos      t0 until the last Job create returned
 * @param admissions           Jobs seen unsuspended, re-admissions included
 * @param evictions            Jobs seen suspended again while running
 * @param lowerBoundNanos      the least wall time any scheduler could reach on this shape and time scale:
 *                             per cohort, its work (cpu × runtime) over its quota, and the last creation plus
 *                             its runtime, whichever is more
 * @param peakAdmissionsPerSecond the most admissions seen within one second
 * @param deciderCycles        scheduling cycles the operator's decider ran
 * @param decider              what the decider's thread did from the first creation to the end: cpu,
 *                             blocked and waited times, stack samples (where it waited for room in the lanes)
 * @param processCpuNanos      CPU time of the whole JVM during the run (mock API server, operator, runner)
 * @param threadCpu            CPU time during the run by thread group, most first
 * @param requests             what the mock API server served during the run, by kind, most server time first
 * @param finalWorkloads       Workload objects listed from the API at the end
 * @param finalFinished        of those, how many have Finished=True
 * @param finalWithoutJob      Jobs created that have no Workload object at the end
 */
record OperatorPerfResult(
        String shape,
        int cohorts,
        int clusterQueues,
        int workloads,
        double timeScale,
        boolean finishedInTime,
        long wallNanos,
        long allAdmittedNanos,
        long lastAdmissionNanos,
        long lastCreateNanos,
        long lastJobCompleteNanos,
        long maxCreationLagNanos,
        long runOverrunP50Nanos,
        long runOverrunP95Nanos,
        int runnerThreads,
        int admissions,
        int evictions,
        int jobsCompleted,
        int workloadsFinishedSeen,
        long lowerBoundNanos,
        int peakAdmissionsPerSecond,
        List<WorkloadClass> workloadClasses,
        List<QueueClass> queueClasses,
        long deciderCycles,
        DeciderThreadWatch.Figures decider,
        long processCpuNanos,
        List<ThreadCpu> threadCpu,
        long gcCount,
        long gcMillis,
        int completionWriteRetries,
        List<CountingDispatcher.Count> requests,
        WorkloadAudit.Result audit,
        int finalWorkloads,
        int finalFinished,
        int finalWithoutJob) {

    /**
     * Per workload class: time from the Job's create request to its last admission (Kueue's
     * recorder measures to the last admission too), and to its first.
     */
    record WorkloadClass(String name, int count, int admitted, int evictions, double avgToAdmissionMs, long p50Ms,
            long p95Ms, long maxMs, double avgToFirstAdmissionMs) {
    }

    /** Per ClusterQueue class: Kueue's usage, cpu in use over time / (nominal quota × window 0 .. last run end). */
    record QueueClass(String name, int queues, long nominalMilli, double usagePercent, long windowMs) {
    }

    record ThreadCpu(String group, int threads, long cpuNanos) {
    }

    /** Workloads admitted at least once per second of wall time until the last of them was admitted. */
    double admittedWorkloadsPerSecond() {
        return allAdmittedNanos <= 0 ? 0 : workloads * 1e9 / allAdmittedNanos;
    }

    /** Admissions (re-admissions included) per second of wall time until the last one. */
    double admissionsPerSecond() {
        return lastAdmissionNanos <= 0 ? 0 : admissions * 1e9 / lastAdmissionNanos;
    }

    /** Workloads per second of the whole run, as Kueue's figure (15,000 / 351 s) is computed; 0 if it timed out. */
    double workloadsPerSecondOfWall() {
        return wallNanos <= 0 || !finishedInTime ? 0 : workloads * 1e9 / wallNanos;
    }

    boolean allAdmittedAndFinished() {
        return finishedInTime && finalWorkloads == workloads && finalFinished == workloads
                && audit.everAdmitted().size() == workloads && audit.finished().size() == workloads;
    }
}
