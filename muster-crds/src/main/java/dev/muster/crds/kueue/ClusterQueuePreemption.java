package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** When a pending workload may preempt admitted ones. */
@ValidationRule(
        value = "!(has(self.reclaimWithinCohort) && self.reclaimWithinCohort == 'Never' && "
                + "has(self.borrowWithinCohort) && has(self.borrowWithinCohort.policy) && "
                + "self.borrowWithinCohort.policy != 'Never')",
        message = "reclaimWithinCohort=Never and borrowWithinCohort.Policy!=Never")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"reclaimWithinCohort", "borrowWithinCohort", "withinClusterQueue"})
public class ClusterQueuePreemption {

    /** Never (the default), LowerPriority or Any. */
    @JsonPropertyDescription("Never (the default), LowerPriority or Any.")
    @Default("Never")
    private ReclaimWithinCohortPolicy reclaimWithinCohort;

    /** Whether a workload that borrows may preempt in the cohort. */
    @JsonPropertyDescription("Whether a workload that borrows may preempt in the cohort.")
    private BorrowWithinCohort borrowWithinCohort;

    /** Never (the default), LowerPriority or LowerOrNewerEqualPriority. */
    @JsonPropertyDescription("Never (the default), LowerPriority or LowerOrNewerEqualPriority.")
    @Default("Never")
    private WithinClusterQueuePolicy withinClusterQueue;

    public ClusterQueuePreemption() {
    }

    public ReclaimWithinCohortPolicy getReclaimWithinCohort() {
        return reclaimWithinCohort;
    }

    public void setReclaimWithinCohort(ReclaimWithinCohortPolicy reclaimWithinCohort) {
        this.reclaimWithinCohort = reclaimWithinCohort;
    }

    public BorrowWithinCohort getBorrowWithinCohort() {
        return borrowWithinCohort;
    }

    public void setBorrowWithinCohort(BorrowWithinCohort borrowWithinCohort) {
        this.borrowWithinCohort = borrowWithinCohort;
    }

    public WithinClusterQueuePolicy getWithinClusterQueue() {
        return withinClusterQueue;
    }

    public void setWithinClusterQueue(WithinClusterQueuePolicy withinClusterQueue) {
        this.withinClusterQueue = withinClusterQueue;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ClusterQueuePreemption other)) {
            return false;
        }
        return Objects.equals(reclaimWithinCohort, other.reclaimWithinCohort)
                && Objects.equals(borrowWithinCohort, other.borrowWithinCohort)
                && Objects.equals(withinClusterQueue, other.withinClusterQueue);
    }

    @Override
    public int hashCode() {
        return Objects.hash(reclaimWithinCohort, borrowWithinCohort, withinClusterQueue);
    }

    @Override
    public String toString() {
        return "ClusterQueuePreemption{reclaimWithinCohort=" + reclaimWithinCohort
                + ", borrowWithinCohort=" + borrowWithinCohort
                + ", withinClusterQueue=" + withinClusterQueue
                + "}";
    }
}
