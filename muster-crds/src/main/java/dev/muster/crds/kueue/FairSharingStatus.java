package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import java.util.Objects;

/** The fair-sharing state of a queue or cohort. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"weightedShare"})
public class FairSharingStatus {

    /** The largest share of borrowed resources divided by the weight; 0 while not borrowing. */
    @JsonPropertyDescription("The largest share of borrowed resources divided by the weight; 0 while not borrowing.")
    @Required
    private Long weightedShare;

    public FairSharingStatus() {
    }

    public Long getWeightedShare() {
        return weightedShare;
    }

    public void setWeightedShare(Long weightedShare) {
        this.weightedShare = weightedShare;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FairSharingStatus other)) {
            return false;
        }
        return Objects.equals(weightedShare, other.weightedShare);
    }

    @Override
    public int hashCode() {
        return Objects.hash(weightedShare);
    }

    @Override
    public String toString() {
        return "FairSharingStatus{weightedShare=" + weightedShare + "}";
    }
}
