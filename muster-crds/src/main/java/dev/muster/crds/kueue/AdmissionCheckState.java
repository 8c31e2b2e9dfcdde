package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.List;
import java.util.Objects;

/** The state of one admission check on a workload. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "name",
        "state",
        "lastTransitionTime",
        "message",
        "requeueAfterSeconds",
        "retryCount",
        "podSetUpdates"})
public class AdmissionCheckState {

    /** Name of the AdmissionCheck. */
    @JsonPropertyDescription("Name of the AdmissionCheck.")
    @Required
    @Size(max = 316)
    private String name;

    /** Pending, Ready, Retry or Rejected. */
    @JsonPropertyDescription("Pending, Ready, Retry or Rejected.")
    @Required
    private CheckState state;

    /** When the state last changed (RFC 3339). */
    @JsonPropertyDescription("When the state last changed (RFC 3339).")
    @Required
    private String lastTransitionTime;

    /** Human-readable details; may be empty. */
    @JsonPropertyDescription("Human-readable details; may be empty.")
    @Required
    @Size(max = 32768)
    private String message;

    /** Delay before the workload is requeued after Retry. */
    @JsonPropertyDescription("Delay before the workload is requeued after Retry.")
    @Min(0)
    private Integer requeueAfterSeconds;

    /** Number of Retry rounds so far. */
    @JsonPropertyDescription("Number of Retry rounds so far.")
    @Min(0)
    private Integer retryCount;

    /** Changes the check asks for in the pods of each pod set. */
    @JsonPropertyDescription("Changes the check asks for in the pods of each pod set.")
    @Size(max = 18)
    private List<PodSetUpdate> podSetUpdates;

    public AdmissionCheckState() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public CheckState getState() {
        return state;
    }

    public void setState(CheckState state) {
        this.state = state;
    }

    public String getLastTransitionTime() {
        return lastTransitionTime;
    }

    public void setLastTransitionTime(String lastTransitionTime) {
        this.lastTransitionTime = lastTransitionTime;
    }

    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    public Integer getRequeueAfterSeconds() {
        return requeueAfterSeconds;
    }

    public void setRequeueAfterSeconds(Integer requeueAfterSeconds) {
        this.requeueAfterSeconds = requeueAfterSeconds;
    }

    public Integer getRetryCount() {
        return retryCount;
    }

    public void setRetryCount(Integer retryCount) {
        this.retryCount = retryCount;
    }

    public List<PodSetUpdate> getPodSetUpdates() {
        return podSetUpdates;
    }

    public void setPodSetUpdates(List<PodSetUpdate> podSetUpdates) {
        this.podSetUpdates = podSetUpdates;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AdmissionCheckState other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(state, other.state)
                && Objects.equals(lastTransitionTime, other.lastTransitionTime)
                && Objects.equals(message, other.message)
                && Objects.equals(requeueAfterSeconds, other.requeueAfterSeconds)
                && Objects.equals(retryCount, other.retryCount)
                && Objects.equals(podSetUpdates, other.podSetUpdates);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, state, lastTransitionTime, message, requeueAfterSeconds, retryCount, podSetUpdates);
    }

    @Override
    public String toString() {
        return "AdmissionCheckState{name=" + name
                + ", state=" + state
                + ", lastTransitionTime=" + lastTransitionTime
                + ", message=" + message
                + ", requeueAfterSeconds=" + requeueAfterSeconds
                + ", retryCount=" + retryCount
                + ", podSetUpdates=" + podSetUpdates
                + "}";
    }
}
