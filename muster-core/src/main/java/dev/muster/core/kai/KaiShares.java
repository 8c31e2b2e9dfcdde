package dev.muster.core.kai;

import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.QuotaNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A KAI queue's bounds in one resource as KAI's proportion plugin reads them
 * (plugins/proportion/resource_share/resource_share.go), for the queues of one cycle: their specs
 * and the fair shares computed for the cycle. Unlimited is {@link Long#MAX_VALUE}; a resource the
 * queue does not list has quota 0 and no limit.
 */
final class KaiShares {

    private final Map<String, Map<String, Long>> fairShares;
    private final Map<String, KaiQueueSpec> specs;

    /**
     * Per queue, its fair share, quota and allocatable share in each of {@link KaiQuotaTree#RESOURCES}
     * (in that order, three each), worked out once: KAI's queue order asks for them at every
     * comparison of two queues, and they hold for the pass.
     */
    private final Map<QuotaNode, long[]> known = new java.util.HashMap<>();

    KaiShares(Map<String, Map<String, Long>> fairShares, Map<String, KaiQueueSpec> specs) {
        this.fairShares = fairShares;
        this.specs = specs;
    }

    private long known(QuotaNode n, String r, int which) {
        int i = KaiQuotaTree.RESOURCES.indexOf(r);
        if (i < 0) {
            return which == 0 ? fairShareOf(n, r) : which == 1 ? quota(share(n, r)) : allocatable(share(n, r), fairShareOf(n, r));
        }
        long[] values = known.computeIfAbsent(n, this::bounds);
        return values[3 * i + which];
    }

    /**
     * The queue's fair share, quota and allocatable share in each of {@link KaiQuotaTree#RESOURCES},
     * three each in that order (not to be changed).
     */
    long[] boundsOf(QuotaNode n) {
        return known.computeIfAbsent(n, this::bounds);
    }

    private long[] bounds(QuotaNode n) {
        List<String> resources = KaiQuotaTree.RESOURCES;
        long[] values = new long[3 * resources.size()];
        for (int i = 0; i < resources.size(); i++) {
            String r = resources.get(i);
            values[3 * i] = fairShareOf(n, r);
            values[3 * i + 1] = quota(share(n, r));
            values[3 * i + 2] = allocatable(share(n, r), values[3 * i]);
        }
        return values;
    }

    /** The queues' names in the order they were declared (KAI breaks its last ties by creation time). */
    java.util.Set<String> declared() {
        return specs.keySet();
    }

    /** The queue's priority (higher first for the surplus and in KAI's queue order). */
    int priority(QuotaNode n) {
        return specs.get(n.name()).priority();
    }

    /** Whether the node is a KAI queue (not the cluster root the translation adds above them). */
    boolean isQueue(QuotaNode n) {
        return specs.containsKey(n.name());
    }

    long fairShare(QuotaNode n, String r) {
        return known(n, r, 0);
    }

    long quota(QuotaNode n, String r) {
        return known(n, r, 1);
    }

    long allocatable(QuotaNode n, String r) {
        return known(n, r, 2);
    }

    private long fairShareOf(QuotaNode n, String r) {
        return fairShares.getOrDefault(n.name(), Map.of()).getOrDefault(r, 0L);
    }

    private Optional<KaiQueueSpec.Share> share(QuotaNode n, String r) {
        KaiQueueSpec spec = specs.get(n.name());
        return spec == null ? Optional.empty() : spec.share(r);
    }

    /** KAI's deserved share: the quota. */
    static long quota(Optional<KaiQueueSpec.Share> share) {
        return share.map(s -> s.quota().map(Quantity::milli).orElse(Long.MAX_VALUE)).orElse(0L);
    }

    /**
     * KAI's GetAllocatableShare: max(quota, fair share) capped by the limit; with an unlimited quota,
     * the limit (so an unlimited quota and limit never make a queue "above" it).
     */
    static long allocatable(Optional<KaiQueueSpec.Share> share, long fairShare) {
        long limit = share.flatMap(KaiQueueSpec.Share::limit).map(Quantity::milli).orElse(Long.MAX_VALUE);
        if (share.isPresent() && share.get().quota().isEmpty()) {
            return limit;
        }
        return Math.min(limit, Math.max(quota(share), fairShare));
    }
}
