package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a v1beta1 Workload's priorityClassName is looked up. */
public enum PriorityClassSource {
    /** A WorkloadPriorityClass. */
    @JsonProperty("kueue.x-k8s.io/workloadpriorityclass")
    WORKLOAD_PRIORITY_CLASS("kueue.x-k8s.io/workloadpriorityclass"),
    /** A pod PriorityClass. */
    @JsonProperty("scheduling.k8s.io/priorityclass")
    POD_PRIORITY_CLASS("scheduling.k8s.io/priorityclass"),
    /** Not said (the default). */
    @JsonProperty("")
    UNSET("");

    private final String value;

    PriorityClassSource(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
