package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Min;
import java.util.Objects;

/** Requeue backoff of a workload. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"count", "requeueAt"})
public class RequeueState {

    /** Times the workload has been requeued. */
    @JsonPropertyDescription("Times the workload has been requeued.")
    @Min(0)
    private Integer count;

    /** When the workload is requeued (RFC 3339). */
    @JsonPropertyDescription("When the workload is requeued (RFC 3339).")
    private String requeueAt;

    public RequeueState() {
    }

    public Integer getCount() {
        return count;
    }

    public void setCount(Integer count) {
        this.count = count;
    }

    public String getRequeueAt() {
        return requeueAt;
    }

    public void setRequeueAt(String requeueAt) {
        this.requeueAt = requeueAt;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RequeueState other)) {
            return false;
        }
        return Objects.equals(count, other.count)
                && Objects.equals(requeueAt, other.requeueAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, requeueAt);
    }

    @Override
    public String toString() {
        return "RequeueState{count=" + count + ", requeueAt=" + requeueAt + "}";
    }
}
