package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.List;
import java.util.Objects;

/** The fields of a Workload spec that Kueue's v1beta1 and v1beta2 share. */
public abstract class WorkloadSpecFields {

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

    /** Priority within the ClusterQueue; higher goes first. Required when priorityClassName is set. */
    @JsonPropertyDescription("Priority within the ClusterQueue; higher goes first. Required when priorityClassName is "
            + "set.")
    private Integer priority;

    /** False keeps the workload from being admitted and evicts it if admitted. */
    @JsonPropertyDescription("False keeps the workload from being admitted and evicts it if admitted.")
    @Default("true")
    private Boolean active;

    /** Longest time the workload may stay admitted before it is deactivated. */
    @JsonPropertyDescription("Longest time the workload may stay admitted before it is deactivated.")
    @Min(1)
    private Integer maximumExecutionTimeSeconds;

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

    public Integer getPriority() {
        return priority;
    }

    public void setPriority(Integer priority) {
        this.priority = priority;
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

    /** Whether the fields every version has are equal. */
    protected boolean sameFields(WorkloadSpecFields other) {
        return Objects.equals(podSets, other.podSets)
                && Objects.equals(queueName, other.queueName)
                && Objects.equals(priority, other.priority)
                && Objects.equals(active, other.active)
                && Objects.equals(maximumExecutionTimeSeconds, other.maximumExecutionTimeSeconds);
    }

    protected int fieldsHash() {
        return Objects.hash(podSets, queueName, priority, active, maximumExecutionTimeSeconds);
    }

    protected String fieldsText() {
        return "podSets=" + podSets + ", " + "queueName=" + queueName + ", " + "priority=" + priority + ", " + "active=" + active + ", " + "maximumExecutionTimeSeconds=" + maximumExecutionTimeSeconds;
    }
}
