package dev.muster.core.kai;

import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
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
    private final KaiShapeIds shapeIds;
    /** The head served last, with what was worked out about it. */
    private Head served;
    private ClusterQueueState lastServed;
    /**
     * The queue picked last from a choice of queues, the best of the others then (null if not
     * known), and the usage changes of the other queues and the number of queues at that pick.
     */
    private ClusterQueueState picked;
    private ClusterQueueState runnerUp;
    private long othersAt;
    private int queuesAtPick;
    private Boolean siblings;

    /**
     * A queue's next workload as the order reads it: what it needs, whether it preempted and its
     * victims are gone (that only changes when it is served), and its shape.
     */
    private record Head(Workload workload, long[] need, boolean sticky, int shape) {
    }

    NextQueue(KaiQueueOrder order, SchedulingCycle.Outcome outcome, Function<Workload, long[]> usageOf, KaiShapeIds shapeIds) {
        this.order = order;
        this.shapeIds = shapeIds;
        this.outcome = outcome;
        this.usageOf = usageOf;
    }

    /** The queue served next among {@code queues} (each with its pending workloads in order). */
    ClusterQueueState of(Map<ClusterQueueState, PassQueue> queues) {
        if (queues.size() == 1) {
            return queues.keySet().iterator().next();
        }
        ClusterQueueState again = pickedAgain(queues);
        if (again != null) {
            return again;
        }
        boolean total = siblings(queues.keySet());
        ClusterQueueState best = null;
        Head bestHead = null;
        ClusterQueueState second = null;
        Head secondHead = null;
        for (Map.Entry<ClusterQueueState, PassQueue> e : queues.entrySet()) {
            ClusterQueueState q = e.getKey();
            Head h = headOf(q, e.getValue());
            if (best == null || first(h, q, bestHead, best)) {
                second = best;
                secondHead = bestHead;
                best = q;
                bestHead = h;
            } else if (second == null || first(h, q, secondHead, second)) {
                second = q;
                secondHead = h;
            }
        }
        picked = best;
        runnerUp = total ? second : null;
        othersAt = usageChangesOfOthers();
        queuesAtPick = queues.size();
        return best;
    }

    /**
     * The queue picked last, if it is picked again: no other queue's usage changed since, and its
     * next head still goes before the best of the other queues, whose heads did not change. Leaf
     * queues under one parent are each weighed alone, so the order is a total one and that best
     * stays the best of the others; under different parents a queue is weighed with the head of
     * the leaf compared to, and the queues are compared anew each time.
     */
    private ClusterQueueState pickedAgain(Map<ClusterQueueState, PassQueue> queues) {
        if (runnerUp == null || lastServed != picked || othersAt != usageChangesOfOthers() || queues.size() != queuesAtPick) {
            return null;
        }
        PassQueue rest = queues.get(picked);
        Head other = heads.get(runnerUp);
        if (rest == null || other == null) {
            return null;
        }
        return first(headOf(picked, rest), picked, other, runnerUp) ? picked : null;
    }

    /**
     * Moves whenever the usage of a queue other than the one picked last changes. Among leaves of
     * one parent, a queue's place in the order reads its own usage alone, so while this holds
     * the best of the others stays the best of the others.
     */
    private long usageChangesOfOthers() {
        return order.usageChanges() - picked.node().ownUsageChanges();
    }

    private Head headOf(ClusterQueueState q, PassQueue rest) {
        Head h = heads.get(q);
        if (h == null) {
            h = head(rest.peek(), rest.peekTicket());
            heads.put(q, h);
        }
        return h;
    }

    /** Whether the queues are leaves of one parent (worked out once a pass: a pass only drops queues). */
    private boolean siblings(Set<ClusterQueueState> queues) {
        if (siblings == null) {
            QuotaNode parent = queues.iterator().next().node().parent();
            siblings = queues.stream().allMatch(q -> q.node().parent() == parent);
        }
        return siblings;
    }

    private Head head(Workload wl, ClusterQueueState.Ticket ticket) {
        int shape = shapeIds.of(wl, ticket, outcome);
        return new Head(wl, usageByShape.computeIfAbsent(shape, s -> usageOf.apply(wl)), outcome.isSticky(wl.key()), shape);
    }

    /** The queue's head was taken: its next one is weighed when there is a choice of queues. */
    void served(ClusterQueueState q) {
        served = heads.remove(q);
        lastServed = q;
    }

    /** The shape of the workload just served ({@code SchedulingCycle.Outcome#shapeOf}), known if it was weighed. */
    int shapeOfServed(Workload wl, ClusterQueueState.Ticket ticket) {
        return served != null && served.workload() == wl ? served.shape() : shapeIds.of(wl, ticket, outcome);
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
