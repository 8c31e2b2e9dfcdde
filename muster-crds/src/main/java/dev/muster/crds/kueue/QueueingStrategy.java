package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How a ClusterQueue orders and retries its pending workloads. */
public enum QueueingStrategy {
    /**
     * Ordered by priority, then creation time; a head that does not fit blocks the workloads behind
     * it.
     */
    @JsonProperty("StrictFIFO")
    STRICT_FIFO("StrictFIFO"),
    /**
     * Ordered the same way, but a head that does not fit lets newer workloads that fit go first
     * (the default).
     */
    @JsonProperty("BestEffortFIFO")
    BEST_EFFORT_FIFO("BestEffortFIFO");

    private final String value;

    QueueingStrategy(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
