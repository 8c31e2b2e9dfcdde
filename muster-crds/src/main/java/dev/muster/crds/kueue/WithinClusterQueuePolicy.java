package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Whether a workload above its nominal quota may preempt workloads of its own ClusterQueue. */
public enum WithinClusterQueuePolicy {
    /** Do not preempt workloads of the same ClusterQueue (the default). */
    @JsonProperty("Never")
    NEVER("Never"),
    /** Preempt lower-priority workloads of the same ClusterQueue. */
    @JsonProperty("LowerPriority")
    LOWER_PRIORITY("LowerPriority"),
    /** Preempt lower-priority workloads, or newer ones of equal priority. */
    @JsonProperty("LowerOrNewerEqualPriority")
    LOWER_OR_NEWER_EQUAL_PRIORITY("LowerOrNewerEqualPriority");

    private final String value;

    WithinClusterQueuePolicy(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
