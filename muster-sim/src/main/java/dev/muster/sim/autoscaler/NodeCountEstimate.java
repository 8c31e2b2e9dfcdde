package dev.muster.sim.autoscaler;

import dev.muster.api.cluster.NodePoolSpec;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.GpuRequest;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.NodeState;
import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.quantity.Saturating;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many new nodes of a pool some pods need, found by placing them on that many empty nodes
 * made from the pool's template: the cluster autoscaler's binpacking estimate, and the answer to
 * "can this pool ever hold this request?".
 */
final class NodeCountEstimate {

    /** The outcome: a number of nodes, or why no number of them will do. */
    sealed interface Result {
        record Nodes(int count) implements Result {
        }

        record Never(String reason) implements Result {
        }
    }

    private final GangPlacer placer = new GangPlacer(PlacementPolicy.DEFAULT);

    Result estimate(NodePoolSpec pool, List<GangPlacer.PodGroup> pods, int maxNodes) {
        NodeState probe = new NodeState(pool.template());
        for (GangPlacer.PodGroup g : pods) {
            String refusal = probe.refusal(g.shape());
            if (refusal != null) {
                return new Result.Never("pods of pod set " + g.podSet() + " may not run on nodes of pool " + pool.name()
                        + ": " + refusal);
            }
            if (!probe.fits(g.shape())) {
                return new Result.Never("a pod of pod set " + g.podSet() + " asks for " + excess(g, pool.template())
                        + " than a whole node of pool " + pool.name() + " has (" + offer(pool.template()) + ")");
            }
        }
        int low = Math.max(1, lowerBound(pool.template(), pods));
        String limit = maxNodes == pool.maxNodes() ? "pool " + pool.name() + " may have at most " + maxNodes + " (maxNodes)"
                : "pool " + pool.name() + " can add only " + maxNodes + " more (maxNodes " + pool.maxNodes() + ")";
        if (low > maxNodes) {
            return new Result.Never("it needs at least " + low + " nodes, and " + limit);
        }
        if (fitsOn(pool, pods, low)) {
            return new Result.Nodes(low); // the common case: the resource totals decide
        }
        if (!fitsOn(pool, pods, maxNodes)) {
            return new Result.Never("its pods do not fit on " + maxNodes + " nodes, and " + limit);
        }
        return new Result.Nodes(smallest(low + 1, maxNodes, n -> fitsOn(pool, pods, n)));
    }

    /** The smallest count in [low, high] that {@code enough} accepts, given that it accepts {@code high} and more helps. */
    static int smallest(int low, int high, java.util.function.IntPredicate enough) {
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (enough.test(mid)) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return low;
    }

    private boolean fitsOn(NodePoolSpec pool, List<GangPlacer.PodGroup> pods, int count) {
        List<NodeState> nodes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            nodes.add(new NodeState(pool.node(pool.name() + "-estimate-" + i, Map.of())));
        }
        return placer.place(nodes, pods) instanceof GangPlacer.Result.Placed;
    }

    /** No fewer nodes than the pods' total of any resource over one node's allocatable, rounded up. */
    private static int lowerBound(NodeSpec template, List<GangPlacer.PodGroup> pods) {
        Map<String, Long> total = new TreeMap<>();
        long gpus = 0;
        for (GangPlacer.PodGroup g : pods) {
            g.shape().requests().amounts().forEach((r, q) -> total.merge(r, Saturating.multiply(q.milli(), g.count()), Saturating::add));
            if (g.shape().gpu() instanceof GpuRequest.Whole w) {
                gpus += (long) w.devices() * g.count();
            }
        }
        long bound = 1;
        for (Map.Entry<String, Long> e : total.entrySet()) {
            long per = template.allocatable().get(e.getKey()).milli();
            if (per > 0) {
                bound = Math.max(bound, (e.getValue() + per - 1) / per);
            }
        }
        if (gpus > 0 && template.gpuDevices() > 0) {
            bound = Math.max(bound, (gpus + template.gpuDevices() - 1) / template.gpuDevices());
        }
        return (int) Math.min(bound, Integer.MAX_VALUE);
    }

    /** What of a pod's request no node of the template can give: {@code more cpu (6)}. */
    private static String excess(GangPlacer.PodGroup g, NodeSpec template) {
        List<String> parts = new ArrayList<>();
        g.shape().requests().amounts().forEach((r, q) -> {
            if (q.milli() > template.allocatable().get(r).milli()) {
                parts.add(r + " (" + q.format(r) + ")");
            }
        });
        if (g.shape().gpu() instanceof GpuRequest.Whole w && w.devices() > template.gpuDevices()) {
            parts.add(NodeSpec.GPU + " (" + w.devices() + ")");
        }
        return parts.isEmpty() ? "more" : "more " + String.join(" and ", parts);
    }

    private static String offer(NodeSpec template) {
        List<String> parts = new ArrayList<>();
        template.allocatable().amounts().forEach((r, q) -> parts.add(r + "=" + q.format(r)));
        return String.join(", ", parts);
    }
}
