package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbNode;
import dev.muster.sim.trace.OpenbPod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The cluster and the arrival sequence of one run of the FGD method, as {@link PlacementExperiment}
 * builds them for a pod list and a seed: the nodes by name with their per-seed rank prefix, and
 * the pods sorted, shuffled and inflated to 130 % of the GPU capacity ({@link Arrivals}).
 *
 * <p>At a reduced {@code scale} only the nodes whose rank is below {@code scale} × node count are
 * kept (a uniform random subset, the same names as at full size), and the arrivals are inflated to
 * 130 % of the kept nodes' GPUs, so the reduced run keeps the load and the mix of the full one.
 *
 * @param nodes         the kept nodes, by original name
 * @param capacityMilli the kept nodes' GPUs, in thousandths
 */
public record OpenbSample(String list, long seed, double scale, List<RankedNode> nodes, List<OpenbPod> arrivals,
        long capacityMilli) {

    /**
     * A node with its name for this seed: its rank as a 4-digit prefix, as the FGD simulator renames
     * its nodes (ties between equal scores go to the smaller name), e.g. {@code 0042-openb-node-0001}.
     */
    public record RankedNode(OpenbNode node, int rank, String name) {
    }

    public OpenbSample {
        nodes = List.copyOf(nodes);
        arrivals = List.copyOf(arrivals);
    }

    /**
     * The sample of one pod list and seed.
     *
     * @param scale in (0, 1]: the share of the nodes kept
     */
    public static OpenbSample of(String list, List<OpenbNode> nodes, List<OpenbPod> pods, long seed, double scale) {
        if (!(scale > 0 && scale <= 1)) {
            throw new IllegalArgumentException("scale must be in (0, 1], got " + scale);
        }
        List<OpenbNode> byName = nodes.stream().sorted(Comparator.comparing(OpenbNode::name)).toList();
        PlacementExperiment.Streams streams = PlacementExperiment.Streams.of(seed);
        int[] ranks = PlacementExperiment.ranks(byName.size(), streams.ranks());
        int keep = (int) Math.ceil(scale * byName.size());
        List<RankedNode> kept = new ArrayList<>(keep);
        long capacityMilli = 0;
        for (int i = 0; i < byName.size(); i++) {
            if (ranks[i] < keep) {
                OpenbNode n = byName.get(i);
                kept.add(new RankedNode(n, ranks[i], rankedName(ranks[i], n)));
                capacityMilli += 1000L * n.gpus();
            }
        }
        List<OpenbPod> arrivals = Arrivals.of(pods, capacityMilli, PlacementExperiment.TUNE_RATIO, streams.arrivals());
        return new OpenbSample(list, seed, scale, kept, arrivals, capacityMilli);
    }

    /** The node's name for a rank, as {@link MusterScheduler} names it. */
    static String rankedName(int rank, OpenbNode n) {
        return String.format("%04d-%s", rank, n.name());
    }
}
