package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** WorkloadPriorityClass as {@code kueue.x-k8s.io/v1beta2}, with the same fields as v1beta1: served, converted to v1beta1 for storage. */
@Group(Kueue.GROUP)
@Version(value = Kueue.V1BETA2, storage = false)
@Kind("WorkloadPriorityClass")
@Plural("workloadpriorityclasses")
@Singular("workloadpriorityclass")
@Categories({"kueue", "muster"})
@JsonClassDescription("WorkloadPriorityClass is a priority for workloads that does not change the priority of their pods.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public class WorkloadPriorityClassV1beta2 extends WorkloadPriorityClass {
}
