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

    private static final java.util.function.Supplier<java.util.List<Shortage>> NO_SHORTAGES = java.util.List::of;

    private final Why why;
    /** Words the sentence from what was known when the reason was found; null when it came worded. */
    private final java.util.function.Supplier<String> words;
    private volatile String message;
    /** The figures behind a quota shortage, listed only when asked for (most reasons are never read). */
    private final java.util.function.Supplier<java.util.List<Shortage>> shortages;

    public Pending(Why why, String message) {
        this.why = java.util.Objects.requireNonNull(why, "why");
        this.message = java.util.Objects.requireNonNull(message, "message");
        this.words = null;
        this.shortages = NO_SHORTAGES;
    }

    private Pending(Why why, java.util.function.Supplier<String> words,
            java.util.function.Supplier<java.util.List<Shortage>> shortages) {
        this.why = java.util.Objects.requireNonNull(why, "why");
        this.words = java.util.Objects.requireNonNull(words, "words");
        this.shortages = java.util.Objects.requireNonNull(shortages, "shortages");
    }

    /**
     * A reason whose sentence {@code words} makes when it is first asked for; {@code words} must
     * only use what it captured when the reason was found (the quota then, not the quota when asked).
     */
    public static Pending worded(Why why, java.util.function.Supplier<String> words) {
        return new Pending(why, words, NO_SHORTAGES);
    }

    /** As {@link #worded(Why, java.util.function.Supplier)}, with the shortages behind it, listed when asked for. */
    public static Pending worded(Why why, java.util.function.Supplier<String> words,
            java.util.function.Supplier<java.util.List<Shortage>> shortages) {
        return new Pending(why, words, shortages);
    }

    /**
     * The same shortages under another kind, with the sentence extended by {@code more} (worded
     * when asked for): how a dialect says more precisely why than the flavor assignment did.
     */
    public Pending reworded(Why newWhy, java.util.function.UnaryOperator<String> more) {
        return new Pending(newWhy, () -> more.apply(message()), shortages);
    }

    /** The resources it lacks, with their figures; empty when it waits for something else than quota. */
    public java.util.List<Shortage> shortages() {
        return shortages.get();
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
        MISCONFIGURED("Misconfigured", "QueueDoesNotExist"),
        /** It fits its quota, but its pods find no room on the nodes (Muster places pods; Kueue has no such reason). */
        WAITING_FOR_NODES("Pending"),
        /** It waits out a requeue backoff after an eviction. */
        BACKOFF("Pending"),
        /** It was deactivated (a check rejected it, or it ran out of requeues) and is not queued. */
        DEACTIVATED("Pending"),
        /**
         * KAI: a non-preemptible workload (priority 100 and up) would take its queue's
         * non-preemptible usage above its quota (KAI's {@code NonPreemptibleOverQuota}).
         */
        NON_PREEMPTIBLE_OVER_QUOTA("WaitingForQuota", "NonPreemptibleOverQuota"),
        /** KAI: it would take its queue above the queue's limit (KAI's {@code OverLimit}). */
        OVER_LIMIT("WaitingForQuota", "OverLimit"),
        /**
         * KAI: nothing is free, and with it its queue would be above its fair share, so it may not
         * reclaim from other queues (KAI has no code of its own: its pod group is {@code Unschedulable}).
         */
        OVER_FAIR_SHARE("WaitingForQuota", "Unschedulable"),
        /** The workloads that would make room for it have not run their queue's minimum time yet. */
        MIN_RUNTIME_PROTECTED("WaitingForQuota", "Unschedulable"),
        /**
         * It fits now, but starting it would delay the room reserved for a workload ahead of it
         * (Muster's backfill; Kueue and KAI have no reservations, so no code of their own).
         */
        BEHIND_RESERVATION("Pending", "Unschedulable");

        private final String kueueReason;
        private final String kaiReason;

        Why(String kueueReason) {
            this(kueueReason, "Unschedulable");
        }

        Why(String kueueReason, String kaiReason) {
            this.kueueReason = kueueReason;
            this.kaiReason = kaiReason;
        }

        /** The reason Kueue writes in the Workload's QuotaReserved=False condition. */
        public String kueueReason() {
            return kueueReason;
        }

        /**
         * KAI's UnschedulableReason for it (pkg/apis/scheduling/v2alpha2/podgroup_types.go):
         * {@code NonPreemptibleOverQuota} and {@code OverLimit} where KAI has a code, else its pod
         * group condition's reason {@code Unschedulable}.
         */
        public String kaiReason() {
            return kaiReason;
        }

        /** Muster's code for it, one per kind, in Kueue's spelling where Kueue has one: WaitingForQuota, OverFairShare. */
        public String code() {
            StringBuilder out = new StringBuilder();
            for (String part : name().split("_")) {
                out.append(part.charAt(0)).append(part.substring(1).toLowerCase(java.util.Locale.ROOT));
            }
            return out.toString();
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
