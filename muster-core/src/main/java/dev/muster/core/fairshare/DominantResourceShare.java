package dev.muster.core.fairshare;

import dev.muster.core.quantity.Saturating;
import dev.muster.core.quota.FlavorResourceIndex;
import dev.muster.core.quota.QuotaNode;
import java.util.HashMap;
import java.util.Map;

/**
 * Kueue's dominant resource share of a node in its cohort: for each resource, what the node
 * borrows (usage above its own quota, summed over flavors) per thousand of what its parent can
 * lend (the most the parent could use, up through the tree); the largest of these, with the node's fair-sharing weight (see {@link Share} for how two
 * shares compare). Zero when the node does not borrow; a weight of zero makes any borrowing
 * infinitely expensive, so such a queue only gets what nobody else wants, and among such queues
 * the one that borrows less goes first.
 */
public final class DominantResourceShare {

    private final FlavorResourceIndex index;

    public DominantResourceShare(FlavorResourceIndex index) {
        this.index = index;
    }

    /** The node's share were {@code extra} (indexed like the tree, may be null) added to its usage. */
    public Share of(QuotaNode node, long[] extra) {
        if (!node.hasParent()) {
            return Share.ZERO;
        }
        Map<String, Long> borrowed = new HashMap<>();
        Map<String, Long> lendable = new HashMap<>();
        QuotaNode parent = node.parent();
        for (int fr = 0; fr < index.size(); fr++) {
            String resource = index.get(fr).resource();
            // Kueue's calculateLendable: what the parent could ever use (its potentialAvailable,
            // reaching up to the root through borrowing limits), not only its own subtree's quota.
            lendable.merge(resource, parent.potentialAvailable(fr), Saturating::add);
            long b = borrowed(node, extra, fr);
            if (b > 0) {
                borrowed.merge(resource, b, Saturating::add);
            }
        }
        if (borrowed.isEmpty()) {
            return Share.ZERO;
        }
        double dominant = 0;
        for (Map.Entry<String, Long> e : borrowed.entrySet()) {
            long l = lendable.getOrDefault(e.getKey(), 0L);
            if (l > 0) {
                // As Kueue, in floating point: no product of user quantities can overflow.
                dominant = Math.max(dominant, (double) e.getValue() * 1000.0 / l);
            }
        }
        return new Share(dominant, node.fairSharingWeight().milli());
    }

    /**
     * Kueue's {@code DRS.IsBorrowing}: whether the node uses more than its own quota of any
     * flavor-resource it has quota for (a share of zero may still borrow, where the parent has
     * nothing to lend). A node without a parent never borrows.
     */
    public boolean borrows(QuotaNode node) {
        if (!node.hasParent()) {
            return false;
        }
        for (int fr = 0; fr < index.size(); fr++) {
            if (borrowed(node, null, fr) > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Kueue's {@code DRS.IsBorrowingOn}, for the share its tournament computes with a workload
     * admitted: whether {@code node}, with {@code extra} added to its usage, would use more than its
     * own quota of a flavor-resource that {@code extra} asks for. Borrowing on a flavor the workload
     * does not use does not count. A node without a parent never borrows.
     */
    public boolean borrowsOn(QuotaNode node, long[] extra) {
        if (!node.hasParent()) {
            return false;
        }
        for (int fr = 0; fr < index.size(); fr++) {
            if (extra[fr] > 0 && borrowed(node, extra, fr) > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * What {@code node}, with {@code extra} (may be null) added to its usage, uses above its own
     * quota of {@code fr}; 0 when it does not. Kueue counts borrowing only on the flavor-resources
     * the node has quota for (its SubtreeQuota's keys): a request in a flavor the node lacks is not
     * borrowing of it.
     */
    private static long borrowed(QuotaNode node, long[] extra, int fr) {
        if (!node.hasQuotaFor(fr)) {
            return 0;
        }
        long used = Saturating.add(node.usage(fr), extra == null ? 0 : extra[fr]);
        return Math.max(0, used - node.subtreeQuota(fr));
    }
}
