package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Objects;

/** What Muster observes of a LocalQueue. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "conditions",
        "pendingWorkloads",
        "reservingWorkloads",
        "admittedWorkloads",
        "flavorsReservation",
        "flavorUsage"})
public class LocalQueueStatus {

    /** Latest observations; type Active says whether the queue can submit to its ClusterQueue. */
    @JsonPropertyDescription("Latest observations; type Active says whether the queue can submit to its ClusterQueue.")
    private List<Condition> conditions;

    /** Workloads of the queue not yet admitted. */
    @JsonPropertyDescription("Workloads of the queue not yet admitted.")
    private Integer pendingWorkloads;

    /** Workloads of the queue reserving quota and not finished. */
    @JsonPropertyDescription("Workloads of the queue reserving quota and not finished.")
    private Integer reservingWorkloads;

    /** Workloads of the queue admitted and not finished. */
    @JsonPropertyDescription("Workloads of the queue admitted and not finished.")
    private Integer admittedWorkloads;

    /** Quota reserved per flavor by the workloads of the queue. */
    @JsonPropertyDescription("Quota reserved per flavor by the workloads of the queue.")
    @Size(max = 16)
    private List<LocalQueueFlavorUsage> flavorsReservation;

    /** Quota used per flavor by the admitted workloads of the queue. */
    @JsonPropertyDescription("Quota used per flavor by the admitted workloads of the queue.")
    @Size(max = 16)
    private List<LocalQueueFlavorUsage> flavorUsage;

    public LocalQueueStatus() {
    }

    public List<Condition> getConditions() {
        return conditions;
    }

    public void setConditions(List<Condition> conditions) {
        this.conditions = conditions;
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

    public List<LocalQueueFlavorUsage> getFlavorsReservation() {
        return flavorsReservation;
    }

    public void setFlavorsReservation(List<LocalQueueFlavorUsage> flavorsReservation) {
        this.flavorsReservation = flavorsReservation;
    }

    public List<LocalQueueFlavorUsage> getFlavorUsage() {
        return flavorUsage;
    }

    public void setFlavorUsage(List<LocalQueueFlavorUsage> flavorUsage) {
        this.flavorUsage = flavorUsage;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LocalQueueStatus other)) {
            return false;
        }
        return Objects.equals(conditions, other.conditions)
                && Objects.equals(pendingWorkloads, other.pendingWorkloads)
                && Objects.equals(reservingWorkloads, other.reservingWorkloads)
                && Objects.equals(admittedWorkloads, other.admittedWorkloads)
                && Objects.equals(flavorsReservation, other.flavorsReservation)
                && Objects.equals(flavorUsage, other.flavorUsage);
    }

    @Override
    public int hashCode() {
        return Objects.hash(conditions, pendingWorkloads, reservingWorkloads, admittedWorkloads, flavorsReservation,
                flavorUsage);
    }

    @Override
    public String toString() {
        return "LocalQueueStatus{conditions=" + conditions
                + ", pendingWorkloads=" + pendingWorkloads
                + ", reservingWorkloads=" + reservingWorkloads
                + ", admittedWorkloads=" + admittedWorkloads
                + ", flavorsReservation=" + flavorsReservation
                + ", flavorUsage=" + flavorUsage
                + "}";
    }
}
