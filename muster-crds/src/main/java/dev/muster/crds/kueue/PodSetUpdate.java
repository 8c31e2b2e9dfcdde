package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Additions to the pods of one pod set, asked for by an admission check. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "labels", "annotations", "nodeSelector", "tolerations"})
public class PodSetUpdate {

    /** Name of the pod set. */
    @JsonPropertyDescription("Name of the pod set.")
    @Required
    private String name;

    /** Labels to add. */
    @JsonPropertyDescription("Labels to add.")
    private Map<String, String> labels;

    /** Annotations to add. */
    @JsonPropertyDescription("Annotations to add.")
    private Map<String, String> annotations;

    /** Node selectors to add. */
    @JsonPropertyDescription("Node selectors to add.")
    private Map<String, String> nodeSelector;

    /** Tolerations to add. */
    @JsonPropertyDescription("Tolerations to add.")
    @Size(max = 8)
    private List<Toleration> tolerations;

    public PodSetUpdate() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Map<String, String> getLabels() {
        return labels;
    }

    public void setLabels(Map<String, String> labels) {
        this.labels = labels;
    }

    public Map<String, String> getAnnotations() {
        return annotations;
    }

    public void setAnnotations(Map<String, String> annotations) {
        this.annotations = annotations;
    }

    public Map<String, String> getNodeSelector() {
        return nodeSelector;
    }

    public void setNodeSelector(Map<String, String> nodeSelector) {
        this.nodeSelector = nodeSelector;
    }

    public List<Toleration> getTolerations() {
        return tolerations;
    }

    public void setTolerations(List<Toleration> tolerations) {
        this.tolerations = tolerations;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PodSetUpdate other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(labels, other.labels)
                && Objects.equals(annotations, other.annotations)
                && Objects.equals(nodeSelector, other.nodeSelector)
                && Objects.equals(tolerations, other.tolerations);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, labels, annotations, nodeSelector, tolerations);
    }

    @Override
    public String toString() {
        return "PodSetUpdate{name=" + name
                + ", labels=" + labels
                + ", annotations=" + annotations
                + ", nodeSelector=" + nodeSelector
                + ", tolerations=" + tolerations
                + "}";
    }
}
