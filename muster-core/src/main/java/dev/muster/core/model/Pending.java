package dev.muster.core.model;

/**
 * Why a workload waits: a kind that adapters and reports can act on, and the sentence a user reads.
 * The kinds are Kueue's QuotaReserved=False reasons (its UnadmittedWorkloadsObservability feature,
 * beta and on by default since Kueue 0.19: {@code WaitingForQuota}, {@code ExceedsMaxQuota},
 * {@code NoMatchingFlavor}, {@code WaitingForPreemptedWorkloads}, {@code WaitingForPodsReady},
 * {@code Misconfigured}; see {@code apis/kueue/v1beta2/workload_types.go} and where
 * {@code pkg/scheduler/scheduler.go} sets them), plus three Kueue has no granular reason for, which
 * keep its fallback {@code Pending}.
 *
 * <p>The sentence may be worded only when first asked for ({@link #worded}): a scheduling cycle
 * finds why thousands of workloads wait, and most of those sentences are never read. Two reasons
 * are equal when their kinds and sentences are (as the record it was).
 */
public final class Pending {

    private final Why why;
    /** Words the sentence from what was known when the reason was found; null when it came worded. */
    private final java.util.function.Supplier<String> words;
    private volatile String message;

    public Pending(Why why, String message) {
        this.why = java.util.Objects.requireNonNull(why, "why");
        this.message = java.util.Objects.requireNonNull(message, "message");
        this.words = null;
    }

    private Pending(Why why, java.util.function.Supplier<String> words) {
        this.why = java.util.Objects.requireNonNull(why, "why");
        this.words = java.util.Objects.requireNonNull(words, "words");
    }

    /**
     * A reason whose sentence {@code words} makes when it is first asked for; {@code words} must
     * only use what it captured when the reason was found (the quota then, not the quota when asked).
     */
    public static Pending worded(Why why, java.util.function.Supplier<String> words) {
        return new Pending(why, words);
    }

    public Why why() {
        return why;
    }

    /** The sentence a user reads. */
    public String message() {
        String m = message;
        if (m == null) {
            m = words.get(); // the same sentence whichever thread words it first
            message = m;
        }
        return m;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        // The kind first: reasons of different kinds are told apart without wording either.
        return o instanceof Pending p && p.why == why && p.message().equals(message());
    }

    @Override
    public int hashCode() {
        return 31 * why.hashCode() + message().hashCode();
    }

    @Override
    public String toString() {
        return "Pending[why=" + why + ", message=" + message() + "]";
    }

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
