package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** A cluster-scoped pool of quota, by flavor and resource, that admits workloads from its LocalQueues. */
@Group(Kueue.GROUP)
@Version(Kueue.VERSION)
@Kind("ClusterQueue")
@Plural("clusterqueues")
@Singular("clusterqueue")
@ShortNames("cq")
@Categories({"kueue", "muster"})
@JsonClassDescription("ClusterQueue is a pool of quota, by flavor and resource, that admits workloads from its LocalQueues.")
@AdditionalPrinterColumn(name = "Cohort", jsonPath = ".spec.cohort", type = AdditionalPrinterColumn.Type.STRING,
        getDescription = "Cohort that this ClusterQueue belongs to")
@AdditionalPrinterColumn(name = "Strategy", jsonPath = ".spec.queueingStrategy", type = AdditionalPrinterColumn.Type.STRING,
        priority = 1, getDescription = "The queueing strategy used to prioritize workloads")
@AdditionalPrinterColumn(name = "Pending Workloads", jsonPath = ".status.pendingWorkloads",
        type = AdditionalPrinterColumn.Type.INTEGER, getDescription = "Number of pending workloads")
@AdditionalPrinterColumn(name = "Admitted Workloads", jsonPath = ".status.admittedWorkloads",
        type = AdditionalPrinterColumn.Type.INTEGER, getDescription = "Number of admitted workloads that haven't finished yet")
public class ClusterQueue extends CustomResource<ClusterQueueSpec, ClusterQueueStatus> {
}
