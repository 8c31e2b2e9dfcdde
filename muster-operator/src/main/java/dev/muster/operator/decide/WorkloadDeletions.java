package dev.muster.operator.decide;

import dev.muster.core.model.ObjectKey;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When the informer last saw each Workload object deleted, as soon as it saw it: read by the
 * write lanes, so that a job's start waiting in its lane (behind its admission, or behind other
 * jobs' stops) is not sent once its Workload was deleted, even before the decider has taken the
 * deletion in. The decider takes it in a cycle later and queues the job afresh; a start decided
 * before that is of a Workload that no longer exists. (Kueue closes this with a finalizer on the
 * Workload; see docs/performance.md.)
 */
final class WorkloadDeletions {

    private final Map<ObjectKey, Long> deletedAtNanos = new ConcurrentHashMap<>();

    /** The informer saw the Workload object deleted (on the informer's thread). */
    void seen(ObjectKey workload) {
        deletedAtNanos.put(workload, System.nanoTime());
    }

    /** Whether the Workload object was seen deleted after {@code sinceNanos} (System.nanoTime). */
    boolean deletedSince(ObjectKey workload, long sinceNanos) {
        Long at = deletedAtNanos.get(workload);
        return at != null && at - sinceNanos > 0;
    }
}
