package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;
import java.util.Objects;

/** Flavors and usage of one pod set at admission. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "flavors", "resourceUsage", "count"})
public class PodSetAssignment {

    /** Name of the pod set. */
    @JsonPropertyDescription("Name of the pod set.")
    @Required
    @Size(max = 63)
    private String name;

    /** Flavor assigned to each resource. */
    @JsonPropertyDescription("Flavor assigned to each resource.")
    private Map<String, String> flavors;

    /** Total of each resource for all pods of the pod set. */
    @JsonPropertyDescription("Total of each resource for all pods of the pod set.")
    private Map<String, Quantity> resourceUsage;

    /** Number of pods admitted (lower than the pod set count under partial admission). */
    @JsonPropertyDescription("Number of pods admitted (lower than the pod set count under partial admission).")
    @Min(0)
    private Integer count;

    public PodSetAssignment() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Map<String, String> getFlavors() {
        return flavors;
    }

    public void setFlavors(Map<String, String> flavors) {
        this.flavors = flavors;
    }

    public Map<String, Quantity> getResourceUsage() {
        return resourceUsage;
    }

    public void setResourceUsage(Map<String, Quantity> resourceUsage) {
        this.resourceUsage = resourceUsage;
    }

    public Integer getCount() {
        return count;
    }

    public void setCount(Integer count) {
        this.count = count;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PodSetAssignment other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(flavors, other.flavors)
                && Objects.equals(resourceUsage, other.resourceUsage)
                && Objects.equals(count, other.count);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, flavors, resourceUsage, count);
    }

    @Override
    public String toString() {
        return "PodSetAssignment{name=" + name
                + ", flavors=" + flavors
                + ", resourceUsage=" + resourceUsage
                + ", count=" + count
                + "}";
    }
}
