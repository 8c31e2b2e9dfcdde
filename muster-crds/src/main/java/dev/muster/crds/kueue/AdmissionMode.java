package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Whether admission fair sharing orders the workloads of a ClusterQueue by LocalQueue usage. */
public enum AdmissionMode {
    /** Order by the decayed usage of each LocalQueue. */
    @JsonProperty("UsageBasedAdmissionFairSharing")
    USAGE_BASED_ADMISSION_FAIR_SHARING("UsageBasedAdmissionFairSharing"),
    /** Plain order: priority, then creation time. */
    @JsonProperty("NoAdmissionFairSharing")
    NO_ADMISSION_FAIR_SHARING("NoAdmissionFairSharing");

    private final String value;

    AdmissionMode(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
