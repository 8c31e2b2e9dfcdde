package dev.muster.operator.visibility;

/** Where the visibility API finds the queues' pending workloads: the engine in force. */
public interface PendingWorkloadsSource {

    /** The ClusterQueue {@code name}. */
    QueueLookup clusterQueue(String name);

    /** The LocalQueue {@code name} of {@code namespace}: its ClusterQueue, whose workloads the API filters. */
    QueueLookup localQueue(String namespace, String name);
}
