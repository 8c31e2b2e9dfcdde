package dev.muster.bench.kueue;

import java.util.List;
import java.util.Optional;

/**
 * What one replay of a Kueue performance shape produced: the virtual-time outcome (identical on
 * every run of the same shape) and what it cost on this machine.
 *
 * @param admissions     Admit decisions carried out (a workload evicted and admitted again counts twice)
 * @param neverAdmitted  workloads still pending when no event was left (their quota never came)
 * @param makespanMillis virtual time of the last event
 * @param cycles         {@code schedule} calls, one per distinct event time plus one per eviction round
 * @param waitDecisions  Wait decisions received (the engine reports a reason only when it changes)
 * @param fingerprint    a hash of every decision with its virtual time: equal fingerprints, equal runs
 */
public record ReplayResult(
        String shape,
        int clusterQueues,
        int cohorts,
        int workloads,
        int admissions,
        int evictions,
        int finished,
        int neverAdmitted,
        long makespanMillis,
        long cycles,
        long waitDecisions,
        List<WorkloadClass> workloadClasses,
        List<QueueClass> queueClasses,
        List<QueuePeak> queuePeaks,
        List<CohortPeak> cohortPeaks,
        long fingerprint,
        Cost cost) {

    public ReplayResult {
        workloadClasses = List.copyOf(workloadClasses);
        queueClasses = List.copyOf(queueClasses);
        queuePeaks = List.copyOf(queuePeaks);
        cohortPeaks = List.copyOf(cohortPeaks);
    }

    /**
     * Time to admission per workload class, as Kueue's recorder measures it: from creation to the
     * (last) admission, in virtual ms. Statistics cover the admitted workloads.
     */
    public record WorkloadClass(String name, int count, int admitted, int evictions, double avgTimeToAdmissionMs,
            long minTimeToAdmissionMs, long p50TimeToAdmissionMs, long p95TimeToAdmissionMs, long maxTimeToAdmissionMs) {
    }

    /**
     * Usage of a ClusterQueue class as Kueue's checker computes it: cpu in use integrated over time,
     * summed over the class, divided by (summed nominal quota × the monitoring window), where the
     * window runs from the ClusterQueues' creation (time 0) to the last event in any of them.
     */
    public record QueueClass(String name, int queues, long nominalMilli, long usedMilliMs, long windowMs) {
        public double usagePercent() {
            return windowMs == 0 || nominalMilli == 0 ? 0 : usedMilliMs * 100.0 / ((double) nominalMilli * windowMs);
        }
    }

    /** The most cpu a ClusterQueue ever held, beside what it may hold (nominal + borrowing limit). */
    public record QueuePeak(String name, long nominalMilli, Optional<Long> borrowingLimitMilli, long peakMilli) {
        /** Whether the peak stayed within nominal + borrowing limit (always, without a limit). */
        public boolean withinLimit() {
            return borrowingLimitMilli.map(b -> peakMilli <= nominalMilli + b).orElse(true);
        }
    }

    /** The most cpu a cohort's ClusterQueues held at once, beside their summed nominal quota. */
    public record CohortPeak(String name, long nominalMilli, long peakMilli) {
    }

    /**
     * Cost of the run on this machine.
     *
     * @param setupNanos      building the engine (quota tree, queues)
     * @param wallNanos       the event loop, engine and driver together
     * @param cpuNanos        CPU time of the replaying thread over the event loop (JIT and GC threads not included)
     * @param scheduleNanos   wall time inside {@code schedule}
     * @param submitNanos     wall time inside {@code submit}
     * @param removeNanos     wall time inside {@code remove}
     * @param evictedNanos    wall time inside {@code evicted}
     * @param maxCycleNanos   the slowest {@code schedule} call
     * @param maxCycleAtMillis its virtual time
     * @param pendingVisits   pending workloads summed over all cycles (an upper bound of what cycles looked at)
     * @param maxPending      the most workloads pending at once
     * @param gcCount         collections during the loop (all collectors)
     * @param gcMillis        their accumulated time
     */
    public record Cost(long setupNanos, long wallNanos, long cpuNanos, long scheduleNanos, long submitNanos,
            long removeNanos, long evictedNanos, long maxCycleNanos, long maxCycleAtMillis, long pendingVisits,
            int maxPending, long gcCount, long gcMillis) {

        public long engineNanos() {
            return scheduleNanos + submitNanos + removeNanos + evictedNanos;
        }
    }

    /** Admissions per second of wall time of the event loop. */
    public double admissionsPerSecond() {
        return cost.wallNanos() == 0 ? 0 : admissions * 1e9 / cost.wallNanos();
    }

    /** The same virtual outcome (cost aside)? */
    public boolean sameOutcome(ReplayResult o) {
        return fingerprint == o.fingerprint && admissions == o.admissions && evictions == o.evictions
                && makespanMillis == o.makespanMillis && cycles == o.cycles && workloadClasses.equals(o.workloadClasses)
                && queueClasses.equals(o.queueClasses);
    }
}
