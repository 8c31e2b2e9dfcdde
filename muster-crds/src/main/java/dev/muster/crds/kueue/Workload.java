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

/** A gang of pod sets admitted, and evicted, as a whole; one per RayJob, RayCluster or batch Job Muster manages. */
@Group(Kueue.GROUP)
@Version(Kueue.VERSION)
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
public class Workload extends CustomResource<WorkloadSpec, WorkloadStatus> implements Namespaced {
}
