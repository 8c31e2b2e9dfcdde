package dev.muster.core.kai;

import dev.muster.core.admission.ClusterQueueState;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which queue gives up a workload next when KAI reclaims: KAI orders the queues that hold victims
 * by its queue order reversed (actions/utils/job_order_by_queue.go with VictimQueue, and
 * plugins/proportion/queue_order), level by level down the queue tree. The queue that deserves
 * its resources least goes first:
 * <ol>
 *   <li>one allocated above its fair share in every resource (over-utilised),</li>
 *   <li>one not within its quota in every resource (not starved),</li>
 *   <li>lower queue priority,</li>
 *   <li>one using a resource it has no allocatable share of,</li>
 *   <li>larger dominant share (allocation over allocatable share; an unlimited share counts as the
 *       cluster's capacity; a zero share weighs an allocation 1000 times, as KAI does),</li>
 *   <li>larger allocatable share (at least as large in every resource, larger in one),</li>
 *   <li>the queue declared later (KAI: the newer queue; Muster has no creation times, the order
 *       of the manifests stands for them).</li>
 * </ol>
 * Allocations are the tree's current usage, so what the search already took counts as gone.
 */
final class VictimQueueOrder {

    /** KAI's noFairShareDrfMultiplier. */
    private static final double NO_SHARE_WEIGHT = 1000;

    private final QuotaTree tree;
    private final Map<String, Map<String, Long>> shares;
    private final Map<String, KaiQueueSpec> specs;
    private final Map<String, Long> capacity;
    private final List<String> declared;

    VictimQueueOrder(QuotaTree tree, Map<String, Map<String, Long>> shares, Map<String, KaiQueueSpec> specs,
            Map<String, Long> capacity) {
        this.tree = tree;
        this.shares = shares;
        this.specs = specs;
        this.capacity = capacity;
        this.declared = List.copyOf(specs.keySet());
    }

    /** The leaf queue, among {@code queues}, whose workloads go first. */
    ClusterQueueState pick(List<ClusterQueueState> queues) {
        List<ClusterQueueState> candidates = queues;
        for (int depth = 0; candidates.size() > 1; depth++) {
            Map<QuotaNode, List<ClusterQueueState>> byNode = new LinkedHashMap<>();
            for (ClusterQueueState q : candidates) {
                List<QuotaNode> path = path(q.node());
                byNode.computeIfAbsent(path.get(Math.min(depth, path.size() - 1)), n -> new ArrayList<>()).add(q);
            }
            QuotaNode first = byNode.keySet().stream().min(order()).orElseThrow();
            candidates = byNode.get(first);
        }
        return candidates.get(0);
    }

    /** From the top-level queue down to {@code leaf}. */
    private List<QuotaNode> path(QuotaNode leaf) {
        List<QuotaNode> path = new ArrayList<>();
        for (QuotaNode n = leaf; n != null && specs.containsKey(n.name()); n = n.parent()) {
            path.add(0, n);
        }
        return path;
    }

    private Comparator<QuotaNode> order() {
        return Comparator.comparing((QuotaNode n) -> !overUtilised(n))
                .thenComparing(this::starved)
                .thenComparingInt(n -> specs.get(n.name()).priority())
                .thenComparing(n -> !usesWithoutShare(n))
                .thenComparing(Comparator.comparingDouble(this::dominantShare).reversed())
                .thenComparing(this::largerAllocatable)
                .thenComparing(Comparator.comparingInt((QuotaNode n) -> declared.indexOf(n.name())).reversed());
    }

    private boolean overUtilised(QuotaNode n) {
        for (String r : KaiQuotaTree.RESOURCES) {
            if (fairShare(n, r) >= allocated(n, r)) {
                return false;
            }
        }
        return true;
    }

    private boolean starved(QuotaNode n) {
        for (String r : KaiQuotaTree.RESOURCES) {
            if (allocated(n, r) > quota(n, r)) {
                return false;
            }
        }
        return true;
    }

    private boolean usesWithoutShare(QuotaNode n) {
        for (String r : KaiQuotaTree.RESOURCES) {
            if (allocatable(n, r) == 0 && allocated(n, r) > 0) {
                return true;
            }
        }
        return false;
    }

    private double dominantShare(QuotaNode n) {
        double dominant = 0;
        for (String r : KaiQuotaTree.RESOURCES) {
            long share = allocatable(n, r);
            if (share == Long.MAX_VALUE) {
                share = capacity.getOrDefault(r, KaiQuotaTree.UNBOUNDED);
            }
            double value = share == 0 ? allocated(n, r) * NO_SHARE_WEIGHT : (double) allocated(n, r) / share;
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
            long x = allocatable(a, r);
            long y = allocatable(b, r);
            aAtLeast &= x >= y;
            bAtLeast &= y >= x;
            differ |= x != y;
        }
        if (!differ) {
            return 0;
        }
        return aAtLeast ? -1 : bAtLeast ? 1 : 0;
    }

    private long allocated(QuotaNode n, String r) {
        int fr = tree.index().indexOf(KaiQuotaTree.FLAVOR, r);
        return fr < 0 ? 0 : n.usage(fr);
    }

    private long fairShare(QuotaNode n, String r) {
        return shares.getOrDefault(n.name(), Map.of()).getOrDefault(r, 0L);
    }

    private long quota(QuotaNode n, String r) {
        return KaiShares.quota(share(n, r));
    }

    private long allocatable(QuotaNode n, String r) {
        return KaiShares.allocatable(share(n, r), fairShare(n, r));
    }

    private Optional<KaiQueueSpec.Share> share(QuotaNode n, String r) {
        KaiQueueSpec spec = specs.get(n.name());
        return spec == null ? Optional.empty() : spec.share(r);
    }
}
