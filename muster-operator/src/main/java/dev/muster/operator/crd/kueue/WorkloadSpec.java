package dev.muster.operator.crd.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.operator.crd.Validation;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
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
public class WorkloadSpec {

    /** Sets of identical pods, each with a template and a count; cannot be changed. */
    @JsonPropertyDescription("Sets of identical pods, each with a template and a count; cannot be changed.")
    @Required
    @Size(min = 1, max = 18)
    private List<PodSet> podSets;

    /** Name of the LocalQueue the workload is submitted to. */
    @JsonPropertyDescription("Name of the LocalQueue the workload is submitted to.")
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String queueName;

    /** Name of the priority class (WorkloadPriorityClass or PriorityClass, see priorityClassSource). */
    @JsonPropertyDescription("Name of the priority class (WorkloadPriorityClass or PriorityClass, see "
            + "priorityClassSource).")
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String priorityClassName;

    /** Priority within the ClusterQueue; higher goes first. Required when priorityClassName is set. */
    @JsonPropertyDescription("Priority within the ClusterQueue; higher goes first. Required when priorityClassName is "
            + "set.")
    private Integer priority;

    /** Where priorityClassName is looked up; unset or empty means either kind of class. */
    @JsonPropertyDescription("Where priorityClassName is looked up; unset or empty means either kind of class.")
    private PriorityClassSource priorityClassSource;

    /** False keeps the workload from being admitted and evicts it if admitted. */
    @JsonPropertyDescription("False keeps the workload from being admitted and evicts it if admitted.")
    @Default("true")
    private Boolean active;

    /** Longest time the workload may stay admitted before it is deactivated. */
    @JsonPropertyDescription("Longest time the workload may stay admitted before it is deactivated.")
    @Min(1)
    private Integer maximumExecutionTimeSeconds;

    public WorkloadSpec() {
    }

    public List<PodSet> getPodSets() {
        return podSets;
    }

    public void setPodSets(List<PodSet> podSets) {
        this.podSets = podSets;
    }

    public String getQueueName() {
        return queueName;
    }

    public void setQueueName(String queueName) {
        this.queueName = queueName;
    }

    public String getPriorityClassName() {
        return priorityClassName;
    }

    public void setPriorityClassName(String priorityClassName) {
        this.priorityClassName = priorityClassName;
    }

    public Integer getPriority() {
        return priority;
    }

    public void setPriority(Integer priority) {
        this.priority = priority;
    }

    public PriorityClassSource getPriorityClassSource() {
        return priorityClassSource;
    }

    public void setPriorityClassSource(PriorityClassSource priorityClassSource) {
        this.priorityClassSource = priorityClassSource;
    }

    public Boolean getActive() {
        return active;
    }

    public void setActive(Boolean active) {
        this.active = active;
    }

    public Integer getMaximumExecutionTimeSeconds() {
        return maximumExecutionTimeSeconds;
    }

    public void setMaximumExecutionTimeSeconds(Integer maximumExecutionTimeSeconds) {
        this.maximumExecutionTimeSeconds = maximumExecutionTimeSeconds;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof WorkloadSpec other)) {
            return false;
        }
        return Objects.equals(podSets, other.podSets)
                && Objects.equals(queueName, other.queueName)
                && Objects.equals(priorityClassName, other.priorityClassName)
                && Objects.equals(priority, other.priority)
                && Objects.equals(priorityClassSource, other.priorityClassSource)
                && Objects.equals(active, other.active)
                && Objects.equals(maximumExecutionTimeSeconds, other.maximumExecutionTimeSeconds);
    }

    @Override
    public int hashCode() {
        return Objects.hash(podSets, queueName, priorityClassName, priority, priorityClassSource, active,
                maximumExecutionTimeSeconds);
    }

    @Override
    public String toString() {
        return "WorkloadSpec{podSets=" + podSets
                + ", queueName=" + queueName
                + ", priorityClassName=" + priorityClassName
                + ", priority=" + priority
                + ", priorityClassSource=" + priorityClassSource
                + ", active=" + active
                + ", maximumExecutionTimeSeconds=" + maximumExecutionTimeSeconds
                + "}";
    }
}
