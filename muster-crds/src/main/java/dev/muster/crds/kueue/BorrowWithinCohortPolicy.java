package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Whether a workload that borrows may preempt workloads of other ClusterQueues in the cohort. */
public enum BorrowWithinCohortPolicy {
    /** Do not preempt while borrowing (the default). */
    @JsonProperty("Never")
    NEVER("Never"),
    /** Preempt lower-priority workloads while borrowing. */
    @JsonProperty("LowerPriority")
    LOWER_PRIORITY("LowerPriority");

    private final String value;

    BorrowWithinCohortPolicy(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
