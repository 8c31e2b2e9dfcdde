package dev.muster.sim.series;

import dev.muster.core.engine.Engine;
import dev.muster.core.engine.QueueView;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.placement.NodeState;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Samples the engine after each instant of a run settles ({@link #sample}), keeping a queue's
 * sample only when it differs from the one before. Made only when the HTML report is asked for:
 * a plain run does not pay for it.
 */
public final class SeriesRecorder {

    private static final String GPU = "nvidia.com/gpu";

    private final Engine engine;
    private final Map<String, Queue> queues = new LinkedHashMap<>();
    private final List<RunSeries.Point> gpusHeld = new ArrayList<>();
    private double peakHeld = -1;
    private RunSeries.PeakGpus peak = RunSeries.PeakGpus.NONE;

    private record Queue(String kind, String parent, Map<String, Double> nominal, List<RunSeries.Sample> samples) {
    }

    /** @param cohorts the cohorts of the scenario's ClusterQueues, by name */
    public SeriesRecorder(Engine engine, List<String> cohorts) {
        this.engine = engine;
        Map<String, Map<String, Double>> cohortNominal = new TreeMap<>();
        for (QueueView q : engine.clusterQueues()) {
            String parent = q.kai() ? null : q.cohort().orElse(null);
            Map<String, Double> nominal = nominal(q.spec());
            queues.put(q.name(), new Queue(q.kai() ? "KAI Queue" : "ClusterQueue", parent, nominal, new ArrayList<>()));
            if (parent != null) {
                Map<String, Double> sum = cohortNominal.computeIfAbsent(parent, c -> new TreeMap<>());
                nominal.forEach((k, v) -> sum.merge(k, v, Double::sum));
            }
        }
        for (String kai : engine.kaiQueues()) {
            queues.putIfAbsent(kai, new Queue("KAI Queue", null, Map.of(), new ArrayList<>()));
        }
        for (String cohort : cohorts) {
            queues.putIfAbsent(cohort, new Queue("Cohort", null, cohortNominal.getOrDefault(cohort, Map.of()), new ArrayList<>()));
        }
    }

    /** The engine has settled at {@code nowMillis}: what changed since the last sample is kept. */
    public void sample(long nowMillis) {
        double at = nowMillis / 1000.0;
        double held = 0;
        for (Map.Entry<String, Queue> e : queues.entrySet()) {
            String name = e.getKey();
            Queue q = e.getValue();
            Map<String, Double> usage = flat(engine.usageOfNode(name));
            Map<String, Double> fairShare = new TreeMap<>();
            if (engine.isKaiQueue(name)) {
                engine.fairShare(name).forEach((r, milli) -> fairShare.put(r, milli / 1000.0));
            }
            int pending = 0;
            int admitted = 0;
            var view = engine.clusterQueue(name);
            if (view.isPresent()) {
                pending = view.get().pendingCount();
                admitted = view.get().admittedCount();
                // Every workload holds quota in exactly one ClusterQueue or KAI leaf: their GPUs are the cluster's held.
                held += usage.entrySet().stream().filter(u -> u.getKey().endsWith("/" + GPU)).mapToDouble(Map.Entry::getValue).sum();
            }
            RunSeries.Sample s = new RunSeries.Sample(at, usage, fairShare, pending, admitted);
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
        if (held > peakHeld) {
            peakHeld = held;
            peak = new RunSeries.PeakGpus(at, nodeGpus());
        }
    }

    public RunSeries series() {
        List<RunSeries.QueueSeries> out = new ArrayList<>();
        queues.forEach((name, q) -> out.add(new RunSeries.QueueSeries(name, q.kind(), q.parent(), q.nominal(), List.copyOf(q.samples()))));
        double capacity = 0;
        for (NodeState n : engine.nodes()) {
            capacity += n.devices();
        }
        if (capacity == 0) {
            // No GPU nodes (quota alone): the GPUs the ClusterQueues' nominal quotas promise.
            for (Queue q : queues.values()) {
                if (!q.kind().equals("Cohort")) {
                    capacity += q.nominal().entrySet().stream().filter(n -> n.getKey().endsWith("/" + GPU))
                            .mapToDouble(Map.Entry::getValue).sum();
                }
            }
        }
        return new RunSeries(out, List.copyOf(gpusHeld), capacity, peak);
    }

    private List<RunSeries.NodeGpus> nodeGpus() {
        List<RunSeries.NodeGpus> nodes = new ArrayList<>();
        for (NodeState n : engine.nodes()) {
            if (n.devices() == 0) {
                continue;
            }
            List<RunSeries.Device> devices = new ArrayList<>();
            for (int d = 0; d < n.devices(); d++) {
                devices.add(new RunSeries.Device(d, 1.0 - n.deviceFree(d) / 1000.0, n.sharers(d)));
            }
            nodes.add(new RunSeries.NodeGpus(n.name(), devices));
        }
        nodes.sort(java.util.Comparator.comparing(RunSeries.NodeGpus::node));
        return nodes;
    }

    private static boolean sameState(RunSeries.Sample a, RunSeries.Sample b) {
        return a.pending() == b.pending() && a.admitted() == b.admitted() && a.usage().equals(b.usage())
                && a.fairShare().equals(b.fairShare());
    }

    /** flavor → resource → quantity as "flavor/resource" → base units. */
    private static Map<String, Double> flat(Map<String, Map<String, Quantity>> usage) {
        Map<String, Double> out = new TreeMap<>();
        usage.forEach((flavor, resources) -> resources.forEach((r, q) -> out.put(flavor + "/" + r, q.milli() / 1000.0)));
        return out;
    }

    private static Map<String, Double> nominal(ClusterQueueSpec spec) {
        Map<String, Double> out = new TreeMap<>();
        for (ResourceGroup g : spec.resourceGroups()) {
            for (FlavorQuotas f : g.flavors()) {
                for (ResourceQuota r : f.resources()) {
                    out.put(f.flavor() + "/" + r.resource(), r.nominal().milli() / 1000.0);
                }
            }
        }
        return out;
    }
}
