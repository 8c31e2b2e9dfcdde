package dev.muster.core.kai;

import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * KAI's queue order (plugins/proportion/queue_order/queue_order.go GetQueueOrderResult), level by
 * level down the queue tree as KAI's JobsOrderByQueues walks it. For allocation, with each queue's
 * next workload ("the job") counted in where KAI counts it, the queue served first is:
 * <ol>
 *   <li>one not allocated above its fair share in every resource (not over-utilised),</li>
 *   <li>one that stays within its quota in every resource with the job (starved),</li>
 *   <li>of higher queue priority,</li>
 *   <li>one that, with the job, uses no resource it has no allocatable share of,</li>
 *   <li>of smaller dominant share with the job (allocation over allocatable share — the larger of
 *       quota and fair share, capped by the limit; an unlimited share counts as the cluster's
 *       capacity; a zero share weighs an allocation 1000 times, as KAI does), then without it,</li>
 *   <li>of smaller allocatable share (at most the other's in every resource, less in one),</li>
 *   <li>declared earlier (KAI: the older queue; Muster has no creation times, the order of the
 *       manifests stands for them).</li>
 * </ol>
 * Reclaim visits the queues that hold victims in the reverse order, without a job
 * ({@link #victimQueue}); allocations are the tree's current usage, so what a search already took
 * counts as gone.
 */
final class KaiQueueOrder {

    /** KAI's noFairShareDrfMultiplier. */
    private static final double NO_SHARE_WEIGHT = 1000;

    private final QuotaTree tree;
    /** The queues' quota, fair share and allocatable share, as KAI reads them. */
    private final KaiShares bounds;
    private final Map<String, Long> capacity;
    /** Each queue's place in the order of declaration. */
    private final Map<String, Integer> declared = new java.util.HashMap<>();

    KaiQueueOrder(QuotaTree tree, KaiShares bounds, Map<String, Long> capacity) {
        this.tree = tree;
        this.bounds = bounds;
        this.capacity = capacity;
        bounds.declared().forEach(name -> declared.put(name, declared.size()));
        resourceIndex = KaiQuotaTree.RESOURCES.stream().mapToInt(r -> tree.index().indexOf(KaiQuotaTree.FLAVOR, r)).toArray();
        none = new long[tree.index().size()];
    }

    /** Per resource of {@link KaiQuotaTree#RESOURCES}: its index in the tree's usage arrays, -1 if none. */
    private final int[] resourceIndex;
    /** The usage of no workload at all. */
    private final long[] none;

    /** The leaf queue, among {@code queues}, whose workloads give way first. */
    ClusterQueueState victimQueue(List<ClusterQueueState> queues) {
        List<ClusterQueueState> candidates = queues;
        for (int depth = 0; candidates.size() > 1; depth++) {
            Map<QuotaNode, List<ClusterQueueState>> byNode = new LinkedHashMap<>();
            for (ClusterQueueState q : candidates) {
                List<QuotaNode> path = path(q.node());
                byNode.computeIfAbsent(path.get(Math.min(depth, path.size() - 1)), n -> new ArrayList<>()).add(q);
            }
            QuotaNode first = byNode.keySet().stream().min((a, b) -> compare(b, none, a, none)).orElseThrow();
            candidates = byNode.get(first);
        }
        return candidates.get(0);
    }

    /**
     * Allocation order of two leaf queues, each with the usage its next workload would add: KAI
     * compares the two queues where their paths split. Negative when {@code a} is served first.
     */
    int compareLeaves(ClusterQueueState a, long[] needA, ClusterQueueState b, long[] needB) {
        QuotaNode common = a.node().commonAncestor(b.node());
        return compare(a.node().childOnPathTo(common), needA, b.node().childOnPathTo(common), needB);
    }

    /**
     * {@link #compareLeaves} for a pass that asks again and again: what it reads of each queue with
     * its job is worked out again only when the job (by identity) or what the queue has allocated
     * changed, as nothing else it reads changes in a pass. An admission to one queue then weighs
     * that queue again, not every queue.
     */
    int compareLeavesKnown(ClusterQueueState a, long[] needA, ClusterQueueState b, long[] needB) {
        QuotaNode common = a.node().commonAncestor(b.node());
        return compare(knownSide(a.node().childOnPathTo(common), needA), knownSide(b.node().childOnPathTo(common), needB));
    }

    /** Moves whenever an allocation in the tree changes: the order of leaves with the same jobs holds while it does not. */
    long usageChanges() {
        return tree.usageChanges();
    }

    /** KAI's GetQueueOrderResult for two queues, each with a job's usage; negative when {@code a} goes first. */
    int compare(QuotaNode a, long[] needA, QuotaNode b, long[] needB) {
        return compare(side(a, needA), side(b, needB));
    }

    /** What the order reads of one queue with a job counted in, in the order it reads it. */
    private record Side(QuotaNode node, boolean overUtilised, boolean starved, int priority, boolean usesWithoutShare,
            double dominantShare, double dominantShareAlone) {
    }

    private Side side(QuotaNode n, long[] need) {
        long[] allocated = allocated(n);
        long[] b = bounds.boundsOf(n);
        return new Side(n, overUtilised(allocated, b), starved(allocated, need, b), bounds.priority(n),
                usesWithoutShare(allocated, need, b), dominantShare(allocated, need, b), dominantShare(allocated, none, b));
    }

    /**
     * A queue's sides, per job usage (by identity: a pass hands the same array for heads of one
     * shape), and the allocation they were worked out for. A queue's heads change shape from one
     * step to the next, so one side per queue would be worked out again at almost every step.
     */
    private record KnownSides(long[] allocated, Map<long[], Side> byNeed) {
    }

    private final Map<QuotaNode, KnownSides> known = new java.util.HashMap<>();

    private Side knownSide(QuotaNode n, long[] need) {
        KnownSides k = known.get(n);
        if (k == null || !allocatedStill(n, k.allocated())) {
            k = new KnownSides(allocated(n), new java.util.IdentityHashMap<>());
            known.put(n, k);
        }
        Side s = k.byNeed().get(need);
        if (s == null) {
            s = side(n, need);
            k.byNeed().put(need, s);
        }
        return s;
    }

    private int compare(Side a, Side b) {
        int c = Boolean.compare(a.overUtilised(), b.overUtilised());
        if (c == 0) {
            c = Boolean.compare(!a.starved(), !b.starved());
        }
        if (c == 0) {
            c = Integer.compare(b.priority(), a.priority());
        }
        if (c == 0) {
            c = Boolean.compare(a.usesWithoutShare(), b.usesWithoutShare());
        }
        if (c == 0) {
            c = Double.compare(a.dominantShare(), b.dominantShare());
        }
        if (c == 0) {
            c = Double.compare(a.dominantShareAlone(), b.dominantShareAlone());
        }
        if (c == 0) {
            c = -largerAllocatable(a.node(), b.node());
        }
        if (c == 0) {
            c = Integer.compare(declared.get(a.node().name()), declared.get(b.node().name()));
        }
        return c;
    }

    /** From the top-level queue down to {@code leaf}. */
    private List<QuotaNode> path(QuotaNode leaf) {
        List<QuotaNode> path = new ArrayList<>();
        for (QuotaNode n = leaf; n != null && bounds.isQueue(n); n = n.parent()) {
            path.add(0, n);
        }
        return path;
    }

    /* Below, per resource i of KaiQuotaTree.RESOURCES: b[3i], b[3i+1], b[3i+2] are the queue's fair share, quota and allocatable share. */

    private boolean overUtilised(long[] allocated, long[] b) {
        for (int i = 0; i < allocated.length; i++) {
            if (b[3 * i] >= allocated[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean starved(long[] allocated, long[] need, long[] b) {
        for (int i = 0; i < allocated.length; i++) {
            if (allocated[i] + need(need, i) > b[3 * i + 1]) {
                return false;
            }
        }
        return true;
    }

    private boolean usesWithoutShare(long[] allocated, long[] need, long[] b) {
        for (int i = 0; i < allocated.length; i++) {
            if (b[3 * i + 2] == 0 && allocated[i] + need(need, i) > 0) {
                return true;
            }
        }
        return false;
    }

    private double dominantShare(long[] allocated, long[] need, long[] b) {
        double dominant = 0;
        for (int i = 0; i < allocated.length; i++) {
            long share = b[3 * i + 2];
            if (share == Long.MAX_VALUE) {
                share = capacity.getOrDefault(KaiQuotaTree.RESOURCES.get(i), KaiQuotaTree.UNBOUNDED);
            }
            double used = (double) allocated[i] + need(need, i);
            double value = share == 0 ? used * NO_SHARE_WEIGHT : used / share;
            dominant = Math.max(dominant, value);
        }
        return dominant;
    }

    /** Orders a queue whose allocatable share is at least the other's in every resource, and more in one, first. */
    private int largerAllocatable(QuotaNode a, QuotaNode b) {
        boolean aAtLeast = true;
        boolean bAtLeast = true;
        boolean differ = false;
        for (String r : KaiQuotaTree.RESOURCES) {
            long x = bounds.allocatable(a, r);
            long y = bounds.allocatable(b, r);
            aAtLeast &= x >= y;
            bAtLeast &= y >= x;
            differ |= x != y;
        }
        if (!differ) {
            return 0;
        }
        return aAtLeast ? -1 : bAtLeast ? 1 : 0;
    }

    /** What a job needs of resource i of {@link KaiQuotaTree#RESOURCES}. */
    private long need(long[] need, int i) {
        int fr = resourceIndex[i];
        return fr < 0 ? 0 : need[fr];
    }

    /** What the queue has allocated of each resource of {@link KaiQuotaTree#RESOURCES}. */
    private long[] allocated(QuotaNode n) {
        long[] allocated = new long[resourceIndex.length];
        for (int i = 0; i < allocated.length; i++) {
            allocated[i] = resourceIndex[i] < 0 ? 0 : n.usage(resourceIndex[i]);
        }
        return allocated;
    }

    private boolean allocatedStill(QuotaNode n, long[] allocated) {
        for (int i = 0; i < allocated.length; i++) {
            if (allocated[i] != (resourceIndex[i] < 0 ? 0 : n.usage(resourceIndex[i]))) {
                return false;
            }
        }
        return true;
    }
}
