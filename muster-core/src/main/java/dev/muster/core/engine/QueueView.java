package dev.muster.core.engine;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.queue.ClusterQueueState;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;

/**
 * A ClusterQueue (or KAI leaf queue) as adapters see it, taken when asked: a value, so that
 * reports, statuses and metrics cannot change the engine's queues.
 *
 * @param kai           a KAI leaf queue rather than a Kueue ClusterQueue
 * @param pendingCount  pending workloads as Kueue counts them: those queued and those kept
 *                      inadmissible (a namespace the queue does not admit, a requeue backoff)
 * @param queuedCount   those of {@code pendingCount} that wait in the queue's order (Kueue's active ones)
 * @param admittedCount workloads holding quota in it
 * @param usage         per flavor and resource, what its admitted workloads hold, in name order
 */
public record QueueView(String name, ClusterQueueSpec spec, boolean kai, int pendingCount, int queuedCount,
        int admittedCount, Map<String, Map<String, Quantity>> usage) {

    public QueueView {
        usage = Collections.unmodifiableMap(usage); // keeps the name order the tree gives it
    }

    static QueueView of(ClusterQueueState cq, Map<String, Map<String, Quantity>> usage) {
        return new QueueView(cq.name(), cq.spec(), cq.isKai(), cq.pendingCount(), cq.pending().size(),
                cq.admittedCount(), usage);
    }

    public Optional<String> cohort() {
        return spec.cohort();
    }

    /** Pending workloads kept out of the queue's order (inadmissible, or backing off). */
    public int inadmissibleCount() {
        return pendingCount - queuedCount;
    }
}
