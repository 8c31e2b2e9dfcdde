package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The state of an admission check on a workload. */
public enum CheckState {
    /** The check has not decided yet. */
    @JsonProperty("Pending")
    PENDING("Pending"),
    /** The check passed. */
    @JsonProperty("Ready")
    READY("Ready"),
    /** The check failed for now: the workload gives its quota back and is tried again later. */
    @JsonProperty("Retry")
    RETRY("Retry"),
    /** The check failed for good: the workload is deactivated. */
    @JsonProperty("Rejected")
    REJECTED("Rejected");

    private final String value;

    CheckState(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
