package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/** The admission checks of a ClusterQueue, each optionally limited to some flavors. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"admissionChecks"})
public class AdmissionChecksStrategy {

    /** One rule per AdmissionCheck. */
    @JsonPropertyDescription("One rule per AdmissionCheck.")
    private List<AdmissionCheckStrategyRule> admissionChecks;

    public AdmissionChecksStrategy() {
    }

    public List<AdmissionCheckStrategyRule> getAdmissionChecks() {
        return admissionChecks;
    }

    public void setAdmissionChecks(List<AdmissionCheckStrategyRule> admissionChecks) {
        this.admissionChecks = admissionChecks;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AdmissionChecksStrategy other)) {
            return false;
        }
        return Objects.equals(admissionChecks, other.admissionChecks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(admissionChecks);
    }

    @Override
    public String toString() {
        return "AdmissionChecksStrategy{admissionChecks=" + admissionChecks + "}";
    }
}
