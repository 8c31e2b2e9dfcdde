package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** A gang of pod sets that is admitted, and evicted, as a whole. */
@ValidationRule(
        value = "has(self.priorityClassName) ? has(self.priority) : true",
        message = "priority should not be nil when priorityClassName is set")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "podSets",
        "queueName",
        "priorityClassName",
        "priority",
        "priorityClassSource",
        "active",
        "maximumExecutionTimeSeconds"})
public class WorkloadSpec extends WorkloadSpecFields {

    /** Name of the priority class (WorkloadPriorityClass or PriorityClass, see priorityClassSource). */
    @JsonPropertyDescription("Name of the priority class (WorkloadPriorityClass or PriorityClass, see "
            + "priorityClassSource).")
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String priorityClassName;

    /** Where priorityClassName is looked up; unset or empty means either kind of class. */
    @JsonPropertyDescription("Where priorityClassName is looked up; unset or empty means either kind of class.")
    private PriorityClassSource priorityClassSource;

    public WorkloadSpec() {
    }

    public String getPriorityClassName() {
        return priorityClassName;
    }

    public void setPriorityClassName(String priorityClassName) {
        this.priorityClassName = priorityClassName;
    }

    public PriorityClassSource getPriorityClassSource() {
        return priorityClassSource;
    }

    public void setPriorityClassSource(PriorityClassSource priorityClassSource) {
        this.priorityClassSource = priorityClassSource;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof WorkloadSpec other && sameFields(other)
                && Objects.equals(priorityClassName, other.priorityClassName)
                && Objects.equals(priorityClassSource, other.priorityClassSource);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fieldsHash(), priorityClassName, priorityClassSource);
    }

    @Override
    public String toString() {
        return "WorkloadSpec{" + fieldsText() + ", priorityClassName=" + priorityClassName + ", priorityClassSource=" + priorityClassSource + "}";
    }
}
