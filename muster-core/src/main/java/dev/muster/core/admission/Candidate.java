package dev.muster.core.admission;

import dev.muster.core.fairshare.Share;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.ClusterQueueState.PendingSnapshot;
import dev.muster.core.queue.ClusterQueueState.Ticket;

/** A ClusterQueue's next pending workload in a pass, with its (lower-bound) ordering key. */
final class Candidate {
    final ClusterQueueState queue;
    final PendingSnapshot snapshot;
    final int position;
    final Workload workload;
    /** The engine's ticket for {@link #workload}, handed back with it (null if it was queued without). */
    final Ticket ticket;
    Share share = Share.ZERO;
    /** How high in the cohort tree it borrows (Kueue's Assignment.Borrows); 0, a lower bound, until tried. */
    int borrowingLevel;
    boolean sticky;
    /**
     * The workload's priority, creation time and sequence, its place in queue order: copied here
     * because a cycle's heap compares candidates all through the pass, and the candidates' own
     * fields are at hand where the workloads are one more read away.
     */
    final int priority;
    final long createdMillis;
    final long sequence;

    private Candidate(ClusterQueueState queue, PendingSnapshot snapshot, int position) {
        this.queue = queue;
        this.snapshot = snapshot;
        this.position = position;
        this.workload = snapshot.workloads()[position];
        this.ticket = snapshot.tickets()[position];
        this.priority = workload.priority();
        this.createdMillis = workload.createdMillis();
        this.sequence = workload.sequence();
    }

    static Candidate first(ClusterQueueState cq) {
        PendingSnapshot snapshot = cq.pendingSnapshot();
        return snapshot.workloads().length == 0 ? null : new Candidate(cq, snapshot, 0);
    }

    /** How many workloads the queue's snapshot holds. */
    int queued() {
        return snapshot.workloads().length;
    }

    Candidate next() {
        return position + 1 < queued() ? new Candidate(queue, snapshot, position + 1) : null;
    }

    /** The candidate at {@code position} of the same snapshot, at or after this one. */
    Candidate at(int position) {
        return new Candidate(queue, snapshot, position);
    }
}
