package dev.muster.bench.backfill;

import java.util.List;

/**
 * The GPU-time one run used, over two spans: the makespan (first arrival to last finish), and the
 * span while jobs arrive (first arrival to last arrival).
 *
 * <p>Why both: over the makespan, utilization counts the drain after the last arrival, when a
 * few long runs admitted late keep the run going on an emptying cluster; a policy that admits them
 * later (backfill holds a long run back rather than delay a reservation) stretches the makespan and
 * loses utilization there, whatever it did while work arrived. While jobs arrive, the queue is fed
 * and idle GPUs are the policy's doing: fragmentation, GPUs held for a reservation.
 *
 * @param gpuSeconds              GPUs held by admitted jobs, integrated over the whole run, evicted
 *                                runs' GPU-time included
 * @param gpuSecondsWhileArriving the part of it between the first arrival and the last
 */
public record GpuUse(int clusterGpus, double gpuSeconds, double makespanSeconds, double gpuSecondsWhileArriving,
        double arrivalSpanSeconds) {

    /** From the run's holds ({@link NodeHolds}); times in seconds of virtual time. */
    static GpuUse of(List<NodeHolds.Hold> holds, int clusterGpus, double firstArrivalSeconds, double lastArrivalSeconds,
            double makespanSeconds) {
        long from = Math.round(firstArrivalSeconds * 1000);
        long until = Math.round(lastArrivalSeconds * 1000);
        double all = 0;
        double whileArriving = 0;
        for (NodeHolds.Hold h : holds) {
            all += h.gpus() * (h.untilMillis() - h.fromMillis()) / 1000.0;
            long overlap = Math.min(h.untilMillis(), until) - Math.max(h.fromMillis(), from);
            whileArriving += h.gpus() * Math.max(0, overlap) / 1000.0;
        }
        return new GpuUse(clusterGpus, all, makespanSeconds, whileArriving, lastArrivalSeconds - firstArrivalSeconds);
    }

    /** GPU-seconds used over the GPU-seconds the cluster had from the first arrival to the last finish. */
    public double utilization() {
        return makespanSeconds <= 0 ? 0 : gpuSeconds / (clusterGpus * makespanSeconds);
    }

    /** GPU-seconds used while jobs arrived over those the cluster had then; 0 when they all arrive at once. */
    public double utilizationWhileArriving() {
        return arrivalSpanSeconds <= 0 ? 0 : gpuSecondsWhileArriving / (clusterGpus * arrivalSpanSeconds);
    }
}
