package dev.muster.core.engine;

import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;

/** The words a preempted workload's owner reads: who took its place, and by which rule. */
final class PreemptionMessages {

    private PreemptionMessages() {
    }

    /** Muster's backfill rule, the same in both dialects (in KAI it is no reclaim between queues). */
    private static final String OVERSTAYED = "this workload was backfilled ahead of its reservation on the"
            + " promise to end before it, ran past its expected run time, and the reservation is due"
            + " (backfill.preemptOverstaying)";

    static String victim(PreemptionTarget t, Workload preemptor, ClusterQueueState preemptorQueue) {
        if (preemptorQueue.isKai()) {
            return kai(t, preemptor, preemptorQueue);
        }
        String by = "preempted by " + preemptor.key() + " (priority " + preemptor.priority() + ") of ClusterQueue "
                + preemptorQueue.name() + ": ";
        return by + switch (t.detail()) {
            case PreemptionTarget.IN_CLUSTER_QUEUE -> "it outranks this workload in the same ClusterQueue"
                    + " (withinClusterQueue: " + spelled(preemptorQueue.spec().policies().preemption().withinClusterQueue()) + ")";
            case PreemptionTarget.IN_COHORT_RECLAMATION -> "its ClusterQueue reclaims nominal quota that ClusterQueue "
                    + t.victim().clusterQueue() + " was borrowing (reclaimWithinCohort: "
                    + spelled(preemptorQueue.spec().policies().preemption().reclaimWithinCohort()) + ")";
            case PreemptionTarget.IN_COHORT_RECLAIM_WHILE_BORROWING -> "it may borrow and preempt lower-priority"
                    + " workloads of ClusterQueue " + t.victim().clusterQueue() + " (borrowWithinCohort)";
            case PreemptionTarget.IN_COHORT_FAIR_SHARING -> "fair sharing: ClusterQueue " + t.victim().clusterQueue()
                    + " holds a larger share of the cohort than ClusterQueue " + preemptorQueue.name() + " would";
            case PreemptionTarget.BACKFILL_OVERSTAYED -> OVERSTAYED;
            default -> t.detail();
        };
    }

    /** The same in KAI's words: reclaim between queues by fair share, preemption within a queue by priority. */
    private static String kai(PreemptionTarget t, Workload preemptor, ClusterQueueState queue) {
        String by = "preempted by " + preemptor.key() + " (priority " + preemptor.priority() + ") of queue "
                + queue.name() + ": ";
        if (t.detail().equals(PreemptionTarget.IN_CLUSTER_QUEUE)) {
            return by + "it has a higher priority in the same queue, and this workload is preemptible (priority below 100)";
        }
        if (t.detail().equals(PreemptionTarget.BACKFILL_OVERSTAYED)) {
            return by + OVERSTAYED;
        }
        return by + "queue " + queue.name() + " is below its fair share and reclaims from queue "
                + t.victim().clusterQueue() + ", which is above its own (this workload is preemptible)";
    }

    /** LOWER_OR_NEWER_EQUAL_PRIORITY as a manifest spells it: LowerOrNewerEqualPriority. */
    static String spelled(Enum<?> value) {
        StringBuilder sb = new StringBuilder();
        for (String part : value.name().split("_")) {
            sb.append(part.charAt(0)).append(part.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return sb.toString();
    }
}
