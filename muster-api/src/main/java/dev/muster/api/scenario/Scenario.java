package dev.muster.api.scenario;

import dev.muster.api.cluster.NodePoolSpec;
import dev.muster.api.kueue.AdmissionCheck;
import dev.muster.api.manifest.ManifestError;
import dev.muster.core.checks.ProvisioningRequestConfig;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.Namespace;
import dev.muster.core.model.ResourceFlavorSpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a set of manifests declares, validated and translated into the core model: the
 * quota tree, the global settings, the workloads in creation order and the configuration of the
 * admission checks and node pools. Other objects (nodes, KAI queues, priority classes) are also
 * carried as read.
 *
 * @param namespaces           declared namespaces and those only used by namespaced objects, by name;
 *                             each has the automatic {@code kubernetes.io/metadata.name} label
 * @param flavors              in declaration order
 * @param cohorts              declared cohorts in declaration order, then the implicit ones (named by a
 *                             ClusterQueue's cohort but never declared) in order of first mention
 * @param clusterQueues        in declaration order, each with its policies
 * @param kaiQueues            KAI Scheduler queues, in declaration order
 * @param musterSettings       from Muster's own Configuration kind, or its defaults
 * @param workloads            in creation order: by arrival, then file order
 * @param runs                 how the simulator plays each workload, by where it was declared; only
 *                             the simulator reads these ({@link #run(WorkloadSource)})
 * @param otherObjects         Nodes, KAI Queues, WorkloadPriorityClasses and PriorityClasses, validated,
 *                             in file order
 * @param admissionChecks      in declaration order
 * @param provisioningConfigs  ProvisioningRequestConfigs, in declaration order
 * @param nodePools            the simulator's autoscaled NodePools, in declaration order
 * @param warnings             what the scenario relies on that a cluster would refuse and Muster allows
 *                             on purpose (a namespace used but not declared), in file order; the
 *                             command line prints them
 */
public record Scenario(
        List<Namespace> namespaces,
        List<ResourceFlavorSpec> flavors,
        List<CohortSpec> cohorts,
        List<ClusterQueueSpec> clusterQueues,
        List<LocalQueueSpec> localQueues,
        KueueSettings settings,
        List<WorkloadSource> workloads,
        Map<SourceLocation, SimulatedRun> runs,
        List<DeclaredObject> otherObjects,
        List<KaiQueueSpec> kaiQueues,
        MusterSettings musterSettings,
        List<AdmissionCheck> admissionChecks,
        List<ProvisioningRequestConfig> provisioningConfigs,
        List<NodePoolSpec> nodePools,
        List<ManifestError> warnings) {

    public Scenario {
        kaiQueues = List.copyOf(kaiQueues);
        namespaces = List.copyOf(namespaces);
        flavors = List.copyOf(flavors);
        cohorts = List.copyOf(cohorts);
        clusterQueues = List.copyOf(clusterQueues);
        localQueues = List.copyOf(localQueues);
        workloads = List.copyOf(workloads);
        // Insertion-ordered, unlike Map.copyOf, so that the scenario prints the same on every run.
        runs = Collections.unmodifiableMap(new LinkedHashMap<>(runs));
        otherObjects = List.copyOf(otherObjects);
        admissionChecks = List.copyOf(admissionChecks);
        provisioningConfigs = List.copyOf(provisioningConfigs);
        nodePools = List.copyOf(nodePools);
        warnings = List.copyOf(warnings);
    }

    /** A scenario without KAI queues. */
    public Scenario(List<Namespace> namespaces, List<ResourceFlavorSpec> flavors, List<CohortSpec> cohorts,
            List<ClusterQueueSpec> clusterQueues, List<LocalQueueSpec> localQueues, KueueSettings settings,
            List<WorkloadSource> workloads, List<DeclaredObject> otherObjects) {
        this(namespaces, flavors, cohorts, clusterQueues, localQueues, settings, workloads, Map.of(), otherObjects,
                List.of(), MusterSettings.DEFAULTS, List.of(), List.of(), List.of(), List.of());
    }

    /**
     * How the simulator plays a workload of this scenario: its arrival, pods-ready delay, duration
     * and pod failures; {@link SimulatedRun#DEFAULT} for a workload this scenario did not declare.
     */
    public SimulatedRun run(WorkloadSource workload) {
        return runs.getOrDefault(workload.origin(), SimulatedRun.DEFAULT);
    }

    /** The policies of a ClusterQueue; Kueue's defaults for one this scenario does not describe. */
    public ClusterQueuePolicies policies(String clusterQueue) {
        return clusterQueues.stream()
                .filter(q -> q.name().equals(clusterQueue))
                .map(ClusterQueueSpec::policies)
                .findFirst()
                .orElse(ClusterQueuePolicies.DEFAULTS);
    }

    /**
     * The checks Kueue's ProvisioningRequest controller runs, each with the config its parameters
     * name (empty when they name none: Kueue keeps such a check inactive).
     */
    public Map<String, Optional<ProvisioningRequestConfig>> provisioningChecks() {
        Map<String, Optional<ProvisioningRequestConfig>> out = new LinkedHashMap<>();
        for (AdmissionCheck check : admissionChecks) {
            if (check.provisioning()) {
                out.put(check.name(), check.provisioningRequestConfig().flatMap(name ->
                        provisioningConfigs.stream().filter(c -> c.name().equals(name)).findFirst()));
            }
        }
        return out;
    }

    /** The declared objects of one kind, in file order. */
    public List<DeclaredObject> otherObjects(String kind) {
        return otherObjects.stream().filter(o -> o.kind().equals(kind)).toList();
    }

    /** The same scenario under other global settings, e.g. those of {@code muster simulate --config FILE}. */
    public Scenario withSettings(KueueSettings newSettings) {
        return new Scenario(namespaces, flavors, cohorts, clusterQueues, localQueues, newSettings, workloads, runs,
                otherObjects, kaiQueues, musterSettings, admissionChecks, provisioningConfigs, nodePools, warnings);
    }

    /** The same scenario with other Muster settings, e.g. from {@code --config FILE}. */
    public Scenario withMusterSettings(MusterSettings newSettings) {
        return new Scenario(namespaces, flavors, cohorts, clusterQueues, localQueues, settings, workloads, runs,
                otherObjects, kaiQueues, newSettings, admissionChecks, provisioningConfigs, nodePools, warnings);
    }
}
