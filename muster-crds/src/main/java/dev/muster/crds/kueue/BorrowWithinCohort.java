package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Default;
import java.util.Objects;

/** Preemption in the cohort by a workload that borrows. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"policy", "maxPriorityThreshold"})
public class BorrowWithinCohort {

    /** Never (the default) or LowerPriority. */
    @JsonPropertyDescription("Never (the default) or LowerPriority.")
    @Default("Never")
    private BorrowWithinCohortPolicy policy;

    /**
     * Only workloads of this priority or lower may be preempted; unset means any that the policy
     * allows.
     */
    @JsonPropertyDescription("Only workloads of this priority or lower may be preempted; unset means any that the policy"
            + " allows.")
    private Integer maxPriorityThreshold;

    public BorrowWithinCohort() {
    }

    public BorrowWithinCohortPolicy getPolicy() {
        return policy;
    }

    public void setPolicy(BorrowWithinCohortPolicy policy) {
        this.policy = policy;
    }

    public Integer getMaxPriorityThreshold() {
        return maxPriorityThreshold;
    }

    public void setMaxPriorityThreshold(Integer maxPriorityThreshold) {
        this.maxPriorityThreshold = maxPriorityThreshold;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BorrowWithinCohort other)) {
            return false;
        }
        return Objects.equals(policy, other.policy)
                && Objects.equals(maxPriorityThreshold, other.maxPriorityThreshold);
    }

    @Override
    public int hashCode() {
        return Objects.hash(policy, maxPriorityThreshold);
    }

    @Override
    public String toString() {
        return "BorrowWithinCohort{policy=" + policy + ", maxPriorityThreshold=" + maxPriorityThreshold + "}";
    }
}
