package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Objects;

/** What Muster observes of a Cohort. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"conditions", "fairSharing"})
public class CohortStatus {

    /** Latest observations; type Active is False while the cohort is part of a cycle. */
    @JsonPropertyDescription("Latest observations; type Active is False while the cohort is part of a cycle.")
    private List<Condition> conditions;

    /** Fair-sharing state, when fair sharing is on. */
    @JsonPropertyDescription("Fair-sharing state, when fair sharing is on.")
    private FairSharingStatus fairSharing;

    public CohortStatus() {
    }

    public List<Condition> getConditions() {
        return conditions;
    }

    public void setConditions(List<Condition> conditions) {
        this.conditions = conditions;
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
        if (!(o instanceof CohortStatus other)) {
            return false;
        }
        return Objects.equals(conditions, other.conditions)
                && Objects.equals(fairSharing, other.fairSharing);
    }

    @Override
    public int hashCode() {
        return Objects.hash(conditions, fairSharing);
    }

    @Override
    public String toString() {
        return "CohortStatus{conditions=" + conditions + ", fairSharing=" + fairSharing + "}";
    }
}
