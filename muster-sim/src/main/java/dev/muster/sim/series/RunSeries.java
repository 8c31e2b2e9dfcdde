package dev.muster.sim.series;

import java.util.List;
import java.util.Map;

/**
 * What a run looked like over time, for the charts of the HTML report: each queue's usage against
 * its quota (or fair share), the workloads pending in it, and the cluster's GPUs held. A sample is
 * kept only where something changed, so a series costs what happened, not how long the run was.
 * Amounts are in the resource's base unit (cores, bytes, GPUs), as Kueue's metrics report them.
 *
 * @param gpuCapacity the GPU devices of the nodes at the end of the run; without nodes, the GPUs of
 *                    the ClusterQueues' nominal quotas
 * @param peakGpus    the GPU devices of each node at the moment the most GPUs were held (or, when the
 *                    peak came in steps of less than 1 % before the run's end left it, at a moment
 *                    within 1 % of it)
 */
public record RunSeries(List<QueueSeries> queues, List<Point> gpusHeld, double gpuCapacity, PeakGpus peakGpus) {

    /**
     * One queue over the run.
     *
     * @param kind    ClusterQueue, Cohort or KAI Queue
     * @param parent  its cohort (a ClusterQueue), or null
     * @param leaf    workloads are queued in it (a ClusterQueue or KAI leaf queue), not a cohort or KAI parent
     * @param nominal flavor/resource → nominal quota (a cohort: the sum of its members')
     */
    public record QueueSeries(String name, String kind, String parent, boolean leaf, Map<String, Double> nominal,
            List<Sample> samples) {
    }

    /**
     * A queue at one instant: {@code usage} and {@code fairShare} by flavor/resource (fair share:
     * KAI queues only, by resource), and how many workloads wait in it and hold quota in it.
     */
    public record Sample(double atSeconds, Map<String, Double> usage, Map<String, Double> fairShare, int pending,
            int admitted) {
    }

    public record Point(double atSeconds, double value) {
    }

    /** Each GPU node's devices when the run held the most GPUs ({@code atSeconds}). */
    public record PeakGpus(double atSeconds, List<dev.muster.core.view.ClusterView.NodeGpus> nodes) {
        public static final PeakGpus NONE = new PeakGpus(0, List.of());
    }
}
