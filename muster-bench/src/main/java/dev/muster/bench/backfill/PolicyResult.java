package dev.muster.bench.backfill;

import java.util.Map;

/** What one policy came to on one workload: measured, or not available in this build. */
public sealed interface PolicyResult {

    QueuePolicy policy();

    /**
     * A run to its end.
     *
     * @param waits          by size class, only the classes with jobs, of the jobs admitted
     * @param admitted       jobs admitted at least once
     * @param finished       jobs that ran to their end
     * @param evictions      evictions in all (none expected: the study's queue does not preempt)
     * @param use            the GPU-time used, over the makespan and while jobs arrived
     * @param largestFloors  the {@link DrainFloor}s of the largest size class's gangs, from this run's
     *                       states: no scheduler that ends no running work could wait less from them
     */
    record Measured(QueuePolicy policy, Map<SizeClass, WaitSummary> waits, int jobs, int admitted, int finished,
            int evictions, GpuUse use, WaitSummary largestFloors) implements PolicyResult {

        public Measured {
            waits = Map.copyOf(waits);
        }

        /** Over the makespan: {@link GpuUse#utilization()}. */
        public double utilization() {
            return use.utilization();
        }

        /** From the first arrival to the last finish, or to the end of the run when some job never finished. */
        public double makespanSeconds() {
            return use.makespanSeconds();
        }

        public WaitSummary waitsOf(SizeClass c) {
            return waits.getOrDefault(c, WaitSummary.NONE);
        }
    }

    /** The scenario did not load, for a reason this build of Muster gives (backfill not yet known). */
    record NotAvailable(QueuePolicy policy, String reason) implements PolicyResult {
    }
}
