package dev.muster.core.admission;

import dev.muster.core.fairshare.DominantResourceShare;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.Workload;
import dev.muster.core.quota.QuotaTree;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * One pass of admission over the ClusterQueues of one cohort tree. Unlike Kueue, which admits at
 * most one head per ClusterQueue per cycle, it keeps going until no pending workload of the tree
 * fits, so a burst of arrivals is admitted in one cycle.
 *
 * <p>The order across queues is Kueue's: workloads that fit without borrowing first, then higher
 * priority, then older. With fair sharing, the lowest dominant resource share after admission
 * comes first. Keys change as usage grows during the pass, so they are re-evaluated lazily: a
 * candidate whose key got worse than the next one in the heap goes back into the heap.
 */
public final class SchedulingCycle {

    private static final Comparator<Candidate> ORDER = Comparator
            .comparingLong((Candidate c) -> c.share)
            .thenComparing(c -> c.borrows)
            .thenComparing(c -> c.workload, Workload.QUEUE_ORDER);

    private final FlavorAssigner assigner;
    private final DominantResourceShare shares;
    private final boolean fairSharing;

    public SchedulingCycle(QuotaTree tree, FlavorAssigner assigner, boolean fairSharing) {
        this.assigner = assigner;
        this.shares = new DominantResourceShare(tree.index());
        this.fairSharing = fairSharing;
    }

    /** What the pass wants done; the caller applies admissions to its own state as they come. */
    public interface Outcome {
        /** Called for each workload that fits, in admission order; the caller must charge the quota. */
        void admit(ClusterQueueState cq, Workload wl, Assignment assignment);

        void waiting(Workload wl, String reason);
    }

    public void run(List<ClusterQueueState> queues, Outcome outcome) {
        PriorityQueue<Candidate> heap = new PriorityQueue<>(ORDER);
        for (ClusterQueueState cq : queues) {
            Candidate first = Candidate.first(cq);
            if (first != null) {
                first.share = fairSharing ? shares.of(cq.node(), null) : 0;
                heap.add(first);
            }
        }
        while (!heap.isEmpty()) {
            Candidate c = heap.poll();
            FitResult fit = assigner.assign(c.queue, c.workload);
            if (fit instanceof FitResult.Fits fits) {
                if (requeueIfOvertaken(c, fits.assignment(), heap)) {
                    continue;
                }
                outcome.admit(c.queue, c.workload, fits.assignment());
                advance(c, heap);
            } else {
                FitResult.NoFit noFit = (FitResult.NoFit) fit;
                outcome.waiting(c.workload, noFit.reason());
                if (c.queue.spec().queueingStrategy() == QueueingStrategy.STRICT_FIFO) {
                    blockBehind(c, outcome);
                } else {
                    advance(c, heap);
                }
            }
        }
    }

    /** Lazy re-keying: the stored key is a lower bound; if the real one loses to the next candidate, wait. */
    private boolean requeueIfOvertaken(Candidate c, Assignment assignment, PriorityQueue<Candidate> heap) {
        long share = fairSharing ? shares.of(c.queue.node(), assignment.usage()) : 0;
        boolean borrows = assignment.borrows();
        if (share == c.share && borrows == c.borrows) {
            return false;
        }
        c.share = share;
        c.borrows = borrows;
        if (!heap.isEmpty() && ORDER.compare(c, heap.peek()) > 0) {
            heap.add(c);
            return true;
        }
        return false;
    }

    private void advance(Candidate c, PriorityQueue<Candidate> heap) {
        Candidate next = c.next();
        if (next != null) {
            next.share = fairSharing ? shares.of(next.queue.node(), null) : 0;
            heap.add(next);
        }
    }

    private void blockBehind(Candidate head, Outcome outcome) {
        String reason = "waiting behind " + head.workload.key() + ", which ClusterQueue " + head.queue.name()
                + " must admit first (queueingStrategy StrictFIFO)";
        for (Candidate c = head.next(); c != null; c = c.next()) {
            outcome.waiting(c.workload, reason);
        }
    }

    /** A ClusterQueue's next pending workload in a pass, with its (lower-bound) ordering key. */
    private static final class Candidate {
        final ClusterQueueState queue;
        final Workload[] snapshot;
        final int position;
        final Workload workload;
        long share;
        boolean borrows;

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
            return new Candidate(cq, cq.pending().toArray(new Workload[0]), 0);
        }

        Candidate next() {
            return position + 1 < snapshot.length ? new Candidate(queue, snapshot, position + 1) : null;
        }
    }
}
