package dev.muster.core.explain;

import dev.muster.core.model.ObjectKey;

/**
 * Where a pending workload stands: Kueue's visibility API {@code PendingWorkload}
 * (apis/visibility/v1beta1/types.go), with the ClusterQueue it waits in.
 *
 * @param workload               the workload's namespace and name
 * @param localQueue             the LocalQueue it was submitted to (for a KAI queue, the queue's name)
 * @param clusterQueue           the ClusterQueue (or KAI leaf queue) it waits in
 * @param priority               its priority
 * @param createdMillis          when it was created, as the engine orders it
 * @param positionInClusterQueue its place in the ClusterQueue's order, from 0
 * @param positionInLocalQueue   its place among the workloads of its own LocalQueue (same namespace
 *                               and name) in that order, from 0
 */
public record PendingPosition(ObjectKey workload, String localQueue, String clusterQueue, int priority,
        long createdMillis, int positionInClusterQueue, int positionInLocalQueue) {

    /** Whether it was submitted to the LocalQueue {@code name} of namespace {@code namespace}. */
    public boolean inLocalQueue(String namespace, String name) {
        return workload.namespace().equals(namespace) && localQueue.equals(name);
    }
}
