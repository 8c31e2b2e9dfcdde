package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/** The topology a pod set asks for. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"required", "preferred", "podIndexLabel", "subGroupIndexLabel", "subGroupCount"})
public class PodSetTopologyRequest {

    /** Topology level the pods must share. */
    @JsonPropertyDescription("Topology level the pods must share.")
    private String required;

    /** Topology level the pods should share. */
    @JsonPropertyDescription("Topology level the pods should share.")
    private String preferred;

    /** Label that holds the index of a pod. */
    @JsonPropertyDescription("Label that holds the index of a pod.")
    private String podIndexLabel;

    /** Label that holds the index of a sub-group. */
    @JsonPropertyDescription("Label that holds the index of a sub-group.")
    private String subGroupIndexLabel;

    /** Number of sub-groups. */
    @JsonPropertyDescription("Number of sub-groups.")
    private Integer subGroupCount;

    public PodSetTopologyRequest() {
    }

    public String getRequired() {
        return required;
    }

    public void setRequired(String required) {
        this.required = required;
    }

    public String getPreferred() {
        return preferred;
    }

    public void setPreferred(String preferred) {
        this.preferred = preferred;
    }

    public String getPodIndexLabel() {
        return podIndexLabel;
    }

    public void setPodIndexLabel(String podIndexLabel) {
        this.podIndexLabel = podIndexLabel;
    }

    public String getSubGroupIndexLabel() {
        return subGroupIndexLabel;
    }

    public void setSubGroupIndexLabel(String subGroupIndexLabel) {
        this.subGroupIndexLabel = subGroupIndexLabel;
    }

    public Integer getSubGroupCount() {
        return subGroupCount;
    }

    public void setSubGroupCount(Integer subGroupCount) {
        this.subGroupCount = subGroupCount;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PodSetTopologyRequest other)) {
            return false;
        }
        return Objects.equals(required, other.required)
                && Objects.equals(preferred, other.preferred)
                && Objects.equals(podIndexLabel, other.podIndexLabel)
                && Objects.equals(subGroupIndexLabel, other.subGroupIndexLabel)
                && Objects.equals(subGroupCount, other.subGroupCount);
    }

    @Override
    public int hashCode() {
        return Objects.hash(required, preferred, podIndexLabel, subGroupIndexLabel, subGroupCount);
    }

    @Override
    public String toString() {
        return "PodSetTopologyRequest{required=" + required
                + ", preferred=" + preferred
                + ", podIndexLabel=" + podIndexLabel
                + ", subGroupIndexLabel=" + subGroupIndexLabel
                + ", subGroupCount=" + subGroupCount
                + "}";
    }
}
