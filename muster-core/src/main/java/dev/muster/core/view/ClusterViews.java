package dev.muster.core.view;

import dev.muster.core.engine.Engine;
import dev.muster.core.engine.QueueView;
import dev.muster.core.explain.PendingPosition;
import dev.muster.core.explain.QueuePositions;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.Pending;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.placement.NodeState;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Takes a {@link ClusterView} of an engine: the one recipe of what is shown of the queues, the
 * waiting workloads and the GPUs, for the simulator's charts and the operator's dashboard alike.
 * Reads the engine only through its public questions; call it where the engine may be read (the
 * decider's thread in the operator).
 */
public final class ClusterViews {

    private ClusterViews() {
    }

    public static ClusterView of(Engine engine, long atMillis) {
        return new ClusterView(atMillis, queues(engine), waiting(engine), nodeGpus(engine), Map.of());
    }

    /** Every ClusterQueue and KAI queue (leaves and parents), then the cohorts of the ClusterQueues. */
    public static List<ClusterView.QueueNode> queues(Engine engine) {
        List<ClusterView.QueueNode> out = new ArrayList<>();
        Map<String, Map<String, Double>> cohortNominal = new TreeMap<>();
        TreeSet<String> seen = new TreeSet<>();
        for (QueueView q : engine.clusterQueues()) {
            String cohort = q.kai() ? null : q.cohort().orElse(null);
            Map<String, Double> nominal = nominal(q.spec());
            if (cohort != null) {
                Map<String, Double> sum = cohortNominal.computeIfAbsent(cohort, c -> new TreeMap<>());
                nominal.forEach((k, v) -> sum.merge(k, v, Double::sum));
            }
            out.add(new ClusterView.QueueNode(q.name(), q.kai() ? "KAI Queue" : "ClusterQueue", cohort, true, flat(q.usage()),
                    nominal, q.kai() ? fairShare(engine, q.name()) : Map.of(), q.pendingCount(), q.admittedCount()));
            seen.add(q.name());
        }
        for (String kai : engine.kaiQueues()) {
            if (seen.add(kai)) {
                out.add(new ClusterView.QueueNode(kai, "KAI Queue", null, false, flat(engine.usageOfNode(kai)), Map.of(),
                        fairShare(engine, kai), 0, 0));
            }
        }
        cohortNominal.forEach((cohort, nominal) -> out.add(new ClusterView.QueueNode(cohort, "Cohort", null, false,
                flat(engine.usageOfNode(cohort)), nominal, Map.of(), 0, 0)));
        return out;
    }

    /** Every waiting workload of every queue, in queue order, with why it waits. */
    public static List<ClusterView.Waiting> waiting(Engine engine) {
        List<ClusterView.Waiting> out = new ArrayList<>();
        for (QueuePositions q : engine.queuePositions()) {
            for (PendingPosition p : q.workloads()) {
                Optional<Pending> why = engine.why(p.workload());
                out.add(new ClusterView.Waiting(p.workload().toString(), q.clusterQueue(), p.localQueue(), p.priority(),
                        why.map(w -> w.why().kueueReason()).orElse(null), why.map(Pending::message).orElse(""),
                        p.positionInClusterQueue(), p.positionInLocalQueue()));
            }
        }
        return out;
    }

    /** The GPU nodes' devices, in node name order. */
    public static List<ClusterView.NodeGpus> nodeGpus(Engine engine) {
        List<ClusterView.NodeGpus> nodes = new ArrayList<>();
        for (NodeState n : engine.nodes()) {
            if (n.devices() == 0) {
                continue;
            }
            List<ClusterView.Device> devices = new ArrayList<>();
            for (int d = 0; d < n.devices(); d++) {
                devices.add(new ClusterView.Device(d, 1.0 - n.deviceFree(d) / 1000.0, n.sharers(d)));
            }
            nodes.add(new ClusterView.NodeGpus(n.name(), devices));
        }
        nodes.sort(Comparator.comparing(ClusterView.NodeGpus::node));
        return nodes;
    }

    private static Map<String, Double> fairShare(Engine engine, String kaiQueue) {
        Map<String, Double> out = new TreeMap<>();
        engine.fairShare(kaiQueue).forEach((r, milli) -> out.put(r, milli / 1000.0));
        return out;
    }

    /** flavor → resource → quantity as "flavor/resource" → base units. */
    static Map<String, Double> flat(Map<String, Map<String, Quantity>> usage) {
        Map<String, Double> out = new TreeMap<>();
        usage.forEach((flavor, resources) -> resources.forEach((r, q) -> out.put(flavor + "/" + r, q.milli() / 1000.0)));
        return out;
    }

    static Map<String, Double> nominal(ClusterQueueSpec spec) {
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
