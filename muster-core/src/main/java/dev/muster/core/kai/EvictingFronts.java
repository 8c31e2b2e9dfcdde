package dev.muster.core.kai;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Per queue, where its admitted workloads in victim order ({@link VictimGang#UNTOUCHED_ORDER}) stop
 * being all on their way out, for the victim searches of one cycle. What a cycle admits is no
 * candidate for the rest of it and, being the newest, comes first in that order: each search walked
 * past all of it before reaching a candidate, so a full cycle cost its admissions squared.
 *
 * <p>The workloads on their way out (the cycle's untouchable set) only grow during a cycle, and what
 * joins a queue's admitted workloads during one joins them too (admitted or resized), so whatever
 * lay before a front stays on its way out; every one of those was asked about once, as the first
 * walk asked. A new cycle brings a new set, and the fronts are found again.
 */
final class EvictingFronts {

    private Set<ObjectKey> evicting;
    private final Map<ClusterQueueState, AdmittedWorkload> fronts = new IdentityHashMap<>();

    /**
     * The first of the queue's admitted workloads, in victim order, before which all are in
     * {@code evicting}; null when not known (a walk starts at the beginning).
     */
    AdmittedWorkload front(ClusterQueueState queue, Set<ObjectKey> evicting) {
        if (evicting != this.evicting) {
            fronts.clear();
            this.evicting = evicting;
        }
        return fronts.get(queue);
    }

    /** A walk found every admitted workload of the queue before {@code front} in the set it asked. */
    void found(ClusterQueueState queue, AdmittedWorkload front) {
        fronts.put(queue, front);
    }
}
