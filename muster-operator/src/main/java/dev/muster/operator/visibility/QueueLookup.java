package dev.muster.operator.visibility;

import dev.muster.core.explain.QueuePositions;

/** What the engine answers about a queue the visibility API is asked about. */
public sealed interface QueueLookup {

    /** The queue's pending workloads in its order (for a LocalQueue: its ClusterQueue's). */
    record Found(QueuePositions positions) implements QueueLookup {
    }

    /** There is no such ClusterQueue, or no such LocalQueue in the namespace. */
    record NotFound() implements QueueLookup {
    }

    /** No engine answers: this replica does not lead, or its configuration is not valid. */
    record Unavailable(String why) implements QueueLookup {
    }
}
