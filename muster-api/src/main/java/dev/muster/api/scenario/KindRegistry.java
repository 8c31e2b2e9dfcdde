package dev.muster.api.scenario;

import dev.muster.api.batch.JobReader;
import dev.muster.api.batch.PodReader;
import dev.muster.api.cluster.NamespaceReader;
import dev.muster.api.cluster.NodePoolReader;
import dev.muster.api.cluster.NodeReader;
import dev.muster.api.cluster.PriorityClassReader;
import dev.muster.api.kai.KaiQueueReader;
import dev.muster.api.kueue.AdmissionCheckReader;
import dev.muster.api.kueue.ClusterQueueReader;
import dev.muster.api.kueue.CohortReader;
import dev.muster.api.kueue.LocalQueueReader;
import dev.muster.api.kueue.ProvisioningRequestConfigReader;
import dev.muster.api.kueue.ResourceFlavorReader;
import dev.muster.api.kueue.WorkloadPriorityClassReader;
import dev.muster.api.kueue.WorkloadReader;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Spelling;
import dev.muster.api.ray.RayClusterReader;
import dev.muster.api.ray.RayJobReader;
import dev.muster.api.workload.WorkloadDraft;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** The kinds a scenario may hold, by apiVersion, and what reads each. */
final class KindRegistry {

    static final String CONFIGURATION_API_VERSION = "config.kueue.x-k8s.io/v1beta1";

    /**
     * @param namespaced  the object lives in a namespace ({@code default} when not written)
     * @param workload    the object owns a workload and may carry {@code sim.muster.dev/arrival}
     * @param hasMetadata false only for Kueue's Configuration, a file format rather than an API object
     */
    record Kind(String name, boolean namespaced, boolean workload, boolean hasMetadata, KindHandler handler) {
    }

    private final Map<String, Map<String, Kind>> byApiVersion = new LinkedHashMap<>();

    KindRegistry() {
        for (String v : List.of("kueue.x-k8s.io/v1beta1", "kueue.x-k8s.io/v1beta2")) {
            add(v, clusterScoped("ResourceFlavor", (o, at, t, d) -> d.flavors.add(new Declared<>(ResourceFlavorReader.read(o), at))));
            add(v, clusterScoped("ClusterQueue", (o, at, t, d) -> d.clusterQueues.add(new Declared<>(ClusterQueueReader.read(o), at))));
            add(v, namespaced("LocalQueue", (o, at, t, d) -> d.localQueues.add(new Declared<>(LocalQueueReader.read(o), at))));
            add(v, clusterScoped("Cohort", (o, at, t, d) -> d.cohorts.add(new Declared<>(CohortReader.read(o), at))));
            add(v, clusterScoped("WorkloadPriorityClass", (o, at, t, d) -> {
                d.workloadPriorityClasses.add(new Declared<>(WorkloadPriorityClassReader.read(o), at));
                d.declare(o, at);
            }));
            add(v, clusterScoped("AdmissionCheck", (o, at, t, d) ->
                    d.admissionChecks.add(new Declared<>(AdmissionCheckReader.read(o), at))));
            add(v, clusterScoped("ProvisioningRequestConfig", (o, at, t, d) ->
                    d.provisioningConfigs.add(new Declared<>(ProvisioningRequestConfigReader.read(o), at))));
            add(v, workload("Workload", WorkloadReader::read));
        }
        add("scheduling.run.ai/v2", clusterScoped("Queue", (o, at, t, d) -> {
            d.kaiQueues.add(new Declared<>(KaiQueueReader.read(o), at));
            d.declare(o, at);
        }));
        for (String v : List.of("ray.io/v1", "ray.io/v1alpha1")) {
            add(v, workload("RayJob", RayJobReader::read));
            add(v, workload("RayCluster", RayClusterReader::read));
        }
        add("batch/v1", workload("Job", JobReader::read));
        add("v1", workload("Pod", PodReader::read));
        add("v1", clusterScoped("Node", (o, at, t, d) -> {
            NodeReader.validate(o);
            d.declare(o, at);
        }));
        add("v1", clusterScoped("Namespace", (o, at, t, d) -> d.namespaces.add(new Declared<>(NamespaceReader.read(o), at))));
        add("v1", namespaced("ConfigMap", (o, at, t, d) -> KueueManagerConfigMap.read(o, at, d)));
        add("scheduling.k8s.io/v1", clusterScoped("PriorityClass", (o, at, t, d) -> {
            d.priorityClasses.add(new Declared<>(PriorityClassReader.read(o), at));
            d.declare(o, at);
        }));
        add(CONFIGURATION_API_VERSION, new Kind("Configuration", false, false, false,
                (o, at, t, d) -> d.setConfiguration(ConfigurationReader.read(o.root()), at, o.root())));
        add(MusterSettings.API_VERSION, new Kind("Configuration", false, false, false,
                (o, at, t, d) -> d.setMusterConfiguration(MusterConfigurationReader.read(o.root()), at, o.root())));
        add("sim.muster.dev/v1alpha1", clusterScoped("NodePool", (o, at, t, d) ->
                NodePoolReader.read(o).ifPresent(pool -> d.nodePools.add(new Declared<>(pool, at)))));
    }

    Optional<Kind> find(String apiVersion, String kind) {
        return Optional.ofNullable(byApiVersion.getOrDefault(apiVersion, Map.of()).get(kind));
    }

    /** Why an apiVersion/kind pair is not read, and what the user probably meant. */
    String unknownMessage(String apiVersion, String kind) {
        List<String> versionsOfKind = new ArrayList<>();
        byApiVersion.forEach((v, kinds) -> {
            if (kinds.containsKey(kind)) {
                versionsOfKind.add(v);
            }
        });
        if (!versionsOfKind.isEmpty()) {
            return "kind " + kind + " is not read in apiVersion " + apiVersion + "; use " + String.join(" or ", versionsOfKind);
        }
        // Kinds of the same apiVersion first, so that a tie in the spelling match prefers them.
        Set<String> candidates = new LinkedHashSet<>(byApiVersion.getOrDefault(apiVersion, Map.of()).keySet());
        byApiVersion.values().forEach(kinds -> candidates.addAll(kinds.keySet()));
        Optional<String> close = Spelling.closest(kind, candidates);
        String base = "unknown kind \"" + kind + "\" (apiVersion " + apiVersion + ")";
        if (close.isPresent()) {
            return base + "; did you mean " + close.get() + "?";
        }
        candidates.remove("ConfigMap");
        return base + "; a scenario may hold " + String.join(", ", candidates);
    }

    private void add(String apiVersion, Kind kind) {
        byApiVersion.computeIfAbsent(apiVersion, v -> new LinkedHashMap<>()).put(kind.name(), kind);
    }

    private static Kind clusterScoped(String name, KindHandler handler) {
        return new Kind(name, false, false, true, handler);
    }

    private static Kind namespaced(String name, KindHandler handler) {
        return new Kind(name, true, false, true, handler);
    }

    private static Kind workload(String name, Function<ManifestObject, WorkloadDraft> reader) {
        return new Kind(name, true, true, true,
                (o, at, t, d) -> d.workloads.add(new WorkloadEntry(reader.apply(o), t, at)));
    }
}
