package dev.muster.core.admission;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;

/**
 * A run as a reservation counts on it: a workload holding quota in {@code queue}, taken to end at
 * {@code endMillis} (now, if its expected end has passed; {@link Long#MAX_VALUE}: never), and its
 * expected end itself, {@code expectedMillis} (earlier than {@code endMillis} when it runs past it:
 * what a reservation waiting for it says).
 */
record RunEnd(AdmittedWorkload admitted, ClusterQueueState queue, long endMillis, long expectedMillis) {

    ObjectKey workload() {
        return admitted.workload().key();
    }

    /** What it holds, given back to the tree when it ends. */
    long[] usage() {
        return admitted.assignment().usage();
    }
}
