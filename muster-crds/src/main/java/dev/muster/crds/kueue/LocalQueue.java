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

/**
 * The namespaced queue users submit to, pointing at one ClusterQueue. Kueue's short names
 * {@code queue} and {@code queues} are left out: with KAI's Queue served in the same cluster,
 * {@code kubectl get queues} would be ambiguous.
 */
@Group(Kueue.GROUP)
@Version(Kueue.VERSION)
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
public class LocalQueue extends CustomResource<LocalQueueSpec, LocalQueueStatus> implements Namespaced {
}
