package dev.muster.api.scenario;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.Namespace;
import dev.muster.core.model.ResourceFlavorSpec;
import java.util.List;

/**
 * Everything a set of manifests declares, validated and translated into the core model: the
 * quota tree, the global settings and the workloads in creation order. Objects that later
 * features act on (nodes, node pools, admission checks, KAI queues) are carried as read.
 */
public record Scenario(
        List<Namespace> namespaces,
        List<ResourceFlavorSpec> flavors,
        List<CohortSpec> cohorts,
        List<ClusterQueueSpec> clusterQueues,
        List<LocalQueueSpec> localQueues,
        KueueSettings settings,
        List<WorkloadSource> workloads,
        List<DeclaredObject> otherObjects) {

    public Scenario {
        namespaces = List.copyOf(namespaces);
        flavors = List.copyOf(flavors);
        cohorts = List.copyOf(cohorts);
        clusterQueues = List.copyOf(clusterQueues);
        localQueues = List.copyOf(localQueues);
        workloads = List.copyOf(workloads);
        otherObjects = List.copyOf(otherObjects);
    }
}
