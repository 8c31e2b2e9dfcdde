package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.generator.annotation.Required;
import java.util.List;
import java.util.Objects;

/** An AdmissionCheck and the flavors it applies to. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"name", "onFlavors"})
public class AdmissionCheckStrategyRule {

    /** Name of the AdmissionCheck. */
    @JsonPropertyDescription("Name of the AdmissionCheck.")
    @Required
    private String name;

    /** Flavors the check runs for; empty means every workload of the queue. */
    @JsonPropertyDescription("Flavors the check runs for; empty means every workload of the queue.")
    private List<String> onFlavors;

    public AdmissionCheckStrategyRule() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public List<String> getOnFlavors() {
        return onFlavors;
    }

    public void setOnFlavors(List<String> onFlavors) {
        this.onFlavors = onFlavors;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AdmissionCheckStrategyRule other)) {
            return false;
        }
        return Objects.equals(name, other.name)
                && Objects.equals(onFlavors, other.onFlavors);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, onFlavors);
    }

    @Override
    public String toString() {
        return "AdmissionCheckStrategyRule{name=" + name + ", onFlavors=" + onFlavors + "}";
    }
}
