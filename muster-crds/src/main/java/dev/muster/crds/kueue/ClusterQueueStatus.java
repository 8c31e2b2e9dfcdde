package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Objects;

/** What Muster observes of a ClusterQueue. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "conditions",
        "flavorsReservation",
        "flavorsUsage",
        "pendingWorkloads",
        "reservingWorkloads",
        "admittedWorkloads",
        "fairSharing"})
public class ClusterQueueStatus {

    /** Latest observations; type Active says whether the queue admits workloads. */
    @JsonPropertyDescription("Latest observations; type Active says whether the queue admits workloads.")
    private List<Condition> conditions;

    /** Quota reserved per flavor by workloads with QuotaReserved. */
    @JsonPropertyDescription("Quota reserved per flavor by workloads with QuotaReserved.")
    @Size(max = 64)
    private List<FlavorUsage> flavorsReservation;

    /** Quota used per flavor by admitted workloads. */
    @JsonPropertyDescription("Quota used per flavor by admitted workloads.")
    @Size(max = 64)
    private List<FlavorUsage> flavorsUsage;

    /** Workloads waiting for admission. */
    @JsonPropertyDescription("Workloads waiting for admission.")
    private Integer pendingWorkloads;

    /** Workloads reserving quota and not finished. */
    @JsonPropertyDescription("Workloads reserving quota and not finished.")
    private Integer reservingWorkloads;

    /** Workloads admitted and not finished. */
    @JsonPropertyDescription("Workloads admitted and not finished.")
    private Integer admittedWorkloads;

    /** Fair-sharing state, when fair sharing is on. */
    @JsonPropertyDescription("Fair-sharing state, when fair sharing is on.")
    private FairSharingStatus fairSharing;

    public ClusterQueueStatus() {
    }

    public List<Condition> getConditions() {
        return conditions;
    }

    public void setConditions(List<Condition> conditions) {
        this.conditions = conditions;
    }

    public List<FlavorUsage> getFlavorsReservation() {
        return flavorsReservation;
    }

    public void setFlavorsReservation(List<FlavorUsage> flavorsReservation) {
        this.flavorsReservation = flavorsReservation;
    }

    public List<FlavorUsage> getFlavorsUsage() {
        return flavorsUsage;
    }

    public void setFlavorsUsage(List<FlavorUsage> flavorsUsage) {
        this.flavorsUsage = flavorsUsage;
    }

    public Integer getPendingWorkloads() {
        return pendingWorkloads;
    }

    public void setPendingWorkloads(Integer pendingWorkloads) {
        this.pendingWorkloads = pendingWorkloads;
    }

    public Integer getReservingWorkloads() {
        return reservingWorkloads;
    }

    public void setReservingWorkloads(Integer reservingWorkloads) {
        this.reservingWorkloads = reservingWorkloads;
    }

    public Integer getAdmittedWorkloads() {
        return admittedWorkloads;
    }

    public void setAdmittedWorkloads(Integer admittedWorkloads) {
        this.admittedWorkloads = admittedWorkloads;
    }

    public FairSharingStatus getFairSharing() {
        return fairSharing;
    }

    public void setFairSharing(FairSharingStatus fairSharing) {
        this.fairSharing = fairSharing;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ClusterQueueStatus other)) {
            return false;
        }
        return Objects.equals(conditions, other.conditions)
                && Objects.equals(flavorsReservation, other.flavorsReservation)
                && Objects.equals(flavorsUsage, other.flavorsUsage)
                && Objects.equals(pendingWorkloads, other.pendingWorkloads)
                && Objects.equals(reservingWorkloads, other.reservingWorkloads)
                && Objects.equals(admittedWorkloads, other.admittedWorkloads)
                && Objects.equals(fairSharing, other.fairSharing);
    }

    @Override
    public int hashCode() {
        return Objects.hash(conditions, flavorsReservation, flavorsUsage, pendingWorkloads, reservingWorkloads,
                admittedWorkloads, fairSharing);
    }

    @Override
    public String toString() {
        return "ClusterQueueStatus{conditions=" + conditions
                + ", flavorsReservation=" + flavorsReservation
                + ", flavorsUsage=" + flavorsUsage
                + ", pendingWorkloads=" + pendingWorkloads
                + ", reservingWorkloads=" + reservingWorkloads
                + ", admittedWorkloads=" + admittedWorkloads
                + ", fairSharing=" + fairSharing
                + "}";
    }
}
