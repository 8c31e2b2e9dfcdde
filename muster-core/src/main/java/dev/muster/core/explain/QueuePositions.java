package dev.muster.core.explain;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pending workloads of one ClusterQueue in its queue order, each with its position in the
 * ClusterQueue and in its LocalQueue: what Kueue's visibility API answers
 * (pkg/visibility/storage/pending_workloads_cq.go and _lq.go over
 * pkg/cache/queue/cluster_queue.go Snapshot). A value, taken when asked.
 *
 * <p>Kueue numbers every pending workload of the ClusterQueue, the inadmissible ones (a namespace
 * the queue does not admit, a requeue backoff) among the others in the same order, not after
 * them: its Snapshot sorts the heap and the inadmissible list together.
 */
public record QueuePositions(String clusterQueue, List<PendingPosition> workloads) {

    public QueuePositions {
        workloads = List.copyOf(workloads);
    }

    /**
     * Numbers {@code inQueueOrder}, which must be the queue's order (the first one is the next
     * to be tried): positions in the LocalQueue count the workloads of the same namespace and
     * LocalQueue before it (pending_workloads_cq.go: {@code localQueuePositions[queueKey]++}).
     */
    public static QueuePositions number(String clusterQueue, List<Workload> inQueueOrder) {
        List<PendingPosition> out = new ArrayList<>(inQueueOrder.size());
        Map<ObjectKey, Integer> nextInLocalQueue = new HashMap<>();
        for (Workload wl : inQueueOrder) {
            ObjectKey localQueue = new ObjectKey(wl.key().namespace(), wl.queueName());
            int inLocalQueue = nextInLocalQueue.merge(localQueue, 1, Integer::sum) - 1;
            out.add(new PendingPosition(wl.key(), wl.queueName(), clusterQueue, wl.priority(), wl.createdMillis(),
                    out.size(), inLocalQueue));
        }
        return new QueuePositions(clusterQueue, out);
    }

    /** The pending workloads submitted to the LocalQueue {@code name} of {@code namespace}, in queue order. */
    public List<PendingPosition> inLocalQueue(String namespace, String name) {
        return workloads.stream().filter(p -> p.inLocalQueue(namespace, name)).toList();
    }

    /** Where {@code workload} stands, if it waits in this queue. */
    public Optional<PendingPosition> of(ObjectKey workload) {
        return workloads.stream().filter(p -> p.workload().equals(workload)).findFirst();
    }
}
