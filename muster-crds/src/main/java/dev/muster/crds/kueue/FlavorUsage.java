package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.List;
import java.util.Objects;

/** Usage of the resources of one flavor. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "resources"})
public class FlavorUsage {

    /** Name of the flavor. */
    @JsonPropertyDescription("Name of the flavor.")
    @Required
    private String name;

    /** Usage per resource. */
    @JsonPropertyDescription("Usage per resource.")
    @Required
    @Size(max = 64)
    private List<ResourceUsage> resources;

    public FlavorUsage() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public List<ResourceUsage> getResources() {
        return resources;
    }

    public void setResources(List<ResourceUsage> resources) {
        this.resources = resources;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlavorUsage other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(resources, other.resources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, resources);
    }

    @Override
    public String toString() {
        return "FlavorUsage{name=" + name + ", resources=" + resources + "}";
    }
}
