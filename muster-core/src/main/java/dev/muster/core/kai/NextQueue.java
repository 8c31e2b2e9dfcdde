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
    /** Per queue with a choice of queues: its head, weighed once until it is served. */
    private final Map<ClusterQueueState, Head> heads = new HashMap<>();
    private final Map<Integer, long[]> usageByShape = new HashMap<>();
    /** The head served last, with what was worked out about it. */
    private Head served;

    /**
     * A queue's next workload as the order reads it: what it needs, whether it preempted and its
     * victims are gone (that only changes when it is served), and its shape.
     */
    private record Head(Workload workload, long[] need, boolean sticky, int shape) {
    }

    NextQueue(KaiQueueOrder order, SchedulingCycle.Outcome outcome, Function<Workload, long[]> usageOf) {
        this.order = order;
        this.outcome = outcome;
        this.usageOf = usageOf;
    }

    /** The queue served next among {@code queues} (each with its pending workloads in order). */
    ClusterQueueState of(Map<ClusterQueueState, Deque<Workload>> queues) {
        if (queues.size() == 1) {
            return queues.keySet().iterator().next();
        }
        ClusterQueueState best = null;
        Head bestHead = null;
        for (Map.Entry<ClusterQueueState, Deque<Workload>> e : queues.entrySet()) {
            ClusterQueueState q = e.getKey();
            Head h = heads.get(q);
            if (h == null) {
                h = head(e.getValue().peek());
                heads.put(q, h);
            }
            if (best == null || first(h, q, bestHead, best)) {
                best = q;
                bestHead = h;
            }
        }
        return best;
    }

    private Head head(Workload wl) {
        int shape = outcome.shapeOf(wl);
        return new Head(wl, usageByShape.computeIfAbsent(shape, s -> usageOf.apply(wl)), outcome.isSticky(wl.key()), shape);
    }

    /** The queue's head was taken: its next one is weighed when there is a choice of queues. */
    void served(ClusterQueueState q) {
        served = heads.remove(q);
    }

    /** The shape of the workload just served ({@code SchedulingCycle.Outcome#shapeOf}), known if it was weighed. */
    int shapeOfServed(Workload wl) {
        return served != null && served.workload() == wl ? served.shape() : outcome.shapeOf(wl);
    }

    /** Whether queue {@code a} is served before {@code b}. */
    private boolean first(Head headA, ClusterQueueState a, Head headB, ClusterQueueState b) {
        if (headA.sticky() != headB.sticky()) {
            return headA.sticky();
        }
        int c = order.compareLeavesKnown(a, headA.need(), b, headB.need());
        return c != 0 ? c < 0 : a.name().compareTo(b.name()) < 0;
    }
}
