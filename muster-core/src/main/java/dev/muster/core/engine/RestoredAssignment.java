package dev.muster.core.engine;

import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.Saturating;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.quota.QuotaTree;
import java.util.List;
import java.util.Map;

/** The assignment of an admission taken over from an earlier run ({@link Engine#restore}), checked against the queue. */
final class RestoredAssignment {

    private RestoredAssignment() {
    }

    /**
     * Charges {@code podSets} to {@code cq} in the quota tree and returns the assignment; it borrows
     * when, with its usage counted, the queue is above its nominal quota for a resource it uses.
     *
     * @throws IllegalArgumentException when a pod set or flavor does not match the workload and the queue
     */
    static Assignment charge(QuotaTree tree, ClusterQueueState cq, Workload wl, List<PodSetAssignment> podSets) {
        if (podSets.size() != wl.podSets().size()) {
            throw new IllegalArgumentException("workload " + wl.key() + " has " + wl.podSets().size()
                    + " pod sets, its admission " + podSets.size());
        }
        long[] usage = new long[tree.index().size()];
        for (int i = 0; i < podSets.size(); i++) {
            PodSetAssignment psa = podSets.get(i);
            for (Map.Entry<String, Quantity> r : wl.podSets().get(i).perPod().amounts().entrySet()) {
                String flavor = psa.flavors().get(r.getKey());
                if (flavor == null) {
                    continue; // a resource the queue does not cover: Kueue ignores it too
                }
                int fr = tree.index().indexOf(flavor, r.getKey());
                if (fr < 0) {
                    throw new IllegalArgumentException("flavor " + flavor + " has no quota for " + r.getKey());
                }
                usage[fr] = Saturating.add(usage[fr], Saturating.multiply(r.getValue().milli(), psa.count()));
            }
        }
        tree.add(cq.node(), usage);
        boolean borrows = false;
        for (int fr = 0; fr < usage.length; fr++) {
            borrows |= usage[fr] > 0 && cq.node().borrows(fr);
        }
        return new Assignment(podSets, usage, borrows);
    }
}
