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
    public static final Comparator<Workload> QUEUE_ORDER = (a, b) -> {
        // Written out rather than chained: queues and every scheduling cycle's heap compare all the time.
        int c = Integer.compare(-a.priority(), -b.priority());
        return c != 0 ? c : Workload.FIFO_ORDER.compare(a, b);
    };

    /** Older first, then the order of creation, then the name: the queue order without priorities. */
    public static final Comparator<Workload> FIFO_ORDER = (a, b) -> {
        int c = Long.compare(a.createdMillis(), b.createdMillis());
        if (c == 0) {
            c = Long.compare(a.sequence(), b.sequence());
        }
        return c != 0 ? c : a.key().compareTo(b.key());
    };

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
