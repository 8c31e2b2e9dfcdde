package dev.muster.core.kai;

import dev.muster.core.admission.FitResult;
import dev.muster.core.admission.FlavorAssigner;
import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.quota.QuotaTree;
import java.util.List;

/**
 * After the pending workloads had their turn: gangs admitted with fewer replicas than they
 * asked for get more of them where they now fit (non-preemptible ones within their quota).
 * These extras are the first to go again when room is needed.
 */
final class GangGrowth {

    private final QuotaTree tree;
    private final FlavorAssigner assigner;
    private final NonPreemptibleQuota nonPreemptibleQuota;

    GangGrowth(QuotaTree tree, FlavorAssigner assigner, NonPreemptibleQuota nonPreemptibleQuota) {
        this.tree = tree;
        this.assigner = assigner;
        this.nonPreemptibleQuota = nonPreemptibleQuota;
    }

    /** Grows what fits now, in the queues {@code mayGrow} lets grow; returns how many gangs grew. */
    int grow(List<ClusterQueueState> leaves, SchedulingCycle.Outcome outcome,
            java.util.function.Predicate<ClusterQueueState> mayGrow) {
        int grown = 0;
        for (ClusterQueueState q : leaves) {
            if (!mayGrow.test(q)) {
                continue;
            }
            for (AdmittedWorkload g : List.copyOf(q.belowFullCount())) {
                if (outcome.evicting().contains(g.workload().key()) || !g.belowFullCount()) {
                    continue;
                }
                tree.remove(q.node(), g.assignment().usage());
                FitResult larger = assigner.assignLargest(q, g.workload());
                tree.add(q.node(), g.assignment().usage());
                if (larger instanceof FitResult.Fits f && pods(f.assignment()) > pods(g.assignment())
                        && (g.workload().priority() < KaiCycle.NON_PREEMPTIBLE || nonPreemptibleQuota.allowsGrowth(q, g, f.assignment(), leaves))) {
                    outcome.grow(g, f.assignment());
                    grown++;
                }
            }
        }
        return grown;
    }

    private static int pods(Assignment a) {
        return a.podSets().stream().mapToInt(PodSetAssignment::count).sum();
    }
}
