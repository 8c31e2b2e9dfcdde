package dev.muster.core.quota;

/**
 * Kueue's FindHeightOfLowestSubtreeThatFits (preemption/classical/hierarchical_preemption.go):
 * the lowest cohort, on a ClusterQueue's path to the root, whose own quota holds an extra amount
 * of one flavor-resource, counting what the nodes below it keep unused for themselves.
 *
 * @param height        0 when the ClusterQueue's nominal quota holds it; else the height of that
 *                      cohort (the longest way down to a ClusterQueue), or of the whole tree when
 *                      none does. This is Kueue's borrowing level of an assignment.
 * @param belowTheRoot  whether that subtree is smaller than the whole tree: the request may then
 *                      reclaim quota by hierarchical advantage (Kueue's mayReclaimInHierarchy)
 */
public record LowestFittingSubtree(int height, boolean belowTheRoot) {

    public static LowestFittingSubtree of(QuotaNode queue, int fr, long amount) {
        // Differences, not sums: usage and quota are non-negative, so none of this can overflow.
        if (amount <= queue.nominal(fr) - queue.usage(fr) || !queue.hasParent()) {
            return new LowestFittingSubtree(0, queue.hasParent());
        }
        long remaining = amount - localAvailable(queue, fr);
        for (QuotaNode n = queue.parent(); n != null; n = n.parent()) {
            if (remaining <= n.subtreeQuota(fr) - n.usage(fr)) {
                return new LowestFittingSubtree(n.height(), n.hasParent());
            }
            remaining -= localAvailable(n, fr);
        }
        return new LowestFittingSubtree(queue.root().height(), false);
    }

    /** What the node keeps for itself (within its lending limit) and does not use. */
    private static long localAvailable(QuotaNode n, int fr) {
        return Math.max(0, n.guaranteed(fr) - n.usage(fr));
    }
}
