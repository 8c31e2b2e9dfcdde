package dev.muster.core.preemption;

import dev.muster.core.admission.AdmittedWorkload;
import dev.muster.core.admission.ClusterQueueState;
import java.util.Comparator;

/** An admitted workload that a preemptor may evict, with the queue that holds its quota. */
record Candidate(AdmittedWorkload workload, ClusterQueueState queue, boolean sameQueue) {

    /**
     * Kueue's candidate order: other queues before the preemptor's own, lower priority first, most
     * recently admitted first (among those admitted at the same moment, the most recently created),
     * then by name so that the choice is deterministic.
     */
    static final Comparator<Candidate> ORDER = Comparator
            .comparing(Candidate::sameQueue)
            .thenComparingInt(c -> c.workload().workload().priority())
            .thenComparing(Comparator.comparingLong((Candidate c) -> c.workload().admittedAtMillis()).reversed())
            .thenComparing(Comparator.comparingLong((Candidate c) -> c.workload().workload().sequence()).reversed())
            .thenComparing(c -> c.workload().workload().key());

    int priority() {
        return workload.workload().priority();
    }
}
