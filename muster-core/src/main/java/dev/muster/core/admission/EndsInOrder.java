package dev.muster.core.admission;

import dev.muster.core.queue.ClusterQueueState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.function.Function;

/**
 * The runs of a cohort tree in the order a reservation takes them to end: soonest first, a run
 * whose expected end has passed ending now (those by key), a run without an expected run time
 * never; ties by key. Read off the queues' ends as the engine keeps them in order
 * ({@link SchedulingCycle.Outcome#heldEnds}), and only as far as asked: a reservation is found a
 * few ends in, and a pass used to list and sort every run of the tree for it (on a cluster of
 * 140,000 runs, most of the cost of a cycle with backfill on).
 *
 * <p>It reads the engine's sets as they are while the same workloads hold the same quota in the
 * queues ({@link #current}): an admission or a resize during the pass calls for a new one.
 */
final class EndsInOrder implements Iterable<RunEnd> {

    /** A queue's next end not read yet, and the rest of its ends. */
    private static final class Next {
        private final ClusterQueueState queue;
        private final Iterator<HeldEnd> rest;
        private HeldEnd end;

        Next(ClusterQueueState queue, HeldEnd end, Iterator<HeldEnd> rest) {
            this.queue = queue;
            this.end = end;
            this.rest = rest;
        }

        /** Moves on to the queue's following end; false when there is none. */
        boolean advance() {
            end = rest.hasNext() ? rest.next() : null;
            return end != null;
        }
    }

    private final List<ClusterQueueState> queues;
    private final long holderChanges;
    /** The ends read so far, in order. */
    private final List<RunEnd> read = new ArrayList<>();
    /** Per queue with ends not read yet, its next one, the soonest first. */
    private final PriorityQueue<Next> next = new PriorityQueue<>(Comparator.comparing((Next n) -> n.end, HeldEnd.ORDER));

    /**
     * @param nowMillis the instant of the pass
     * @param endsOf    each queue's ends in {@link HeldEnd#ORDER}, as the engine keeps them ({@link SchedulingCycle.Outcome#heldEnds})
     */
    EndsInOrder(List<ClusterQueueState> queues, long nowMillis,
            Function<ClusterQueueState, ? extends Iterable<HeldEnd>> endsOf) {
        this.queues = queues;
        this.holderChanges = holderChanges(queues);
        // The runs whose time has passed all end now, in key order: they come first, all of them.
        List<RunEnd> due = new ArrayList<>();
        for (ClusterQueueState q : queues) {
            Iterator<HeldEnd> ends = endsOf.apply(q).iterator();
            while (ends.hasNext()) {
                HeldEnd e = ends.next();
                if (e.endMillis() > nowMillis) {
                    next.add(new Next(q, e, ends));
                    break;
                }
                due.add(new RunEnd(e.admitted(), q, nowMillis, e.endMillis()));
            }
        }
        due.sort(Comparator.comparing(RunEnd::workload));
        read.addAll(due);
    }

    /** The {@code i}-th end, soonest first; null past the last. */
    RunEnd get(int i) {
        while (read.size() <= i && !next.isEmpty()) {
            Next n = next.poll();
            read.add(new RunEnd(n.end.admitted(), n.queue, n.end.endMillis(), n.end.endMillis()));
            if (n.advance()) {
                next.add(n);
            }
        }
        return i < read.size() ? read.get(i) : null;
    }

    /** Whether the workloads holding quota in the queues are still those it reads (nothing admitted, resized or released since). */
    boolean current() {
        return holderChanges(queues) == holderChanges;
    }

    @Override
    public Iterator<RunEnd> iterator() {
        return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return get(i) != null;
            }

            @Override
            public RunEnd next() {
                RunEnd e = get(i);
                if (e == null) {
                    throw new NoSuchElementException();
                }
                i++;
                return e;
            }
        };
    }

    private static long holderChanges(List<ClusterQueueState> queues) {
        long sum = 0;
        for (ClusterQueueState q : queues) {
            sum += q.holderChanges(); // each only grows: the sum moves when one does
        }
        return sum;
    }
}
