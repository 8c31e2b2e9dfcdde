package dev.muster.sim.series;

import dev.muster.core.engine.Engine;
import dev.muster.core.view.ClusterView;
import dev.muster.core.view.ClusterViews;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples the engine after each instant of a run settles ({@link #sample}), keeping a queue's
 * sample only when it differs from the one before. What a sample holds is the dashboard's view of
 * the queues ({@link ClusterViews}), so the report's charts and the live dashboard show the same
 * figures. Made only when the HTML report is asked for: a plain run does not pay for it.
 */
public final class SeriesRecorder {

    private static final String GPU = "/nvidia.com/gpu";

    private final Engine engine;
    private final Map<String, Queue> queues = new LinkedHashMap<>();
    private final List<RunSeries.Point> gpusHeld = new ArrayList<>();
    private double peakHeld = -1;
    private double snapshotHeld = -1;
    private double lastHeld;
    private long lastMillis;
    private RunSeries.PeakGpus peak = RunSeries.PeakGpus.NONE;

    private record Queue(String kind, String parent, boolean leaf, Map<String, Double> nominal, List<RunSeries.Sample> samples) {
    }

    public SeriesRecorder(Engine engine) {
        this.engine = engine;
    }

    /** The engine has settled at {@code nowMillis}: what changed since the last sample is kept. */
    public void sample(long nowMillis) {
        double at = nowMillis / 1000.0;
        double held = 0;
        for (ClusterView.QueueNode node : ClusterViews.queues(engine)) {
            Queue q = queues.computeIfAbsent(node.name(), n -> new Queue(node.kind(), node.parent(), node.leaf(), node.nominal(), new ArrayList<>()));
            if (node.leaf()) {
                // A workload holds quota in exactly one ClusterQueue or KAI leaf: their GPUs are the cluster's held.
                held += node.usage().entrySet().stream().filter(u -> u.getKey().endsWith(GPU)).mapToDouble(Map.Entry::getValue).sum();
            }
            RunSeries.Sample s = new RunSeries.Sample(at, node.usage(), node.fairShare(), node.pending(), node.admitted());
            List<RunSeries.Sample> samples = q.samples();
            RunSeries.Sample last = samples.isEmpty() ? null : samples.get(samples.size() - 1);
            if (last == null || !sameState(last, s)) {
                if (last != null && last.atSeconds() == at) {
                    samples.set(samples.size() - 1, s);
                } else {
                    samples.add(s);
                }
            }
        }
        if (gpusHeld.isEmpty() || gpusHeld.get(gpusHeld.size() - 1).value() != held) {
            gpusHeld.add(new RunSeries.Point(at, held));
        }
        // The devices are copied at a new peak only when it is 1 % above the last copy: copying every
        // node at each of openb's 10,851 arrivals (a new peak each) cost more than the run. The end
        // is copied in series() when it is the peak, so a run that only fills up is exact.
        if (held > peakHeld) {
            peakHeld = held;
            if (held > snapshotHeld * 1.01) {
                snapshotHeld = held;
                peak = new RunSeries.PeakGpus(at, ClusterViews.nodeGpus(engine));
            }
        }
        lastHeld = held;
        lastMillis = nowMillis;
    }

    public RunSeries series() {
        if (lastHeld == peakHeld && snapshotHeld < peakHeld) {
            peak = new RunSeries.PeakGpus(lastMillis / 1000.0, ClusterViews.nodeGpus(engine));
        }
        List<RunSeries.QueueSeries> out = new ArrayList<>();
        queues.forEach((name, q) -> out.add(new RunSeries.QueueSeries(name, q.kind(), q.parent(), q.leaf(), q.nominal(), List.copyOf(q.samples()))));
        double capacity = ClusterViews.nodeGpus(engine).stream().mapToDouble(n -> n.devices().size()).sum();
        if (capacity == 0) {
            // No GPU nodes (quota alone): the GPUs the ClusterQueues' nominal quotas promise.
            for (Queue q : queues.values()) {
                if (q.leaf()) {
                    capacity += q.nominal().entrySet().stream().filter(n -> n.getKey().endsWith(GPU))
                            .mapToDouble(Map.Entry::getValue).sum();
                }
            }
        }
        return new RunSeries(out, List.copyOf(gpusHeld), capacity, peak);
    }

    private static boolean sameState(RunSeries.Sample a, RunSeries.Sample b) {
        return a.pending() == b.pending() && a.admitted() == b.admitted() && a.usage().equals(b.usage())
                && a.fairShare().equals(b.fairShare());
    }
}
