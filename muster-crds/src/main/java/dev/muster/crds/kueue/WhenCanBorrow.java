package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What flavor assignment does when a flavor fits only by borrowing. */
public enum WhenCanBorrow {
    /** Take the flavor (the default). */
    @JsonProperty("MayStopSearch")
    MAY_STOP_SEARCH("MayStopSearch"),
    /** Try the next flavor first. */
    @JsonProperty("TryNextFlavor")
    TRY_NEXT_FLAVOR("TryNextFlavor"),
    /** Deprecated name of MayStopSearch. */
    @JsonProperty("Borrow")
    BORROW("Borrow");

    private final String value;

    WhenCanBorrow(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
