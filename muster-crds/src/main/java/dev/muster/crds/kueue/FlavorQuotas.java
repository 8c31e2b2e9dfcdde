package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.List;
import java.util.Objects;

/** The quotas of one flavor, one per covered resource. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "resources"})
public class FlavorQuotas {

    /** Name of a ResourceFlavor. */
    @JsonPropertyDescription("Name of a ResourceFlavor.")
    @Required
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String name;

    /** Quota per resource, in the order of coveredResources. */
    @JsonPropertyDescription("Quota per resource, in the order of coveredResources.")
    @Required
    @Size(min = 1, max = 64)
    private List<ResourceQuota> resources;

    public FlavorQuotas() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public List<ResourceQuota> getResources() {
        return resources;
    }

    public void setResources(List<ResourceQuota> resources) {
        this.resources = resources;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlavorQuotas other)) {
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
        return "FlavorQuotas{name=" + name + ", resources=" + resources + "}";
    }
}
