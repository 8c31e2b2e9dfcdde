package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A priority for workloads that leaves pod priority alone, chosen with the job label
 * {@code kueue.x-k8s.io/priority-class}. Like a PriorityClass it has no spec: {@code value} and
 * {@code description} sit at the top level.
 */
@Group(Kueue.GROUP)
@Version(Kueue.VERSION)
@Kind("WorkloadPriorityClass")
@Plural("workloadpriorityclasses")
@Singular("workloadpriorityclass")
@Categories({"kueue", "muster"})
@JsonClassDescription("WorkloadPriorityClass is a priority for workloads that does not change the priority of their pods.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public class WorkloadPriorityClass extends CustomResource<Void, Void> {

    /** The priority; higher goes first. */
    @JsonPropertyDescription("The priority of workloads of this class; higher goes first.")
    @Required
    private Integer value;

    /** What the class is for. */
    @JsonPropertyDescription("What the class is for.")
    @Size(max = 2048)
    private String description;

    public Integer getValue() {
        return value;
    }

    public void setValue(Integer value) {
        this.value = value;
    }

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }
}
