package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;

/**
 * How workloads leave what they hold: removed for good (ended or deleted), or stopped after an
 * eviction and queued again by the {@link WorkloadLifecycle}. Either way the quota and the places
 * on the nodes they held are released, and the queues that may now go are marked.
 */
final class WorkloadExits {

    private final EngineParts parts;

    WorkloadExits(EngineParts parts) {
        this.parts = parts;
    }

    /** See {@link Engine#remove(ObjectKey)}. */
    void remove(ObjectKey key) {
        WorkloadBook book = parts.book();
        AdmittedWorkload a = book.unadmit(key);
        if (a != null) {
            release(a);
            parts.shapes().forget(a.workload());
        }
        Workload w = book.unpend(key);
        if (w != null) {
            ClusterQueueState cq = book.leaveQueue(key);
            if (cq != null && !cq.dequeue(w)) {
                cq.unpark(key);
            }
            parts.shapes().forget(w);
        }
        book.forget(key);
        parts.lifecycle().forget(key);
        parts.waits().notUnplaced(key);
        parts.placements().forget(key);
        parts.preemptions().forget(key).ifPresent(this::markDirty);
    }

    /** See {@link Engine#evicted(ObjectKey, long)}. */
    void evicted(ObjectKey key, long nowMillis) {
        AdmittedWorkload a = parts.book().unadmit(key);
        if (a == null) {
            throw new IllegalStateException("workload " + key + " is not admitted");
        }
        ClusterQueueState cq = release(a);
        parts.shapes().forget(a.workload()); // it is looked at again when it comes back
        parts.preemptions().forget(key).ifPresent(this::markDirty); // its preemptor may go ahead
        parts.lifecycle().requeue(a.workload(), cq, nowMillis);
    }

    private ClusterQueueState release(AdmittedWorkload a) {
        ClusterQueueState cq = parts.queues().get(a.clusterQueue());
        parts.queues().tree().remove(cq.node(), a.assignment().usage());
        parts.placements().release(a.workload().key());
        parts.waits().released(a.workload().key());
        parts.triggers().freed(cq.node().root());
        cq.released(a.workload().key());
        parts.holderEnds().released(cq, a.workload().key());
        parts.triggers().markDirty(cq);
        return cq;
    }

    /** The queue of a preemptor whose victim is gone may go ahead. */
    private void markDirty(ObjectKey workload) {
        ClusterQueueState cq = parts.book().queueOf(workload);
        if (cq != null) {
            parts.triggers().markDirty(cq);
        }
    }
}
