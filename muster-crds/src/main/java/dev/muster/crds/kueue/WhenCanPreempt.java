package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What flavor assignment does when a flavor fits only by preempting. */
public enum WhenCanPreempt {
    /** Take the flavor and preempt. */
    @JsonProperty("MayStopSearch")
    MAY_STOP_SEARCH("MayStopSearch"),
    /** Try the next flavor first (the default). */
    @JsonProperty("TryNextFlavor")
    TRY_NEXT_FLAVOR("TryNextFlavor"),
    /** Deprecated name of MayStopSearch. */
    @JsonProperty("Preempt")
    PREEMPT("Preempt");

    private final String value;

    WhenCanPreempt(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
