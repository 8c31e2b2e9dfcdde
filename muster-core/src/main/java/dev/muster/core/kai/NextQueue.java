package dev.muster.core.kai;

import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Which leaf queue a KAI pass serves next: one whose head preempted and whose victims are gone,
 * then KAI's queue order with each queue's head counted in ({@link KaiQueueOrder}), then the name.
 * What a head needs is worked out once per head, and once per shape (priority and pod sets) for
 * heads alike.
 */
final class NextQueue {

    private final KaiQueueOrder order;
    private final SchedulingCycle.Outcome outcome;
    /** What a workload needs at its minimum counts, in the tree's usage layout. */
    private final Function<Workload, long[]> usageOf;
    private final Map<ClusterQueueState, long[]> heads = new HashMap<>();
    private final Map<Integer, long[]> usageByShape = new HashMap<>();

    NextQueue(KaiQueueOrder order, SchedulingCycle.Outcome outcome, Function<Workload, long[]> usageOf) {
        this.order = order;
        this.outcome = outcome;
        this.usageOf = usageOf;
    }

    /** The queue served next among {@code queues} (each with its pending workloads in order); the tree is at {@code treeVersion}. */
    ClusterQueueState of(Map<ClusterQueueState, Deque<Workload>> queues, long treeVersion) {
        if (queues.size() == 1) {
            return queues.keySet().iterator().next();
        }
        queues.forEach((q, pending) -> heads.computeIfAbsent(q, k -> usageByShape.computeIfAbsent(
                outcome.shapeOf(pending.peek()), shape -> usageOf.apply(pending.peek()))));
        ClusterQueueState best = null;
        boolean bestSticky = false;
        for (Map.Entry<ClusterQueueState, Deque<Workload>> e : queues.entrySet()) {
            ClusterQueueState q = e.getKey();
            boolean sticky = outcome.isSticky(e.getValue().peek().key());
            if (best == null || first(sticky, q, bestSticky, best, treeVersion)) {
                best = q;
                bestSticky = sticky;
            }
        }
        return best;
    }

    /** The queue's head was taken: its next one is weighed when there is a choice of queues. */
    void served(ClusterQueueState q) {
        heads.remove(q);
    }

    /** Whether queue {@code a} is served before {@code b}. */
    private boolean first(boolean stickyA, ClusterQueueState a, boolean stickyB, ClusterQueueState b, long treeVersion) {
        if (stickyA != stickyB) {
            return stickyA;
        }
        int c = order.compareLeaves(a, heads.get(a), b, heads.get(b), treeVersion);
        return c != 0 ? c < 0 : a.name().compareTo(b.name()) < 0;
    }
}
