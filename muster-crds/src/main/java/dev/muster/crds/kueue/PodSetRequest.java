package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;
import java.util.Objects;

/** What one pod set asks for. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "resources"})
public class PodSetRequest {

    /** Name of the pod set. */
    @JsonPropertyDescription("Name of the pod set.")
    @Required
    private String name;

    /** Total of each resource for all pods of the pod set. */
    @JsonPropertyDescription("Total of each resource for all pods of the pod set.")
    private Map<String, Quantity> resources;

    public PodSetRequest() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Map<String, Quantity> getResources() {
        return resources;
    }

    public void setResources(Map<String, Quantity> resources) {
        this.resources = resources;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PodSetRequest other)) {
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
        return "PodSetRequest{name=" + name + ", resources=" + resources + "}";
    }
}
