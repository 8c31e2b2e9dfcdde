package dev.muster.crds.kai;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** What Muster observes of a KAI queue. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "conditions",
        "childQueues",
        "allocated",
        "allocatedNonPreemptible",
        "requested",
        "fairShare"})
public class QueueStatus {

    /** Latest observations. */
    @JsonPropertyDescription("Latest observations.")
    private List<QueueCondition> conditions;

    /** Names of the queues whose parent this queue is. */
    @JsonPropertyDescription("Names of the queues whose parent this queue is.")
    private List<String> childQueues;

    /** Resources allocated to running jobs of the queue and its children. */
    @JsonPropertyDescription("Resources allocated to running jobs of the queue and its children.")
    private Map<String, Quantity> allocated;

    /** Part of allocated held by non-preemptible jobs. */
    @JsonPropertyDescription("Part of allocated held by non-preemptible jobs.")
    private Map<String, Quantity> allocatedNonPreemptible;

    /** Resources requested by the jobs of the queue and its children, running or pending. */
    @JsonPropertyDescription("Resources requested by the jobs of the queue and its children, running or pending.")
    private Map<String, Quantity> requested;

    /**
     * Resources the queue deserves in the last scheduling cycle: quota plus its share of the
     * surplus.
     */
    @JsonPropertyDescription("Resources the queue deserves in the last scheduling cycle: quota plus its share of the "
            + "surplus.")
    private Map<String, Quantity> fairShare;

    public QueueStatus() {
    }

    public List<QueueCondition> getConditions() {
        return conditions;
    }

    public void setConditions(List<QueueCondition> conditions) {
        this.conditions = conditions;
    }

    public List<String> getChildQueues() {
        return childQueues;
    }

    public void setChildQueues(List<String> childQueues) {
        this.childQueues = childQueues;
    }

    public Map<String, Quantity> getAllocated() {
        return allocated;
    }

    public void setAllocated(Map<String, Quantity> allocated) {
        this.allocated = allocated;
    }

    public Map<String, Quantity> getAllocatedNonPreemptible() {
        return allocatedNonPreemptible;
    }

    public void setAllocatedNonPreemptible(Map<String, Quantity> allocatedNonPreemptible) {
        this.allocatedNonPreemptible = allocatedNonPreemptible;
    }

    public Map<String, Quantity> getRequested() {
        return requested;
    }

    public void setRequested(Map<String, Quantity> requested) {
        this.requested = requested;
    }

    public Map<String, Quantity> getFairShare() {
        return fairShare;
    }

    public void setFairShare(Map<String, Quantity> fairShare) {
        this.fairShare = fairShare;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof QueueStatus other)) {
            return false;
        }
        return Objects.equals(conditions, other.conditions)
                && Objects.equals(childQueues, other.childQueues)
                && Objects.equals(allocated, other.allocated)
                && Objects.equals(allocatedNonPreemptible, other.allocatedNonPreemptible)
                && Objects.equals(requested, other.requested)
                && Objects.equals(fairShare, other.fairShare);
    }

    @Override
    public int hashCode() {
        return Objects.hash(conditions, childQueues, allocated, allocatedNonPreemptible, requested, fairShare);
    }

    @Override
    public String toString() {
        return "QueueStatus{conditions=" + conditions
                + ", childQueues=" + childQueues
                + ", allocated=" + allocated
                + ", allocatedNonPreemptible=" + allocatedNonPreemptible
                + ", requested=" + requested
                + ", fairShare=" + fairShare
                + "}";
    }
}
