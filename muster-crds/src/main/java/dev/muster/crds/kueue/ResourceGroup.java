package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import java.util.Objects;

/** Resources covered together by a list of flavors, each with a quota for every covered resource. */
@ValidationRule(
        value = "self.flavors.all(x, size(x.resources) == size(self.coveredResources))",
        message = "flavors must have the same number of resources as the coveredResources")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"coveredResources", "flavors"})
public class ResourceGroup {

    /** Resources covered by the flavors of this group, for example cpu, memory, nvidia.com/gpu. */
    @JsonPropertyDescription("Resources covered by the flavors of this group, for example cpu, memory, nvidia.com/gpu.")
    @Required
    @Size(min = 1, max = 64)
    private List<String> coveredResources;

    /**
     * Flavors that provide the covered resources, tried in this order; each lists every covered
     * resource in the same order.
     */
    @JsonPropertyDescription("Flavors that provide the covered resources, tried in this order; each lists every covered "
            + "resource in the same order.")
    @Required
    @Size(min = 1, max = 64)
    private List<FlavorQuotas> flavors;

    public ResourceGroup() {
    }

    public List<String> getCoveredResources() {
        return coveredResources;
    }

    public void setCoveredResources(List<String> coveredResources) {
        this.coveredResources = coveredResources;
    }

    public List<FlavorQuotas> getFlavors() {
        return flavors;
    }

    public void setFlavors(List<FlavorQuotas> flavors) {
        this.flavors = flavors;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ResourceGroup other)) {
            return false;
        }
        return Objects.equals(coveredResources, other.coveredResources)
                && Objects.equals(flavors, other.flavors);
    }

    @Override
    public int hashCode() {
        return Objects.hash(coveredResources, flavors);
    }

    @Override
    public String toString() {
        return "ResourceGroup{coveredResources=" + coveredResources + ", flavors=" + flavors + "}";
    }
}
