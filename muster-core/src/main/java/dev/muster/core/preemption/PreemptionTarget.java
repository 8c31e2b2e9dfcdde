package dev.muster.core.preemption;

import dev.muster.core.queue.AdmittedWorkload;

/**
 * A workload to evict so that a preemptor fits.
 *
 * @param detail Kueue's Preempted reason: InClusterQueue, InCohortReclamation, InCohortFairSharing
 *               or InCohortReclaimWhileBorrowing
 */
public record PreemptionTarget(AdmittedWorkload victim, String detail) {

    public static final String IN_CLUSTER_QUEUE = "InClusterQueue";
    public static final String IN_COHORT_RECLAMATION = "InCohortReclamation";
    public static final String IN_COHORT_FAIR_SHARING = "InCohortFairSharing";
    public static final String IN_COHORT_RECLAIM_WHILE_BORROWING = "InCohortReclaimWhileBorrowing";
    /** Muster's backfill: it was started ahead of a reservation on the promise to end before it, and ran on. */
    public static final String BACKFILL_OVERSTAYED = "BackfillOverstayed";
}
