package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Objects;

/** Properties of a queue or cohort under fair sharing. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"weight"})
public class FairSharing {

    /**
     * Weight of the share of unused quota this node gets relative to its siblings; 1 when unset, 0
     * means it borrows only what no one else wants.
     */
    @JsonPropertyDescription("Weight of the share of unused quota this node gets relative to its siblings; 1 when unset,"
            + " 0 means it borrows only what no one else wants.")
    private Quantity weight;

    public FairSharing() {
    }

    public Quantity getWeight() {
        return weight;
    }

    public void setWeight(Quantity weight) {
        this.weight = weight;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FairSharing other)) {
            return false;
        }
        return Objects.equals(weight, other.weight);
    }

    @Override
    public int hashCode() {
        return Objects.hash(weight);
    }

    @Override
    public String toString() {
        return "FairSharing{weight=" + weight + "}";
    }
}
