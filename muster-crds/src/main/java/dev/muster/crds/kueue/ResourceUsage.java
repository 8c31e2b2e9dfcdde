package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Objects;

/** Usage of one resource of one flavor. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "total", "borrowed"})
public class ResourceUsage {

    /** Name of the resource. */
    @JsonPropertyDescription("Name of the resource.")
    @Required
    private String name;

    /** Total quantity in use, including what is borrowed. */
    @JsonPropertyDescription("Total quantity in use, including what is borrowed.")
    private Quantity total;

    /** Quantity in use above nominalQuota, borrowed from the cohort. */
    @JsonPropertyDescription("Quantity in use above nominalQuota, borrowed from the cohort.")
    private Quantity borrowed;

    public ResourceUsage() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Quantity getTotal() {
        return total;
    }

    public void setTotal(Quantity total) {
        this.total = total;
    }

    public Quantity getBorrowed() {
        return borrowed;
    }

    public void setBorrowed(Quantity borrowed) {
        this.borrowed = borrowed;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ResourceUsage other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(total, other.total)
                && Objects.equals(borrowed, other.borrowed);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, total, borrowed);
    }

    @Override
    public String toString() {
        return "ResourceUsage{name=" + name + ", total=" + total + ", borrowed=" + borrowed + "}";
    }
}
