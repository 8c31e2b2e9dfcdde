package dev.muster.core.admission;

import dev.muster.core.model.Pending;

import dev.muster.core.queue.ClusterQueueState;

/** The words a scheduling cycle gives a workload that does not go this time. */
final class WaitReasons {

    private WaitReasons() {
    }

    /** Why a workload that fits its quota waits for room on the nodes. */
    static Pending unplaced(ClusterQueueState cq, String unplaceable) {
        return Pending.nodes("waiting for room on the nodes: it fits the quota of " + cq.title() + ", but " + unplaceable);
    }

    /** Why a workload short of quota waits when no victim its queue may evict would free enough. */
    static Pending noVictims(ClusterQueueState cq, FitResult.NeedsPreemption fit) {
        String title = cq.title();
        return Pending.worded(Pending.Why.WAITING_FOR_QUOTA, () -> fit.shortage()
                + "; preempting would not make room: no admitted workload"
                + " that the preemption policy of " + title + " lets it evict frees enough");
    }

    /** Why a workload waits behind the StrictFIFO head of its queue. */
    static Pending behindStrictFifo(Candidate head) {
        return Pending.quota("waiting behind " + head.workload.key() + ", which ClusterQueue " + head.queue.name()
                + " must admit first (queueingStrategy StrictFIFO)");
    }
}
