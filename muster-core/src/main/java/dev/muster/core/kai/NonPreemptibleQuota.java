package dev.muster.core.kai;

import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * KAI's capacity policy for non-preemptible workloads (priority {@value KaiCycle#NON_PREEMPTIBLE}
 * and up): together they stay within the quota of their queue and of each of its parents.
 */
final class NonPreemptibleQuota {

    private final QuotaTree tree;
    /** The KAI queues by name (the same map as the cycle's). */
    private final Map<String, KaiQueueSpec> specs;

    NonPreemptibleQuota(QuotaTree tree, Map<String, KaiQueueSpec> specs) {
        this.tree = tree;
        this.specs = specs;
    }

    /** Whether a non-preemptible gang may grow to {@code larger}: its extra pods keep every queue on its path within quota. */
    boolean allowsGrowth(ClusterQueueState q, AdmittedWorkload g, Assignment larger,
            List<ClusterQueueState> leaves) {
        long[] extra = larger.usage();
        long[] current = g.assignment().usage();
        for (int fr = 0; fr < extra.length; fr++) {
            extra[fr] = Math.max(0, extra[fr] - current[fr]);
        }
        return excess(q, extra, leaves) == null;
    }

    /**
     * KAI's capacity policy for non-preemptible workloads (plugins/proportion/capacity_policy,
     * resultsWithNonPreemptibleOverQuota): with {@code extra}, the non-preemptible workloads under
     * the queue and under each of its parents stay within that queue's quota (an unlimited quota
     * always holds). Returns the first excess in words, or null.
     */
    String excess(ClusterQueueState q, long[] extra, List<ClusterQueueState> leaves) {
        QuotaNode top = q.node();
        while (top.parent() != null && specs.containsKey(top.parent().name())) {
            top = top.parent();
        }
        // One look at the admitted workloads under the top queue; each level sums its leaves.
        Map<QuotaNode, long[]> byLeaf = new LinkedHashMap<>();
        for (ClusterQueueState leaf : leaves) {
            if (leaf.node().isWithin(top)) {
                byLeaf.put(leaf.node(), usage(leaf));
            }
        }
        for (QuotaNode n = q.node(); n != null && specs.containsKey(n.name()); n = n.parent()) {
            List<String> parts = new ArrayList<>();
            for (int fr = 0; fr < extra.length; fr++) {
                if (extra[fr] <= 0) {
                    continue;
                }
                long used = 0;
                for (Map.Entry<QuotaNode, long[]> e : byLeaf.entrySet()) {
                    if (e.getKey().isWithin(n)) {
                        used += e.getValue()[fr];
                    }
                }
                long quota = quota(n.name(), fr);
                if (used + extra[fr] > quota) {
                    String r = tree.index().get(fr).resource();
                    parts.add(r + ": quota " + Quantity.ofMilli(quota).format(r) + ", non-preemptible workloads use "
                            + Quantity.ofMilli(used).format(r) + ", it needs " + Quantity.ofMilli(extra[fr]).format(r));
                }
            }
            if (!parts.isEmpty()) {
                return "queue " + n.name() + " would be over its quota: " + String.join("; ", parts);
            }
        }
        return null;
    }

    private long quota(String queue, int fr) {
        String resource = tree.index().get(fr).resource();
        return KaiShares.quota(specs.get(queue).share(resource));
    }

    /** What the non-preemptible workloads of a leaf queue use, per flavor-resource. */
    private long[] usage(ClusterQueueState leaf) {
        long[] sum = new long[tree.index().size()];
        for (AdmittedWorkload a : leaf.admittedWorkloads()) {
            if (a.workload().priority() >= KaiCycle.NON_PREEMPTIBLE) {
                long[] usage = a.assignment().usage();
                for (int fr = 0; fr < sum.length; fr++) {
                    sum[fr] += usage[fr];
                }
            }
        }
        return sum;
    }
}
