package dev.muster.core.queue;

import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState.Ticket;
import java.util.AbstractCollection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A ClusterQueue's queued workloads in queue order, each with the engine's ticket for it (or
 * null), kept in sorted arrays of at most {@value #CHUNK} workloads each rather than in a tree.
 *
 * <p>Why arrays: every scheduling pass copies each queue's workloads out in order
 * ({@link #snapshot}), and a tree has one node per workload, each wherever it was allocated, so
 * the copy reads memory at as many places as there are workloads; here it copies an array or
 * two. Chunks keep adding and removing in a long queue short: a workload moves at most the rest of
 * its chunk, and the chunk is found by a binary search over the chunks' last workloads.
 */
final class QueuedWorkloads {

    /** Large enough that a typical queue is one chunk, small enough that shifting one costs little. */
    static final int CHUNK = 256;
    private static final int FIRST_CAPACITY = 8;

    private final Comparator<Workload> order;
    private final List<Chunk> chunks = new ArrayList<>();
    private int size;

    private static final class Chunk {
        Workload[] workloads;
        Ticket[] tickets;
        int size;

        Chunk(int capacity) {
            workloads = new Workload[capacity];
            tickets = new Ticket[capacity];
        }

        Workload last() {
            return workloads[size - 1];
        }
    }

    /** @param order a total order (ending with the key): two workloads it finds equal are the same one */
    QueuedWorkloads(Comparator<Workload> order) {
        this.order = order;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /**
     * Queues {@code w} with {@code ticket}; false when it was queued already (then it gets the
     * ticket if it had none, as a map's putIfAbsent would give it).
     */
    boolean add(Workload w, Ticket ticket) {
        if (chunks.isEmpty()) {
            chunks.add(new Chunk(FIRST_CAPACITY));
        }
        int c = chunkFor(w);
        Chunk chunk = chunks.get(c);
        int i = Arrays.binarySearch(chunk.workloads, 0, chunk.size, w, order);
        if (i >= 0) {
            if (chunk.tickets[i] == null) {
                chunk.tickets[i] = ticket;
            }
            return false;
        }
        int at = -i - 1;
        if (chunk.size == CHUNK) {
            Chunk upper = split(c);
            if (at > chunk.size) {
                at -= chunk.size;
                chunk = upper;
            }
        }
        insert(chunk, at, w, ticket);
        size++;
        return true;
    }

    /** Removes {@code w} (or the queued workload it equals in queue order); false when it was not queued. */
    boolean remove(Workload w) {
        if (size == 0) {
            return false;
        }
        int c = chunkFor(w);
        Chunk chunk = chunks.get(c);
        int i = indexOf(chunk, w);
        if (i < 0) {
            return false;
        }
        System.arraycopy(chunk.workloads, i + 1, chunk.workloads, i, chunk.size - i - 1);
        System.arraycopy(chunk.tickets, i + 1, chunk.tickets, i, chunk.size - i - 1);
        chunk.size--;
        chunk.workloads[chunk.size] = null;
        chunk.tickets[chunk.size] = null;
        if (chunk.size == 0) {
            chunks.remove(c);
        }
        size--;
        return true;
    }

    /** Whether this very instance is queued (not merely one equal to it in queue order). */
    boolean holds(Workload w) {
        if (size == 0) {
            return false;
        }
        Chunk chunk = chunks.get(chunkFor(w));
        int i = Arrays.binarySearch(chunk.workloads, 0, chunk.size, w, order);
        return i >= 0 && chunk.workloads[i] == w;
    }

    /** A copy of the workloads and their tickets, in queue order. */
    ClusterQueueState.PendingSnapshot snapshot() {
        Workload[] workloads = new Workload[size];
        Ticket[] tickets = new Ticket[size];
        int n = 0;
        for (Chunk chunk : chunks) {
            System.arraycopy(chunk.workloads, 0, workloads, n, chunk.size);
            System.arraycopy(chunk.tickets, 0, tickets, n, chunk.size);
            n += chunk.size;
        }
        return new ClusterQueueState.PendingSnapshot(workloads, tickets);
    }

    /** The queued workloads in queue order, read-only and live (not to be iterated while the queue changes). */
    Collection<Workload> view() {
        return new View(0, 0, -1);
    }

    /** As {@link #view}, from the first workload after {@code w} in queue order. */
    Collection<Workload> after(Workload w) {
        if (size == 0) {
            return List.of();
        }
        int c = chunkFor(w);
        Chunk chunk = chunks.get(c);
        int i = Arrays.binarySearch(chunk.workloads, 0, chunk.size, w, order);
        int from = i >= 0 ? i + 1 : -i - 1;
        int skipped = from;
        for (int k = 0; k < c; k++) {
            skipped += chunks.get(k).size;
        }
        return new View(c, from, size - skipped);
    }

    /**
     * The chunk where {@code w} is or belongs: the first whose last workload is not before it, or
     * the last chunk when it comes after all of them.
     */
    private int chunkFor(Workload w) {
        int low = 0;
        int high = chunks.size() - 1;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (order.compare(chunks.get(mid).last(), w) < 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /**
     * Where {@code w} is in {@code chunk}, or a negative number: the instance itself is looked for
     * first, as removals are of the instance queued, comparing references only; comparing in queue
     * order reads the workloads around it, which a pass may not have read yet.
     */
    private int indexOf(Chunk chunk, Workload w) {
        for (int i = 0; i < chunk.size; i++) {
            if (chunk.workloads[i] == w) {
                return i;
            }
        }
        return Arrays.binarySearch(chunk.workloads, 0, chunk.size, w, order);
    }

    /** Moves the upper half of full chunk {@code c} into a new chunk after it, and returns that. */
    private Chunk split(int c) {
        Chunk full = chunks.get(c);
        int keep = full.size / 2;
        Chunk upper = new Chunk(CHUNK);
        upper.size = full.size - keep;
        System.arraycopy(full.workloads, keep, upper.workloads, 0, upper.size);
        System.arraycopy(full.tickets, keep, upper.tickets, 0, upper.size);
        Arrays.fill(full.workloads, keep, full.size, null);
        Arrays.fill(full.tickets, keep, full.size, null);
        full.size = keep;
        chunks.add(c + 1, upper);
        return upper;
    }

    private static void insert(Chunk chunk, int at, Workload w, Ticket ticket) {
        if (chunk.size == chunk.workloads.length) {
            int capacity = Math.min(CHUNK, chunk.size * 2);
            chunk.workloads = Arrays.copyOf(chunk.workloads, capacity);
            chunk.tickets = Arrays.copyOf(chunk.tickets, capacity);
        }
        System.arraycopy(chunk.workloads, at, chunk.workloads, at + 1, chunk.size - at);
        System.arraycopy(chunk.tickets, at, chunk.tickets, at + 1, chunk.size - at);
        chunk.workloads[at] = w;
        chunk.tickets[at] = ticket;
        chunk.size++;
    }

    /** The {@code count} workloads from position {@code from} of chunk {@code chunk} on; all of them for a count of -1. */
    private final class View extends AbstractCollection<Workload> {
        private final int chunk;
        private final int from;
        private final int count;

        View(int chunk, int from, int count) {
            this.chunk = chunk;
            this.from = from;
            this.count = count;
        }

        @Override
        public int size() {
            return count < 0 ? size : count;
        }

        @Override
        public Iterator<Workload> iterator() {
            return new Iterator<>() {
                private int c = chunk;
                private int i = from;
                private int left = size();

                @Override
                public boolean hasNext() {
                    return left > 0;
                }

                @Override
                public Workload next() {
                    if (left == 0) {
                        throw new NoSuchElementException();
                    }
                    while (i >= chunks.get(c).size) {
                        c++;
                        i = 0;
                    }
                    left--;
                    return chunks.get(c).workloads[i++];
                }
            };
        }
    }
}
