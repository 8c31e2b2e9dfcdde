package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Whether a workload that fits in its nominal quota may preempt borrowers elsewhere in the cohort. */
public enum ReclaimWithinCohortPolicy {
    /** Do not preempt workloads of other ClusterQueues (the default). */
    @JsonProperty("Never")
    NEVER("Never"),
    /** Preempt only lower-priority workloads of other ClusterQueues. */
    @JsonProperty("LowerPriority")
    LOWER_PRIORITY("LowerPriority"),
    /** Preempt any workload of other ClusterQueues that borrow. */
    @JsonProperty("Any")
    ANY("Any");

    private final String value;

    ReclaimWithinCohortPolicy(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
