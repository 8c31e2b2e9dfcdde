package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Size;
import java.util.List;
import java.util.Objects;

/** Updates to admitted pods from the details of the provisioned capacity. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"nodeSelector"})
public class ProvisioningRequestPodSetUpdates {

    /** Node selectors to add. */
    @JsonPropertyDescription("Node selectors to add.")
    @Size(max = 8)
    private List<ProvisioningRequestPodSetUpdatesNodeSelector> nodeSelector;

    public ProvisioningRequestPodSetUpdates() {
    }

    public List<ProvisioningRequestPodSetUpdatesNodeSelector> getNodeSelector() {
        return nodeSelector;
    }

    public void setNodeSelector(List<ProvisioningRequestPodSetUpdatesNodeSelector> nodeSelector) {
        this.nodeSelector = nodeSelector;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ProvisioningRequestPodSetUpdates other)) {
            return false;
        }
        return Objects.equals(nodeSelector, other.nodeSelector);
    }

    @Override
    public int hashCode() {
        return Objects.hash(nodeSelector);
    }

    @Override
    public String toString() {
        return "ProvisioningRequestPodSetUpdates{nodeSelector=" + nodeSelector + "}";
    }
}
