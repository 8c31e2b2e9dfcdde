package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.muster.crds.Validation;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.Objects;

/** A v1beta2 Workload's priority class: a WorkloadPriorityClass or a pod PriorityClass, by group and kind. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"group", "kind", "name"})
public class PriorityClassRef {

    /** kueue.x-k8s.io for a WorkloadPriorityClass, scheduling.k8s.io for a PriorityClass. */
    @JsonPropertyDescription("kueue.x-k8s.io for a WorkloadPriorityClass, scheduling.k8s.io for a PriorityClass.")
    @Required
    private String group;

    /** WorkloadPriorityClass or PriorityClass. */
    @JsonPropertyDescription("WorkloadPriorityClass or PriorityClass.")
    @Required
    private String kind;

    /** Name of the class. */
    @JsonPropertyDescription("Name of the class.")
    @Required
    @Size(max = 253)
    @Pattern(Validation.DNS_SUBDOMAIN)
    private String name;

    public PriorityClassRef() {
    }

    public PriorityClassRef(String group, String kind, String name) {
        this.group = group;
        this.kind = kind;
        this.name = name;
    }

    public String getGroup() {
        return group;
    }

    public void setGroup(String group) {
        this.group = group;
    }

    public String getKind() {
        return kind;
    }

    public void setKind(String kind) {
        this.kind = kind;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof PriorityClassRef other && Objects.equals(group, other.group)
                && Objects.equals(kind, other.kind) && Objects.equals(name, other.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(group, kind, name);
    }

    @Override
    public String toString() {
        return "PriorityClassRef{group=" + group + ", kind=" + kind + ", name=" + name + "}";
    }
}
