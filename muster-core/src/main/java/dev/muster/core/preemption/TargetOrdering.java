package dev.muster.core.preemption;

import dev.muster.core.fairshare.DominantResourceShare;
import dev.muster.core.fairshare.Share;
import dev.muster.core.quota.QuotaNode;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Kueue's TargetClusterQueueOrdering (preemption/fairsharing/ordering.go): which ClusterQueue the
 * next fair-sharing preemption candidate comes from. From the root cohort it descends, level by
 * level, into the child (cohort or ClusterQueue) with the highest dominant resource share, so a
 * ClusterQueue sitting high in the tree competes with whole cohorts, not with their members.
 * Shares are read from the live tree at each step, so removals made between steps count.
 *
 * <p>Nodes that can yield nothing more are pruned for the rest of the search: a ClusterQueue
 * without candidates left, or not borrowing (except the preemptor's own, which may still hold
 * candidates of its own); a cohort not borrowing and not above the preemptor (one above it may
 * hold imbalance inside), or whose children are all pruned. The search ends when the root is.
 * Each step costs a walk down one path of the tree, looking at the children along it.
 *
 * @param <T> a candidate; each ClusterQueue's come in candidate order
 */
final class TargetOrdering<T> {

    private final DominantResourceShare shares;
    private final QuotaNode preemptor;
    private final Map<QuotaNode, Deque<T>> candidates;
    private final Comparator<T> order;
    private final Set<QuotaNode> pruned = Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * @param candidates each ClusterQueue's candidates (by its quota node), first to be taken
     *                   first; drained as they are popped
     * @param order      Kueue's CandidatesOrdering, to settle a tie of two ClusterQueues' shares by
     *                   their first candidates
     */
    TargetOrdering(DominantResourceShare shares, QuotaNode preemptor, Map<QuotaNode, Deque<T>> candidates,
            Comparator<T> order) {
        this.shares = shares;
        this.preemptor = preemptor;
        this.candidates = candidates;
        this.order = order;
    }

    /**
     * The ClusterQueue to take the next candidate from, or null when none can yield more. The
     * same one may come again while it stays the highest; between two calls the caller pops a
     * candidate from it or drops it, or the search would not move on.
     */
    QuotaNode next() {
        if (!preemptor.hasParent()) {
            // Kueue's Iter for a ClusterQueue without cohort: only its own workloads.
            return !pruned.contains(preemptor) && hasCandidate(preemptor) ? preemptor : null;
        }
        QuotaNode root = preemptor.root();
        while (!pruned.contains(root)) {
            QuotaNode target = nextTarget(root);
            if (target != null) {
                return target;
            }
            // that walk only pruned some node: walk again
        }
        return null;
    }

    boolean hasCandidate(QuotaNode queue) {
        Deque<T> d = candidates.get(queue);
        return d != null && !d.isEmpty();
    }

    T pop(QuotaNode queue) {
        return candidates.get(queue).pollFirst();
    }

    /** Kueue's DropQueue: no more candidates from this ClusterQueue. */
    void drop(QuotaNode queue) {
        pruned.add(queue);
    }

    /**
     * Kueue's getAlmostLCAs (fairsharing/least_common_ancestor.go): the children of the lowest
     * cohort above both the preemptor's and the target's ClusterQueue, on each one's side; the
     * fair-sharing strategies compare these two nodes' shares. {@code target} is not the preemptor's
     * queue and lies in its tree.
     */
    AlmostLcas almostLcas(QuotaNode target) {
        QuotaNode lca = preemptor.commonAncestor(target);
        return new AlmostLcas(preemptor.childOnPathTo(lca), target.childOnPathTo(lca));
    }

    /** The preemptor's and the target's side of their lowest common cohort. */
    record AlmostLcas(QuotaNode preemptorSide, QuotaNode targetSide) {
    }

    /**
     * Kueue's nextTarget: the child of {@code cohort} with the highest share, returned if it is a
     * ClusterQueue, entered if it is a cohort; null when this walk only pruned nodes.
     */
    private QuotaNode nextTarget(QuotaNode cohort) {
        QuotaNode bestQueue = null;
        Share bestQueueShare = null;
        QuotaNode bestCohort = null;
        Share bestCohortShare = null;
        for (QuotaNode child : cohort.children()) {
            if (pruned.contains(child)) {
                continue;
            }
            Share share = shares.of(child, null);
            if (child.kind() == QuotaNode.Kind.CLUSTER_QUEUE) {
                if (!shares.borrows(child) && child != preemptor || !hasCandidate(child)) {
                    pruned.add(child);
                } else if (bestQueue == null || queueBefore(child, share, bestQueue, bestQueueShare)) {
                    bestQueue = child;
                    bestQueueShare = share;
                }
            } else if (!shares.borrows(child) && !preemptor.isWithin(child)) {
                pruned.add(child);
            } else if (bestCohort == null || cohortBefore(share, bestCohortShare, child, bestCohort)) {
                bestCohort = child;
                bestCohortShare = share;
            }
        }
        if (bestQueue == null && bestCohort == null) {
            pruned.add(cohort);
            return null;
        }
        // A cohort wins a tie with a ClusterQueue, as in Kueue: inside it the most unfair node
        // can then be chosen.
        if (bestCohort != null && (bestQueue == null || bestCohortShare.compareTo(bestQueueShare) >= 0)) {
            return nextTarget(bestCohort);
        }
        return bestQueue;
    }

    /** Higher share first; at equal shares, the queue whose first candidate Kueue's candidate order puts first. */
    private boolean queueBefore(QuotaNode queue, Share share, QuotaNode best, Share bestShare) {
        int byShare = share.compareTo(bestShare);
        return byShare > 0 || byShare == 0 && order.compare(candidates.get(queue).peekFirst(),
                candidates.get(best).peekFirst()) < 0;
    }

    /**
     * Higher share first. Kueue keeps the last of equal cohorts in the order of an unordered set,
     * so which one it enters is not defined; here the lower name wins, to stay deterministic.
     */
    private static boolean cohortBefore(Share share, Share bestShare, QuotaNode cohort, QuotaNode best) {
        int byShare = share.compareTo(bestShare);
        return byShare > 0 || byShare == 0 && cohort.name().compareTo(best.name()) < 0;
    }
}
