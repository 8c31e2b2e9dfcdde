package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The room claimed by preemptors not admitted yet, held for them during one pass over a cohort
 * tree: it is charged to the preemptor's ClusterQueue when the pass starts (as much of the claim
 * as is free), so no other workload, and above all none of its victims queued again, is admitted
 * into it; it is given back when the pass reaches the preemptor (which then tries with the room
 * free) and when the pass ends. Kueue does the same by counting a preempting workload's usage in
 * the cycle's snapshot each time it is considered ({@code cq.AddUsage} in the scheduler's
 * {@code processEntry}) with the preemptor kept at the head of its queue. Without it a victim
 * queued again is admitted into the room freed for its preemptor, the preemptor preempts it
 * again, and so on without end.
 */
final class HeldRoom {

    private record Held(QuotaNode node, long[] amount) {
    }

    private final QuotaTree tree;
    private final Map<ObjectKey, Held> held = new LinkedHashMap<>();

    HeldRoom(QuotaTree tree) {
        this.tree = tree;
    }

    /** Holds, for the preemptor, the part of its claim that is free now in its ClusterQueue. */
    void hold(ObjectKey preemptor, QuotaNode clusterQueue, long[] need) {
        long[] amount = new long[need.length];
        for (int fr = 0; fr < need.length; fr++) {
            if (need[fr] > 0) {
                amount[fr] = Math.min(need[fr], Math.max(0, clusterQueue.available(fr)));
            }
        }
        tree.add(clusterQueue, amount);
        held.put(preemptor, new Held(clusterQueue, amount));
    }

    /** The pass reached the preemptor (or it gave up): its room is free again for this pass. */
    void release(ObjectKey preemptor) {
        Held h = held.isEmpty() ? null : held.remove(preemptor); // asked for every workload a pass looks at
        if (h != null) {
            tree.remove(h.node(), h.amount());
        }
    }

    /** What is held now in {@code clusterQueue}, of flavor-resource {@code fr}. */
    long heldIn(QuotaNode clusterQueue, int fr) {
        long sum = 0;
        for (Held h : held.values()) {
            if (h.node() == clusterQueue) {
                sum += h.amount()[fr];
            }
        }
        return sum;
    }

    /** The pass is over: everything still held is given back (its preemptors keep their claims). */
    void releaseAll() {
        List.copyOf(held.keySet()).forEach(this::release);
    }
}
