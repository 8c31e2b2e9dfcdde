package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Objects;

/** Admission state of a workload. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "admission",
        "requeueState",
        "conditions",
        "reclaimablePods",
        "admissionChecks",
        "resourceRequests",
        "accumulatedPastExexcutionTimeSeconds"})
public class WorkloadStatus {

    /** Where the workload reserved quota, set with QuotaReserved and cleared on eviction. */
    @JsonPropertyDescription("Where the workload reserved quota, set with QuotaReserved and cleared on eviction.")
    private Admission admission;

    /** Requeue backoff after evictions. */
    @JsonPropertyDescription("Requeue backoff after evictions.")
    private RequeueState requeueState;

    /**
     * Latest observations: QuotaReserved, Admitted, PodsReady, Evicted, Preempted, Requeued,
     * Finished.
     */
    @JsonPropertyDescription("Latest observations: QuotaReserved, Admitted, PodsReady, Evicted, Preempted, Requeued, "
            + "Finished.")
    private List<Condition> conditions;

    /** Pods per pod set that no longer need their quota. */
    @JsonPropertyDescription("Pods per pod set that no longer need their quota.")
    @Size(max = 18)
    private List<ReclaimablePod> reclaimablePods;

    /** State of each admission check the workload must pass. */
    @JsonPropertyDescription("State of each admission check the workload must pass.")
    @Size(max = 8)
    private List<AdmissionCheckState> admissionChecks;

    /** Resources the pod sets ask for, while not admitted. */
    @JsonPropertyDescription("Resources the pod sets ask for, while not admitted.")
    @Size(max = 18)
    private List<PodSetRequest> resourceRequests;

    /** Time spent admitted in earlier admissions (the spelling is Kueue's). */
    @JsonPropertyDescription("Time spent admitted in earlier admissions (the spelling is Kueue's).")
    private Integer accumulatedPastExexcutionTimeSeconds;

    public WorkloadStatus() {
    }

    public Admission getAdmission() {
        return admission;
    }

    public void setAdmission(Admission admission) {
        this.admission = admission;
    }

    public RequeueState getRequeueState() {
        return requeueState;
    }

    public void setRequeueState(RequeueState requeueState) {
        this.requeueState = requeueState;
    }

    public List<Condition> getConditions() {
        return conditions;
    }

    public void setConditions(List<Condition> conditions) {
        this.conditions = conditions;
    }

    public List<ReclaimablePod> getReclaimablePods() {
        return reclaimablePods;
    }

    public void setReclaimablePods(List<ReclaimablePod> reclaimablePods) {
        this.reclaimablePods = reclaimablePods;
    }

    public List<AdmissionCheckState> getAdmissionChecks() {
        return admissionChecks;
    }

    public void setAdmissionChecks(List<AdmissionCheckState> admissionChecks) {
        this.admissionChecks = admissionChecks;
    }

    public List<PodSetRequest> getResourceRequests() {
        return resourceRequests;
    }

    public void setResourceRequests(List<PodSetRequest> resourceRequests) {
        this.resourceRequests = resourceRequests;
    }

    public Integer getAccumulatedPastExexcutionTimeSeconds() {
        return accumulatedPastExexcutionTimeSeconds;
    }

    public void setAccumulatedPastExexcutionTimeSeconds(Integer accumulatedPastExexcutionTimeSeconds) {
        this.accumulatedPastExexcutionTimeSeconds = accumulatedPastExexcutionTimeSeconds;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof WorkloadStatus other)) {
            return false;
        }
        return Objects.equals(admission, other.admission)
                && Objects.equals(requeueState, other.requeueState)
                && Objects.equals(conditions, other.conditions)
                && Objects.equals(reclaimablePods, other.reclaimablePods)
                && Objects.equals(admissionChecks, other.admissionChecks)
                && Objects.equals(resourceRequests, other.resourceRequests)
                && Objects.equals(accumulatedPastExexcutionTimeSeconds, other.accumulatedPastExexcutionTimeSeconds);
    }

    @Override
    public int hashCode() {
        return Objects.hash(admission, requeueState, conditions, reclaimablePods, admissionChecks, resourceRequests,
                accumulatedPastExexcutionTimeSeconds);
    }

    @Override
    public String toString() {
        return "WorkloadStatus{admission=" + admission
                + ", requeueState=" + requeueState
                + ", conditions=" + conditions
                + ", reclaimablePods=" + reclaimablePods
                + ", admissionChecks=" + admissionChecks
                + ", resourceRequests=" + resourceRequests
                + ", accumulatedPastExexcutionTimeSeconds=" + accumulatedPastExexcutionTimeSeconds
                + "}";
    }
}
