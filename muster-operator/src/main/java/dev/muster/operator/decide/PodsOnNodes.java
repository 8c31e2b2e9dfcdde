package dev.muster.operator.decide;

import dev.muster.core.placement.PodPlacement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** How an event says where a gang's pods go: "gpu-node-1 (head 1, worker 2 sharing GPU 0)". */
final class PodsOnNodes {

    private PodsOnNodes() {
    }

    static String describe(List<PodPlacement> pods) {
        Map<String, Map<String, Integer>> byNode = new TreeMap<>();
        Map<String, java.util.Set<String>> shared = new TreeMap<>();
        for (PodPlacement p : pods) {
            byNode.computeIfAbsent(p.node(), n -> new TreeMap<>()).merge(p.podSet(), 1, Integer::sum);
            if (p.gpuFraction() > 0) {
                p.gpuDevices().forEach(d -> shared.computeIfAbsent(p.node(), n -> new java.util.TreeSet<>()).add("GPU " + d));
            }
        }
        if (byNode.isEmpty()) {
            return "the nodes the default scheduler picks";
        }
        StringBuilder out = new StringBuilder();
        byNode.forEach((node, sets) -> {
            if (out.length() > 0) {
                out.append(", ");
            }
            out.append(node).append(" (");
            StringBuilder inner = new StringBuilder();
            sets.forEach((set, n) -> inner.append(inner.length() > 0 ? ", " : "").append(set).append(' ').append(n));
            out.append(inner);
            if (shared.containsKey(node)) {
                out.append("; sharing ").append(String.join(", ", shared.get(node)));
            }
            out.append(')');
        });
        return out.toString();
    }
}
