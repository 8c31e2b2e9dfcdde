package dev.muster.crds.kai;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import java.util.Objects;

/** An observation of a KAI queue. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"type", "status", "lastProbeTime", "lastTransitionTime", "reason", "message"})
public class QueueCondition {

    /** Type of the condition. */
    @JsonPropertyDescription("Type of the condition.")
    @Required
    private String type;

    /** True, False or Unknown. */
    @JsonPropertyDescription("True, False or Unknown.")
    @Required
    private String status;

    /** When the condition was last probed (RFC 3339). */
    @JsonPropertyDescription("When the condition was last probed (RFC 3339).")
    private String lastProbeTime;

    /** When the status last changed (RFC 3339). */
    @JsonPropertyDescription("When the status last changed (RFC 3339).")
    private String lastTransitionTime;

    /** Machine-readable reason for the last transition. */
    @JsonPropertyDescription("Machine-readable reason for the last transition.")
    private String reason;

    /** Human-readable details. */
    @JsonPropertyDescription("Human-readable details.")
    private String message;

    public QueueCondition() {
    }

    public String getType() {
        return type;
    }

    public void setType(String type) {
        this.type = type;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }

    public String getLastProbeTime() {
        return lastProbeTime;
    }

    public void setLastProbeTime(String lastProbeTime) {
        this.lastProbeTime = lastProbeTime;
    }

    public String getLastTransitionTime() {
        return lastTransitionTime;
    }

    public void setLastTransitionTime(String lastTransitionTime) {
        this.lastTransitionTime = lastTransitionTime;
    }

    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof QueueCondition other)) {
            return false;
        }
        return Objects.equals(type, other.type)
                && Objects.equals(status, other.status)
                && Objects.equals(lastProbeTime, other.lastProbeTime)
                && Objects.equals(lastTransitionTime, other.lastTransitionTime)
                && Objects.equals(reason, other.reason)
                && Objects.equals(message, other.message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, status, lastProbeTime, lastTransitionTime, reason, message);
    }

    @Override
    public String toString() {
        return "QueueCondition{type=" + type
                + ", status=" + status
                + ", lastProbeTime=" + lastProbeTime
                + ", lastTransitionTime=" + lastTransitionTime
                + ", reason=" + reason
                + ", message=" + message
                + "}";
    }
}
