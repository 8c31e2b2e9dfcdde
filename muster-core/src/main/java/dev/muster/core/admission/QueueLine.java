package dev.muster.core.admission;

import dev.muster.core.model.Pending;

import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;

/**
 * How the workloads behind a ClusterQueue's head fare in a pass: shapes known not to fit are
 * passed over with the reason found for them, and under StrictFIFO a head that cannot go holds
 * back the rest of its queue.
 */
final class QueueLine {

    private QueueLine() {
    }

    static void markInadmissible(Candidate c, Pending reason, SchedulingCycle.Outcome outcome) {
        c.queue.markInadmissible(outcome.shapeOf(c.workload, c.ticket), outcome.freedVersion(c.queue), reason);
    }

    /**
     * Skips, from {@code c} on, the workloads whose shape is known not to fit since quota was last
     * freed in the tree: they get the reason found for their shape without being tried again.
     * Returns the first one that must be tried, or null (also when a StrictFIFO head is skipped,
     * as it still holds its queue back). One skipped so still gets its reservation, if it is due one.
     */
    static Candidate skipInadmissible(Candidate c, SchedulingCycle.Outcome outcome, Reservations reservations) {
        if (c == null) {
            return null;
        }
        // Walks the queue's snapshot: a candidate is made only for the workload that must be tried.
        Workload[] workloads = c.snapshot.workloads();
        ClusterQueueState.Ticket[] tickets = c.snapshot.tickets();
        for (int i = c.position; i < workloads.length; i++) {
            Workload wl = workloads[i];
            long freed = outcome.freedVersion(c.queue);
            Pending reason = c.queue.hasInadmissibleAt(freed)
                    ? c.queue.inadmissibleReason(outcome.shapeOf(wl, tickets[i]), freed)
                    : null;
            // A preemptor whose victims are gone is tried itself: the room held for it is what others of its shape lacked.
            // So is one whose due reservation may evict backfilled work that broke its promise.
            if (reason == null || outcome.isSticky(wl.key()) || reservations.mayEvictOverstayers(outcome)) {
                return i == c.position ? c : c.at(i);
            }
            outcome.waiting(wl, tickets[i], reservations.reserve(c.queue, wl, reason, outcome));
            if (isStrictFifo(c)) {
                // An inadmissible StrictFIFO head still holds its queue back (its waiters' reasons are unchanged).
                return null;
            }
        }
        return null;
    }

    /** Under StrictFIFO a head that cannot be admitted holds back the rest of its queue. */
    static boolean blocks(Candidate head, SchedulingCycle.Outcome outcome) {
        if (!isStrictFifo(head)) {
            return false;
        }
        blockBehind(head, outcome);
        return true;
    }

    /** Tells every workload behind {@code head} that it waits for it. */
    static void blockBehind(Candidate head, SchedulingCycle.Outcome outcome) {
        Pending reason = WaitReasons.behindStrictFifo(head);
        for (Candidate c = head.next(); c != null; c = c.next()) {
            outcome.waiting(c.workload, c.ticket, reason);
        }
    }

    static boolean isStrictFifo(Candidate head) {
        return head.queue.spec().queueingStrategy() == QueueingStrategy.STRICT_FIFO;
    }
}
