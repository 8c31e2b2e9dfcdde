package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The nodes a flavor stands for. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"nodeLabels", "nodeTaints", "tolerations", "topologyName"})
public class ResourceFlavorSpec {

    /** Labels of the nodes of this flavor; added as node selectors to admitted pods. */
    @JsonPropertyDescription("Labels of the nodes of this flavor; added as node selectors to admitted pods.")
    @Size(max = 8)
    private Map<String, String> nodeLabels;

    /** Taints of the nodes of this flavor; a workload must tolerate them to get the flavor. */
    @JsonPropertyDescription("Taints of the nodes of this flavor; a workload must tolerate them to get the flavor.")
    @Size(max = 8)
    private List<Taint> nodeTaints;

    /** Tolerations added to admitted pods. */
    @JsonPropertyDescription("Tolerations added to admitted pods.")
    @Size(max = 8)
    private List<Toleration> tolerations;

    /** Name of the Topology of the nodes of this flavor. */
    @JsonPropertyDescription("Name of the Topology of the nodes of this flavor.")
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String topologyName;

    public ResourceFlavorSpec() {
    }

    public Map<String, String> getNodeLabels() {
        return nodeLabels;
    }

    public void setNodeLabels(Map<String, String> nodeLabels) {
        this.nodeLabels = nodeLabels;
    }

    public List<Taint> getNodeTaints() {
        return nodeTaints;
    }

    public void setNodeTaints(List<Taint> nodeTaints) {
        this.nodeTaints = nodeTaints;
    }

    public List<Toleration> getTolerations() {
        return tolerations;
    }

    public void setTolerations(List<Toleration> tolerations) {
        this.tolerations = tolerations;
    }

    public String getTopologyName() {
        return topologyName;
    }

    public void setTopologyName(String topologyName) {
        this.topologyName = topologyName;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ResourceFlavorSpec other)) {
            return false;
        }
        return Objects.equals(nodeLabels, other.nodeLabels)
                && Objects.equals(nodeTaints, other.nodeTaints)
                && Objects.equals(tolerations, other.tolerations)
                && Objects.equals(topologyName, other.topologyName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(nodeLabels, nodeTaints, tolerations, topologyName);
    }

    @Override
    public String toString() {
        return "ResourceFlavorSpec{nodeLabels=" + nodeLabels
                + ", nodeTaints=" + nodeTaints
                + ", tolerations=" + tolerations
                + ", topologyName=" + topologyName
                + "}";
    }
}
