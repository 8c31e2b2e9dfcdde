package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Objects;

/** Usage of one resource by the workloads of a LocalQueue. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "total"})
public class LocalQueueResourceUsage {

    /** Name of the resource. */
    @JsonPropertyDescription("Name of the resource.")
    @Required
    private String name;

    /** Total quantity in use. */
    @JsonPropertyDescription("Total quantity in use.")
    private Quantity total;

    public LocalQueueResourceUsage() {
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

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LocalQueueResourceUsage other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(total, other.total);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, total);
    }

    @Override
    public String toString() {
        return "LocalQueueResourceUsage{name=" + name + ", total=" + total + "}";
    }
}
