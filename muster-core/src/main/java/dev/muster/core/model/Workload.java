package dev.muster.core.model;

import java.util.Comparator;
import java.util.List;

/**
 * The unit of admission: a gang of pod sets admitted whole (or at its minimum counts).
 *
 * @param queueName     the LocalQueue (Kueue dialect) the workload was submitted to, in its namespace
 * @param createdMillis virtual or real creation time; earlier is served first among equal priorities
 * @param sequence      creation order, breaking ties between workloads created at the same time
 */
public record Workload(
        ObjectKey key, String queueName, int priority, long createdMillis, long sequence, List<PodSet> podSets) {

    /** Higher priority first, then older, then the order of creation, then the name. */
    public static final Comparator<Workload> QUEUE_ORDER = (a, b) -> compareInQueue(true, a.priority(), a.createdMillis(),
            a.sequence(), a.key(), b.priority(), b.createdMillis(), b.sequence(), b.key());

    /** Older first, then the order of creation, then the name: the queue order without priorities. */
    public static final Comparator<Workload> FIFO_ORDER = (a, b) -> compareInQueue(false, a.priority(), a.createdMillis(),
            a.sequence(), a.key(), b.priority(), b.createdMillis(), b.sequence(), b.key());

    /**
     * {@link #QUEUE_ORDER} ({@link #FIFO_ORDER} unless {@code byPriority}) on the fields it reads, for
     * a caller that keeps copies of them (a scheduling cycle's heap compares all through a pass).
     * Written out rather than chained: queues and every cycle compare all the time.
     */
    public static int compareInQueue(boolean byPriority, int priorityA, long createdA, long sequenceA, ObjectKey keyA,
            int priorityB, long createdB, long sequenceB, ObjectKey keyB) {
        int c = byPriority ? Integer.compare(-priorityA, -priorityB) : 0;
        if (c == 0) {
            c = Long.compare(createdA, createdB);
        }
        if (c == 0) {
            c = Long.compare(sequenceA, sequenceB);
        }
        return c != 0 ? c : keyA.compareTo(keyB);
    }

    public Workload {
        podSets = List.copyOf(podSets);
        if (podSets.isEmpty()) {
            throw new IllegalArgumentException("workload " + key + " has no pod sets");
        }
    }

    /** The same workload with every pod set's minimum at its count: admitted whole or not at all. */
    public Workload wholeGangsOnly() {
        if (!allowsPartialAdmission()) {
            return this;
        }
        return new Workload(key, queueName, priority, createdMillis, sequence, podSets.stream()
                .map(p -> new PodSet(p.name(), p.count(), p.count(), p.perPod(), p.hints())).toList());
    }

    public boolean allowsPartialAdmission() {
        for (PodSet p : podSets) {
            if (p.minCount() < p.count()) {
                return true;
            }
        }
        return false;
    }
}
