package dev.muster.core.preemption;

import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.model.ClusterQueuePolicies.BorrowPolicy;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.quota.QuotaNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Kueue's collectCandidatesForHierarchicalReclaim (preemption/classical/hierarchical_preemption.go):
 * the candidates of classical preemption in other ClusterQueues of the preemptor's cohort tree.
 * Walking from the preemptor's cohort to the root, each level contributes the workloads of the
 * queues beneath it (outside the subtree already walked) that, with every cohort between, use more
 * than their quota. Once the preemptor's request fits the quota of a subtree it belongs to, it has
 * the hierarchical advantage over whatever is found higher up: those workloads are reclaimed
 * whatever their priority (within the reclaim policy) and whether or not the preemptor borrows.
 */
final class HierarchicalCandidates {

    /** Hierarchy candidates, then priority candidates, each in {@link Candidate#ORDER}. */
    record Found(List<Candidate> hierarchy, List<Candidate> priority) {
    }

    private final PreemptionContext ctx;
    /** A lookup only: the result is sorted, so no map order leaks. */
    private final Map<QuotaNode, ClusterQueueState> queues;
    private final Set<ObjectKey> evicting;

    private HierarchicalCandidates(PreemptionContext ctx, Map<QuotaNode, ClusterQueueState> queues,
            Set<ObjectKey> evicting) {
        this.ctx = ctx;
        this.evicting = evicting;
        this.queues = queues;
    }

    /** @param queues the ClusterQueues by their quota nodes (at least those of the preemptor's tree) */
    static Found collect(PreemptionContext ctx, Map<QuotaNode, ClusterQueueState> queues, Set<ObjectKey> evicting) {
        List<Candidate> hierarchy = new ArrayList<>();
        List<Candidate> priority = new ArrayList<>();
        ClusterQueueState queue = ctx.queue();
        if (queue.node().hasParent()
                && queue.spec().policies().preemption().reclaimWithinCohort() != ReclaimWithinCohort.NEVER) {
            new HierarchicalCandidates(ctx, queues, evicting).walk(hierarchy, priority);
        }
        hierarchy.sort(Candidate.ORDER);
        priority.sort(Candidate.ORDER);
        return new Found(hierarchy, priority);
    }

    private void walk(List<Candidate> hierarchy, List<Candidate> priority) {
        long[] need = ctx.need();
        boolean[] requested = new boolean[need.length];
        for (int fr = 0; fr < need.length; fr++) {
            requested[fr] = need[fr] > 0;
        }
        long[] remaining = need.clone();
        boolean advantage = fitsInQuota(ctx.queue().node(), requested, remaining);
        QuotaNode walked = null;
        for (QuotaNode level = ctx.queue().node().parent(); level != null; level = level.parent()) {
            collectBelow(level, level, walked, advantage, advantage ? hierarchy : priority);
            // A subtree the request fits gives the advantage over everything found above it too.
            advantage |= fitsInQuota(level, requested, remaining);
            walked = level;
        }
    }

    /**
     * Kueue's QuantitiesFitInQuota: whether {@code remaining} fits {@code node}'s own quota on every
     * requested flavor-resource; then lowers {@code remaining} by what the node keeps for itself
     * unused, as what is left must come from its parent.
     */
    private static boolean fitsInQuota(QuotaNode node, boolean[] requested, long[] remaining) {
        boolean fits = true;
        for (int fr = 0; fr < remaining.length; fr++) {
            if (!requested[fr]) {
                continue;
            }
            // Compared as a difference: usage and quota are non-negative, so it cannot overflow.
            if (remaining[fr] > node.subtreeQuota(fr) - node.usage(fr)) {
                fits = false;
            }
            long localAvailable = Math.max(0, node.guaranteed(fr) - node.usage(fr));
            remaining[fr] = Math.max(0, remaining[fr] - localAvailable);
        }
        return fits;
    }

    /** Kueue's collectCandidatesInSubtree: skips the subtree already walked and those within their quota. */
    private void collectBelow(QuotaNode cohort, QuotaNode level, QuotaNode skip, boolean advantage,
            List<Candidate> out) {
        for (QuotaNode child : cohort.children()) {
            if (child == skip || child == ctx.queue().node() || !ctx.borrowsWhereNeeded(child)) {
                continue;
            }
            if (child.kind() == QuotaNode.Kind.COHORT) {
                collectBelow(child, level, skip, advantage, out);
            } else {
                ClusterQueueState other = queues.get(child);
                if (other != null) {
                    addFrom(other, level, advantage, out);
                }
            }
        }
    }

    private void addFrom(ClusterQueueState other, QuotaNode level, boolean advantage, List<Candidate> out) {
        for (AdmittedWorkload a : other.admittedWorkloads()) {
            Candidate.Variant variant = classify(a, advantage);
            if (variant != null && !evicting.contains(a.workload().key())) {
                out.add(new Candidate(a, other, false, level, variant));
            }
        }
    }

    /** Kueue's classifyPreemptionVariant for a workload of another queue; null when it may not be evicted. */
    private Candidate.Variant classify(AdmittedWorkload a, boolean advantage) {
        if (!ctx.usesNeededResources(a)) {
            return null;
        }
        var policy = ctx.queue().spec().policies().preemption();
        int candidatePriority = a.workload().priority();
        int preemptorPriority = ctx.preemptor().priority();
        if (policy.reclaimWithinCohort() == ReclaimWithinCohort.LOWER_PRIORITY && candidatePriority >= preemptorPriority) {
            return null;
        }
        if (advantage) {
            return Candidate.Variant.HIERARCHICAL_RECLAIM;
        }
        var borrow = policy.borrowWithinCohort();
        if (borrow.policy() == BorrowPolicy.NEVER) {
            return Candidate.Variant.RECLAIM_WITHOUT_BORROWING;
        }
        boolean aboveThreshold = candidatePriority >= preemptorPriority
                || borrow.maxPriorityThreshold().isPresent() && candidatePriority > borrow.maxPriorityThreshold().get();
        return aboveThreshold ? Candidate.Variant.RECLAIM_WITHOUT_BORROWING : Candidate.Variant.RECLAIM_WHILE_BORROWING;
    }
}
