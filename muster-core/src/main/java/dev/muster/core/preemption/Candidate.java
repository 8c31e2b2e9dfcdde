package dev.muster.core.preemption;

import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import java.util.Comparator;

/**
 * An admitted workload that a preemptor may evict, with the queue that holds its quota.
 *
 * @param lca     for classical preemption of another queue's workload: the cohort at whose level it
 *                was found (Kueue's candidateElem.lca); the queues and cohorts below it on the
 *                victim's side must still borrow for it to stay a candidate. Null otherwise.
 * @param variant for classical preemption: why it may be evicted (Kueue's preemptionVariant); null
 *                under fair sharing
 */
record Candidate(AdmittedWorkload workload, ClusterQueueState queue, boolean sameQueue, QuotaNode lca,
        Variant variant) {

    Candidate(AdmittedWorkload workload, ClusterQueueState queue, boolean sameQueue) {
        this(workload, queue, sameQueue, null, null);
    }

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

    /** Kueue's preemptionVariant (preemption/classical/hierarchical_preemption.go), with its Preempted reason. */
    enum Variant {
        /** In the preemptor's own ClusterQueue. */
        WITHIN_CLUSTER_QUEUE(PreemptionTarget.IN_CLUSTER_QUEUE),
        /** The preemptor's request fits a subtree below the level where the candidate was found. */
        HIERARCHICAL_RECLAIM(PreemptionTarget.IN_COHORT_RECLAMATION),
        /** Only if the preemptor does not borrow once admitted. */
        RECLAIM_WITHOUT_BORROWING(PreemptionTarget.IN_COHORT_RECLAMATION),
        /** Allowed by borrowWithinCohort even while the preemptor borrows. */
        RECLAIM_WHILE_BORROWING(PreemptionTarget.IN_COHORT_RECLAIM_WHILE_BORROWING);

        final String reason;

        Variant(String reason) {
            this.reason = reason;
        }
    }
}
