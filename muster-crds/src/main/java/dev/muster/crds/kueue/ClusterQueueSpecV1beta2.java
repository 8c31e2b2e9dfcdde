package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** A v1beta2 ClusterQueue's spec: v1beta1's, with cohort named cohortName and admission checks in admissionChecksStrategy only. */
@ValidationRule(
        value = "!has(self.cohortName) && has(self.resourceGroups) ? self.resourceGroups.all(rg, "
                + "rg.flavors.all(f, f.resources.all(r, !has(r.borrowingLimit)))) : true",
        message = "borrowingLimit must be nil when cohortName is empty")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
        "resourceGroups",
        "cohortName",
        "queueingStrategy",
        "namespaceSelector",
        "flavorFungibility",
        "preemption",
        "admissionChecksStrategy",
        "stopPolicy",
        "fairSharing",
        "admissionScope",
        "excludeResourcePrefixes"})
public class ClusterQueueSpecV1beta2 extends ClusterQueueSpecFields {

    /** Cohort this queue borrows from and lends to; unset means it neither borrows nor lends. */
    @JsonPropertyDescription("Cohort this queue borrows from and lends to; unset means it neither borrows nor lends.")
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String cohortName;

    public ClusterQueueSpecV1beta2() {
    }

    public String getCohortName() {
        return cohortName;
    }

    public void setCohortName(String cohortName) {
        this.cohortName = cohortName;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof ClusterQueueSpecV1beta2 other && sameFields(other)
                && Objects.equals(cohortName, other.cohortName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fieldsHash(), cohortName);
    }

    @Override
    public String toString() {
        return "ClusterQueueSpecV1beta2{" + fieldsText() + ", cohortName=" + cohortName + "}";
    }
}
