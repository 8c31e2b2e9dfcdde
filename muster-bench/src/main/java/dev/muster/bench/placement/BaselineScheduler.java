package dev.muster.bench.placement;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Places pods one at a time as the FGD simulator's scheduler does with one score plugin: among the
 * nodes that pass the filters, the highest score wins, ties to the smallest node name (the
 * simulator's vendored scheduler was changed to break ties that way "for reproducibility"; its node
 * names carry a random per-seed prefix, which {@link SimNode#rank()} stands for). Random draws
 * uniformly among the feasible nodes instead.
 */
public final class BaselineScheduler {

    private final List<SimNode> nodes;
    private final BaselinePolicy policy;
    private final SplittableRandom random;

    public BaselineScheduler(List<SimNode> nodes, BaselinePolicy policy, SplittableRandom random) {
        this.nodes = nodes;
        this.policy = policy;
        this.random = random;
    }

    /** Places the pod; returns its node, or null when no node can take it. */
    public SimNode place(SimPod pod) {
        SimNode chosen = policy instanceof RandomPolicy ? drawFeasible(pod) : bestFeasible(pod);
        if (chosen == null) {
            return null;
        }
        chosen.allocate(pod, pod.sharesGpu() ? policy.shareDevice(chosen, pod, random) : -1);
        policy.nodeChanged(chosen);
        return chosen;
    }

    private SimNode bestFeasible(SimPod pod) {
        SimNode best = null;
        long bestScore = Long.MIN_VALUE;
        for (SimNode n : nodes) {
            if (!n.fits(pod)) {
                continue;
            }
            long s = policy.score(n, pod);
            if (best == null || s > bestScore || s == bestScore && n.rank < best.rank) {
                best = n;
                bestScore = s;
            }
        }
        return best;
    }

    /** Reservoir sampling: each feasible node is kept with probability 1/seen, so all are equally likely. */
    private SimNode drawFeasible(SimPod pod) {
        SimNode chosen = null;
        int seen = 0;
        for (SimNode n : nodes) {
            if (n.fits(pod) && random.nextInt(++seen) == 0) {
                chosen = n;
            }
        }
        return chosen;
    }
}
