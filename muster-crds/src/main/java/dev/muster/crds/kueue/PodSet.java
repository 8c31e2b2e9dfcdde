package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.Objects;

/** A set of identical pods. */
@ValidationRule(
        value = "has(self.minCount) ? self.minCount <= self.count : true",
        message = "minCount should be positive and less or equal to count")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "template", "count", "minCount", "topologyRequest"})
public class PodSet {

    /** Name of the pod set, unique in the workload. */
    @JsonPropertyDescription("Name of the pod set, unique in the workload.")
    @Default("main")
    @Size(max = 63)
    @Pattern(Validation.DNS_LABEL)
    private String name;

    /** Template of the pods; its requests are what the pod set asks of the quota. */
    @JsonPropertyDescription("Template of the pods; its requests are what the pod set asks of the quota.")
    @Required
    private PodTemplateSpec template;

    /** Number of pods. */
    @JsonPropertyDescription("Number of pods.")
    @Default("1")
    @Min(0)
    private Integer count;

    /** Fewest pods the workload accepts under partial admission. */
    @JsonPropertyDescription("Fewest pods the workload accepts under partial admission.")
    @Min(1)
    private Integer minCount;

    /** Topology the pods ask for. */
    @JsonPropertyDescription("Topology the pods ask for.")
    private PodSetTopologyRequest topologyRequest;

    public PodSet() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public PodTemplateSpec getTemplate() {
        return template;
    }

    public void setTemplate(PodTemplateSpec template) {
        this.template = template;
    }

    public Integer getCount() {
        return count;
    }

    public void setCount(Integer count) {
        this.count = count;
    }

    public Integer getMinCount() {
        return minCount;
    }

    public void setMinCount(Integer minCount) {
        this.minCount = minCount;
    }

    public PodSetTopologyRequest getTopologyRequest() {
        return topologyRequest;
    }

    public void setTopologyRequest(PodSetTopologyRequest topologyRequest) {
        this.topologyRequest = topologyRequest;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PodSet other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(template, other.template)
                && Objects.equals(count, other.count)
                && Objects.equals(minCount, other.minCount)
                && Objects.equals(topologyRequest, other.topologyRequest);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, template, count, minCount, topologyRequest);
    }

    @Override
    public String toString() {
        return "PodSet{name=" + name
                + ", template=" + template
                + ", count=" + count
                + ", minCount=" + minCount
                + ", topologyRequest=" + topologyRequest
                + "}";
    }
}
