package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** A v1beta2 Workload's spec: v1beta1's, with the priority class named by priorityClassRef. */
@ValidationRule(
        value = "has(self.priorityClassRef) ? has(self.priority) : true",
        message = "priority should not be nil when priorityClassRef is set")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "podSets",
        "queueName",
        "priorityClassRef",
        "priority",
        "active",
        "maximumExecutionTimeSeconds"})
public class WorkloadSpecV1beta2 extends WorkloadSpecFields {

    /** The priority class: a WorkloadPriorityClass or a pod PriorityClass. */
    @JsonPropertyDescription("The priority class: a WorkloadPriorityClass or a pod PriorityClass.")
    private PriorityClassRef priorityClassRef;

    public WorkloadSpecV1beta2() {
    }

    public PriorityClassRef getPriorityClassRef() {
        return priorityClassRef;
    }

    public void setPriorityClassRef(PriorityClassRef priorityClassRef) {
        this.priorityClassRef = priorityClassRef;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof WorkloadSpecV1beta2 other && sameFields(other)
                && Objects.equals(priorityClassRef, other.priorityClassRef);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fieldsHash(), priorityClassRef);
    }

    @Override
    public String toString() {
        return "WorkloadSpecV1beta2{" + fieldsText() + ", priorityClassRef=" + priorityClassRef + "}";
    }
}
