package dev.muster.core.engine;

import dev.muster.core.explain.QueuePositions;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.ArrayList;
import java.util.List;

/**
 * A ClusterQueue's pending workloads in its queue order, as Kueue's visibility API lists them
 * (pkg/cache/queue/cluster_queue.go Snapshot): the queued ones and the parked ones (a namespace
 * the queue does not admit, a requeue backoff; Kueue's inadmissible list) sorted together by
 * priority, then creation time. Reads the engine's queues; changes nothing.
 */
final class PendingOrder {

    private PendingOrder() {
    }

    static QueuePositions of(ClusterQueueState cq, WorkloadBook book) {
        List<Workload> all = new ArrayList<>(cq.pendingCount());
        all.addAll(cq.pending());
        if (!cq.parked().isEmpty()) {
            for (ObjectKey key : cq.parked()) {
                Workload wl = book.pending(key);
                if (wl != null) {
                    all.add(wl);
                }
            }
            all.sort(Workload.QUEUE_ORDER);
        }
        return QueuePositions.number(cq.name(), all);
    }
}
