package dev.muster.core.admission;

import dev.muster.core.fairshare.Share;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;

/** A ClusterQueue's next pending workload in a pass, with its (lower-bound) ordering key. */
final class Candidate {
    final ClusterQueueState queue;
    final Workload[] snapshot;
    final int position;
    final Workload workload;
    Share share = Share.ZERO;
    /** How high in the cohort tree it borrows (Kueue's Assignment.Borrows); 0, a lower bound, until tried. */
    int borrowingLevel;
    boolean sticky;

    private Candidate(ClusterQueueState queue, Workload[] snapshot, int position) {
        this.queue = queue;
        this.snapshot = snapshot;
        this.position = position;
        this.workload = snapshot[position];
    }

    static Candidate first(ClusterQueueState cq) {
        if (cq.pending().isEmpty()) {
            return null;
        }
        return new Candidate(cq, cq.pending().toArray(new Workload[cq.pending().size()]), 0);
    }

    Candidate next() {
        return position + 1 < snapshot.length ? new Candidate(queue, snapshot, position + 1) : null;
    }

    /** The candidate at {@code position} of the same snapshot, at or after this one. */
    Candidate at(int position) {
        return new Candidate(queue, snapshot, position);
    }
}
