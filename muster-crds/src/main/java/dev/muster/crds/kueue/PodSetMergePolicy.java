package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How a ProvisioningRequest merges pod sets into pod templates. */
public enum PodSetMergePolicy {
    /** Merge pod sets with identical pod templates. */
    @JsonProperty("IdenticalPodTemplates")
    IDENTICAL_POD_TEMPLATES("IdenticalPodTemplates"),
    /** Merge pod sets with identical scheduling requirements. */
    @JsonProperty("IdenticalWorkloadSchedulingRequirements")
    IDENTICAL_WORKLOAD_SCHEDULING_REQUIREMENTS("IdenticalWorkloadSchedulingRequirements");

    private final String value;

    PodSetMergePolicy(String value) {
        this.value = value;
    }

    /** The value as written in manifests. */
    public String value() {
        return value;
    }
}
