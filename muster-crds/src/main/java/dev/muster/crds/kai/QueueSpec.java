package dev.muster.crds.kai;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/** A KAI queue: guaranteed quota, a limit and a share of the surplus, per resource. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "displayName",
        "parentQueue",
        "priority",
        "resources",
        "preemptMinRuntime",
        "reclaimMinRuntime"})
public class QueueSpec {

    /** Name shown to users. */
    @JsonPropertyDescription("Name shown to users.")
    private String displayName;

    /** Parent queue; only leaf queues take jobs. */
    @JsonPropertyDescription("Parent queue; only leaf queues take jobs.")
    private String parentQueue;

    /** Queues of higher priority get surplus resources first (100 when unset). */
    @JsonPropertyDescription("Queues of higher priority get surplus resources first (100 when unset).")
    private Integer priority;

    /** Quota, limit and over-quota weight of gpu, cpu and memory. */
    @JsonPropertyDescription("Quota, limit and over-quota weight of gpu, cpu and memory.")
    private QueueResources resources;

    /** Shortest time a job of this queue runs before it may be preempted (a duration such as 10m). */
    @JsonPropertyDescription("Shortest time a job of this queue runs before it may be preempted (a duration such as "
            + "10m).")
    private String preemptMinRuntime;

    /** Shortest time a job of this queue runs before it may be reclaimed (a duration such as 10m). */
    @JsonPropertyDescription("Shortest time a job of this queue runs before it may be reclaimed (a duration such as "
            + "10m).")
    private String reclaimMinRuntime;

    public QueueSpec() {
    }

    public String getDisplayName() {
        return displayName;
    }

    public void setDisplayName(String displayName) {
        this.displayName = displayName;
    }

    public String getParentQueue() {
        return parentQueue;
    }

    public void setParentQueue(String parentQueue) {
        this.parentQueue = parentQueue;
    }

    public Integer getPriority() {
        return priority;
    }

    public void setPriority(Integer priority) {
        this.priority = priority;
    }

    public QueueResources getResources() {
        return resources;
    }

    public void setResources(QueueResources resources) {
        this.resources = resources;
    }

    public String getPreemptMinRuntime() {
        return preemptMinRuntime;
    }

    public void setPreemptMinRuntime(String preemptMinRuntime) {
        this.preemptMinRuntime = preemptMinRuntime;
    }

    public String getReclaimMinRuntime() {
        return reclaimMinRuntime;
    }

    public void setReclaimMinRuntime(String reclaimMinRuntime) {
        this.reclaimMinRuntime = reclaimMinRuntime;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof QueueSpec other)) {
            return false;
        }
        return Objects.equals(displayName, other.displayName)
                && Objects.equals(parentQueue, other.parentQueue)
                && Objects.equals(priority, other.priority)
                && Objects.equals(resources, other.resources)
                && Objects.equals(preemptMinRuntime, other.preemptMinRuntime)
                && Objects.equals(reclaimMinRuntime, other.reclaimMinRuntime);
    }

    @Override
    public int hashCode() {
        return Objects.hash(displayName, parentQueue, priority, resources, preemptMinRuntime, reclaimMinRuntime);
    }

    @Override
    public String toString() {
        return "QueueSpec{displayName=" + displayName
                + ", parentQueue=" + parentQueue
                + ", priority=" + priority
                + ", resources=" + resources
                + ", preemptMinRuntime=" + preemptMinRuntime
                + ", reclaimMinRuntime=" + reclaimMinRuntime
                + "}";
    }
}
