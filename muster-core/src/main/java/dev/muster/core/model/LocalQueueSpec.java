package dev.muster.core.model;

/** A namespaced queue that users submit to; it points at one ClusterQueue. */
public record LocalQueueSpec(ObjectKey key, String clusterQueue) {
}
