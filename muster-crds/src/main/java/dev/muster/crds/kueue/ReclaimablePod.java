package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;
import java.util.Objects;

/** Pods of one pod set that no longer need their quota. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "count"})
public class ReclaimablePod {

    /** Name of the pod set. */
    @JsonPropertyDescription("Name of the pod set.")
    @Required
    private String name;

    /** Number of pods. */
    @JsonPropertyDescription("Number of pods.")
    @Required
    @Min(0)
    private Integer count;

    public ReclaimablePod() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
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
        if (!(o instanceof ReclaimablePod other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(count, other.count);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, count);
    }

    @Override
    public String toString() {
        return "ReclaimablePod{name=" + name + ", count=" + count + "}";
    }
}
