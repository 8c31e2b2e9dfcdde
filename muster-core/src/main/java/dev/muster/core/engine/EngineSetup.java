package dev.muster.core.engine;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.Namespace;
import dev.muster.core.model.ResourceFlavorSpec;
import dev.muster.core.placement.NodeSpec;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What an {@link Engine} is built from: the queues of both dialects, the cluster, and the settings.
 * Start from {@link #kueue}; add KAI queues with {@link #withKai} and nodes with {@link #withNodes}.
 *
 * @param kaiQueues KAI queues, which join the quota tree under a root that stands for the cluster
 * @param capacity  the cluster's allocatable per resource in milli-units (from its nodes); empty
 *                  when unknown, and then KAI queues are bounded by their limits only
 * @param nodes     with nodes, a gang is admitted only when all of its pods have a place on them
 *                  (its flavors' node labels and tolerations apply), and it is placed whole
 * @param flavors   the ResourceFlavors, whose node labels and tolerations placement applies
 */
public record EngineSetup(Collection<ClusterQueueSpec> clusterQueues, Collection<CohortSpec> cohorts,
        Collection<LocalQueueSpec> localQueues, Collection<Namespace> namespaces, List<KaiQueueSpec> kaiQueues,
        Map<String, Long> capacity, Collection<NodeSpec> nodes, Collection<ResourceFlavorSpec> flavors,
        AdmissionSettings settings) {

    public EngineSetup {
        clusterQueues = List.copyOf(clusterQueues);
        cohorts = List.copyOf(cohorts);
        localQueues = List.copyOf(localQueues);
        namespaces = List.copyOf(namespaces);
        kaiQueues = List.copyOf(kaiQueues);
        capacity = Map.copyOf(capacity);
        nodes = List.copyOf(nodes);
        flavors = List.copyOf(flavors);
    }

    /** Kueue's queues only, no nodes: admission by quota alone. */
    public static EngineSetup kueue(Collection<ClusterQueueSpec> clusterQueues, Collection<CohortSpec> cohorts,
            Collection<LocalQueueSpec> localQueues, Collection<Namespace> namespaces, AdmissionSettings settings) {
        return new EngineSetup(clusterQueues, cohorts, localQueues, namespaces, List.of(), Map.of(), List.of(),
                List.of(), settings);
    }

    /** KAI's queues only, bounded by the cluster's {@code capacity}; no nodes. */
    public static EngineSetup kai(List<KaiQueueSpec> kaiQueues, Map<String, Long> capacity, AdmissionSettings settings) {
        return kueue(List.of(), List.of(), List.of(), List.of(), settings).withKai(kaiQueues, capacity);
    }

    /** This setup with KAI queues, bounded by the cluster's {@code capacity}. */
    public EngineSetup withKai(List<KaiQueueSpec> kai, Map<String, Long> clusterCapacity) {
        return new EngineSetup(clusterQueues, cohorts, localQueues, namespaces, kai, clusterCapacity, nodes, flavors,
                settings);
    }

    /** This setup placing pods on {@code clusterNodes}, with the flavors' labels and tolerations. */
    public EngineSetup withNodes(Collection<NodeSpec> clusterNodes, Collection<ResourceFlavorSpec> resourceFlavors) {
        return new EngineSetup(clusterQueues, cohorts, localQueues, namespaces, kaiQueues, capacity, clusterNodes,
                resourceFlavors, settings);
    }
}
