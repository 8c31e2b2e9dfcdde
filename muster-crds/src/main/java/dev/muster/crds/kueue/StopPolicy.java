package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Whether a queue is held, and what happens to its admitted workloads. */
public enum StopPolicy {
    /** The queue admits workloads (the default). */
    @JsonProperty("None")
    NONE("None"),
    /** No new admissions; admitted workloads run to completion. */
    @JsonProperty("Hold")
    HOLD("Hold"),
    /** No new admissions; admitted workloads are evicted. */
    @JsonProperty("HoldAndDrain")
    HOLD_AND_DRAIN("HoldAndDrain");

    private final String value;

    StopPolicy(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
