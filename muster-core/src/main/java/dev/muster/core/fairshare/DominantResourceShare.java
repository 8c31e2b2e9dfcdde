package dev.muster.core.fairshare;

import dev.muster.core.quota.FlavorResourceIndex;
import dev.muster.core.quota.QuotaNode;
import java.util.HashMap;
import java.util.Map;

/**
 * Kueue's dominant resource share of a node in its cohort: for each resource, what the node
 * borrows (usage above its own quota, summed over flavors) per thousand of what its parent can
 * lend; the largest of these, divided by the node's fair-sharing weight. Zero when the node does
 * not borrow; a weight of zero makes any borrowing infinitely expensive, so such a queue only
 * gets what nobody else wants.
 */
public final class DominantResourceShare {

    /** The share of a node that borrows with weight zero. */
    public static final long INFINITE = Long.MAX_VALUE;

    private final FlavorResourceIndex index;

    public DominantResourceShare(FlavorResourceIndex index) {
        this.index = index;
    }

    /** The node's share were {@code extra} (indexed like the tree, may be null) added to its usage. */
    public long of(QuotaNode node, long[] extra) {
        if (!node.hasParent()) {
            return 0;
        }
        Map<String, Long> borrowed = new HashMap<>();
        Map<String, Long> lendable = new HashMap<>();
        QuotaNode parent = node.parent();
        for (int fr = 0; fr < index.size(); fr++) {
            String resource = index.get(fr).resource();
            lendable.merge(resource, parent.subtreeQuota(fr), Long::sum);
            long b = node.usage(fr) + (extra == null ? 0 : extra[fr]) - node.subtreeQuota(fr);
            if (b > 0) {
                borrowed.merge(resource, b, Long::sum);
            }
        }
        if (borrowed.isEmpty()) {
            return 0;
        }
        long weight = node.fairSharingWeight().milli();
        if (weight == 0) {
            return INFINITE;
        }
        long dominant = 0;
        for (Map.Entry<String, Long> e : borrowed.entrySet()) {
            long l = lendable.getOrDefault(e.getKey(), 0L);
            if (l > 0) {
                long b = e.getValue();
                // Memory in milli-bytes can overflow b * 1000; divide first then, losing nothing that matters.
                dominant = Math.max(dominant, b > Long.MAX_VALUE / 1000 ? b / l * 1000 : b * 1000 / l);
            }
        }
        return dominant * 1000 / weight;
    }
}
