package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Which of borrowing and preemption flavor assignment prefers when it must choose. */
public enum FlavorFungibilityPreference {
    /** Prefer a flavor where the workload borrows. */
    @JsonProperty("BorrowingOverPreemption")
    BORROWING_OVER_PREEMPTION("BorrowingOverPreemption"),
    /** Prefer a flavor where the workload preempts. */
    @JsonProperty("PreemptionOverBorrowing")
    PREEMPTION_OVER_BORROWING("PreemptionOverBorrowing");

    private final String value;

    FlavorFungibilityPreference(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
