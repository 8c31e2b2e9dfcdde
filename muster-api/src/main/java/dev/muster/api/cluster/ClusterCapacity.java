package dev.muster.api.cluster;

import dev.muster.core.placement.NodeSpec;
import dev.muster.core.quantity.Saturating;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the cluster's nodes can hold, per resource: the capacity KAI divides among its queues.
 * Without nodes it is unknown, and queues are bounded by their quotas and limits only.
 */
public final class ClusterCapacity {

    private ClusterCapacity() {
    }

    /** Per resource, the sum over the nodes, held at the quantity bound (9P cpu nodes do not wrap). */
    public static Map<String, Long> of(List<NodeSpec> nodes) {
        Map<String, Long> total = new TreeMap<>();
        for (NodeSpec node : nodes) {
            node.allocatable().amounts().forEach((r, q) -> total.merge(r, q.milli(), Saturating::add));
        }
        return total;
    }
}
