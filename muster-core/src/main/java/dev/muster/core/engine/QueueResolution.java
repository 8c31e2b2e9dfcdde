package dev.muster.core.engine;

import dev.muster.core.model.Pending;

import dev.muster.core.queue.ClusterQueueState;

/** Where a submitted workload goes, as its queue reference resolves. */
sealed interface QueueResolution {

    /** It queues in {@code clusterQueue} and is considered by the next cycle. */
    record Queued(ClusterQueueState clusterQueue) implements QueueResolution {
    }

    /**
     * It belongs to {@code clusterQueue} but may not be admitted there (its namespace does not
     * match): Kueue keeps it in the queue as inadmissible, counted as pending, never admitted.
     */
    record Parked(ClusterQueueState clusterQueue, Pending reason) implements QueueResolution {
    }

    /** No queue takes it (the queue named does not exist, or is a KAI parent); it waits for that reason. */
    record Refused(Pending reason) implements QueueResolution {
    }
}
