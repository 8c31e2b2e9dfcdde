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

/** LocalQueue as {@code kueue.x-k8s.io/v1beta2}, with the same fields as v1beta1: served, converted to v1beta1 for storage. */
@Group(Kueue.GROUP)
@Version(value = Kueue.V1BETA2, storage = false)
@Kind("LocalQueue")
@Plural("localqueues")
@Singular("localqueue")
@ShortNames("lq")
@Categories({"kueue", "muster"})
@JsonClassDescription("LocalQueue is the namespaced queue users submit workloads to; it points at one ClusterQueue.")
@AdditionalPrinterColumn(name = "ClusterQueue", jsonPath = ".spec.clusterQueue", type = AdditionalPrinterColumn.Type.STRING,
        getDescription = "Backing ClusterQueue")
@AdditionalPrinterColumn(name = "Pending Workloads", jsonPath = ".status.pendingWorkloads",
        type = AdditionalPrinterColumn.Type.INTEGER, getDescription = "Number of pending workloads")
@AdditionalPrinterColumn(name = "Admitted Workloads", jsonPath = ".status.admittedWorkloads",
        type = AdditionalPrinterColumn.Type.INTEGER, getDescription = "Number of admitted workloads that haven't finished yet.")
public class LocalQueueV1beta2 extends CustomResource<LocalQueueSpec, LocalQueueStatus> implements Namespaced {
}
