package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** Workload as {@code kueue.x-k8s.io/v1beta2} (priorityClassRef for priorityClassName and priorityClassSource): served, converted to v1beta1 for storage. */
@Group(Kueue.GROUP)
@Version(value = Kueue.V1BETA2, storage = false)
@Kind("Workload")
@Plural("workloads")
@Singular("workload")
@ShortNames("wl")
@Categories({"kueue", "muster"})
@JsonClassDescription("Workload is a gang of pod sets that is admitted, and evicted, as a whole.")
@AdditionalPrinterColumn(name = "Queue", jsonPath = ".spec.queueName", type = AdditionalPrinterColumn.Type.STRING,
        getDescription = "Name of the queue this workload was submitted to")
@AdditionalPrinterColumn(name = "Reserved in", jsonPath = ".status.admission.clusterQueue",
        type = AdditionalPrinterColumn.Type.STRING,
        getDescription = "Name of the ClusterQueue where the workload is reserving quota")
@AdditionalPrinterColumn(name = "Admitted", jsonPath = ".status.conditions[?(@.type=='Admitted')].status",
        type = AdditionalPrinterColumn.Type.STRING, getDescription = "Admission status")
@AdditionalPrinterColumn(name = "Finished", jsonPath = ".status.conditions[?(@.type=='Finished')].status",
        type = AdditionalPrinterColumn.Type.STRING, getDescription = "Workload finished")
@AdditionalPrinterColumn(name = "Age", jsonPath = ".metadata.creationTimestamp", type = AdditionalPrinterColumn.Type.DATE,
        getDescription = "Time this workload was created")
public class WorkloadV1beta2 extends CustomResource<WorkloadSpecV1beta2, WorkloadStatus> implements Namespaced {
}
