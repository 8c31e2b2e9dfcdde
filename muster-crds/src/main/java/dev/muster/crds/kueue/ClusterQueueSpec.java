package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import java.util.Objects;

/** The quotas and policies of a ClusterQueue. */
@ValidationRule(
        value = "!has(self.cohort) && has(self.resourceGroups) ? self.resourceGroups.all(rg, "
                + "rg.flavors.all(f, f.resources.all(r, !has(r.borrowingLimit)))) : true",
        message = "borrowingLimit must be nil when cohort is empty")
@ValidationRule(
        value = "!(has(self.admissionChecks) && has(self.admissionChecksStrategy))",
        message = "admissionChecks and admissionChecksStrategy cannot be used together")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "resourceGroups",
        "cohort",
        "queueingStrategy",
        "namespaceSelector",
        "flavorFungibility",
        "preemption",
        "admissionChecks",
        "admissionChecksStrategy",
        "stopPolicy",
        "fairSharing",
        "admissionScope",
        "excludeResourcePrefixes"})
public class ClusterQueueSpec extends ClusterQueueSpecFields {

    /** Cohort this queue borrows from and lends to; unset means it neither borrows nor lends. */
    @JsonPropertyDescription("Cohort this queue borrows from and lends to; unset means it neither borrows nor lends.")
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String cohort;

    /**
     * AdmissionChecks every workload must pass; cannot be used together with
     * admissionChecksStrategy.
     */
    @JsonPropertyDescription("AdmissionChecks every workload must pass; cannot be used together with "
            + "admissionChecksStrategy.")
    private List<String> admissionChecks;

    public ClusterQueueSpec() {
    }

    public String getCohort() {
        return cohort;
    }

    public void setCohort(String cohort) {
        this.cohort = cohort;
    }

    public List<String> getAdmissionChecks() {
        return admissionChecks;
    }

    public void setAdmissionChecks(List<String> admissionChecks) {
        this.admissionChecks = admissionChecks;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof ClusterQueueSpec other && sameFields(other)
                && Objects.equals(cohort, other.cohort)
                && Objects.equals(admissionChecks, other.admissionChecks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fieldsHash(), cohort, admissionChecks);
    }

    @Override
    public String toString() {
        return "ClusterQueueSpec{" + fieldsText() + ", cohort=" + cohort + ", admissionChecks=" + admissionChecks + "}";
    }
}
