package dev.muster.core.model;

/**
 * Why a workload waits: a kind that adapters and reports can act on, and the sentence a user reads.
 * The kinds are Kueue's QuotaReserved=False reasons (its UnadmittedWorkloadsObservability feature,
 * beta and on by default since Kueue 0.19: {@code WaitingForQuota}, {@code ExceedsMaxQuota},
 * {@code NoMatchingFlavor}, {@code WaitingForPreemptedWorkloads}, {@code WaitingForPodsReady},
 * {@code Misconfigured}; see {@code apis/kueue/v1beta2/workload_types.go} and where
 * {@code pkg/scheduler/scheduler.go} sets them), plus three Kueue has no granular reason for, which
 * keep its fallback {@code Pending}.
 */
public record Pending(Why why, String message) {

    public enum Why {
        /** Not enough unused quota now (nor victims to make it). */
        WAITING_FOR_QUOTA("WaitingForQuota"),
        /** More than the queue could ever give it (nominal plus borrowing limit, or the cohort's total). */
        EXCEEDS_MAX_QUOTA("ExceedsMaxQuota"),
        /** No flavor of its ClusterQueue covers a resource it asks for, or suits its pods. */
        NO_MATCHING_FLAVOR("NoMatchingFlavor"),
        /** It preempted; its victims have not stopped yet. */
        WAITING_FOR_PREEMPTED_WORKLOADS("WaitingForPreemptedWorkloads"),
        /** waitForPodsReady.blockAdmission: admitted workloads' pods are not all ready. */
        WAITING_FOR_PODS_READY("WaitingForPodsReady"),
        /** Its LocalQueue, ClusterQueue or KAI queue does not exist, or its namespace is not admitted. */
        MISCONFIGURED("Misconfigured"),
        /** It fits its quota, but its pods find no room on the nodes (Muster places pods; Kueue has no such reason). */
        WAITING_FOR_NODES("Pending"),
        /** It waits out a requeue backoff after an eviction. */
        BACKOFF("Pending"),
        /** It was deactivated (a check rejected it, or it ran out of requeues) and is not queued. */
        DEACTIVATED("Pending");

        private final String kueueReason;

        Why(String kueueReason) {
            this.kueueReason = kueueReason;
        }

        /** The reason Kueue writes in the Workload's QuotaReserved=False condition. */
        public String kueueReason() {
            return kueueReason;
        }
    }

    public static Pending quota(String message) {
        return new Pending(Why.WAITING_FOR_QUOTA, message);
    }

    public static Pending misconfigured(String message) {
        return new Pending(Why.MISCONFIGURED, message);
    }

    public static Pending nodes(String message) {
        return new Pending(Why.WAITING_FOR_NODES, message);
    }

    public static Pending victims(String message) {
        return new Pending(Why.WAITING_FOR_PREEMPTED_WORKLOADS, message);
    }
}
