package dev.muster.operator.twin;

import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.api.scenario.SimulatedRun;
import dev.muster.api.scenario.WorkloadSource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A scenario as both runs take it: the simulator reads its files; the operator gets its
 * configuration objects (queues, flavors, nodes, ...) at the start and each job at its arrival.
 *
 * @param files           the scenario's files, by name
 * @param configuration   every object but the jobs, in file order
 * @param managerConfig   Kueue's manager Configuration documents, by a name, for {@code muster run --config}
 * @param jobs            the jobs in the simulator's creation order, each with its timing
 * @param placesPods      whether the scenario has nodes, so that pods are placed on them
 */
record TwinWorld(String name, Map<String, String> files, List<GenericKubernetesResource> configuration,
        Map<String, String> managerConfig, List<Job> jobs, boolean placesPods) {

    static final Set<String> JOB_KINDS = Set.of("RayJob", "RayCluster", "Job");

    /**
     * A job to create at its arrival: its manifest and what the simulator reads of it.
     *
     * @param run    its arrival, pods-ready delay and duration, which the test plays for the operator
     * @param queued whether a queue manages it (Kueue's rules, or a KAI queue): the operator tracks it
     */
    record Job(String id, GenericKubernetesResource manifest, WorkloadSource source, SimulatedRun run, boolean queued) {
    }

    static TwinWorld of(String name, Map<String, String> files) throws Exception {
        Scenario scenario = ScenarioLoader.load(files, ScenarioLoader.DEFAULT_SEED);
        KubernetesSerialization json = new KubernetesSerialization();
        List<GenericKubernetesResource> configuration = new ArrayList<>();
        Map<String, String> managerConfig = new LinkedHashMap<>();
        Map<String, GenericKubernetesResource> jobManifests = new LinkedHashMap<>();
        for (Map.Entry<String, String> file : files.entrySet()) {
            int index = 0;
            for (String doc : file.getValue().split("(?m)^---\\s*$")) {
                if (doc.lines().allMatch(l -> l.isBlank() || l.stripLeading().startsWith("#"))) {
                    continue;
                }
                GenericKubernetesResource r = json.unmarshal(doc, GenericKubernetesResource.class);
                if (r.getKind().equals("Configuration")) {
                    managerConfig.put(file.getKey() + "#" + index++, doc);
                } else if (JOB_KINDS.contains(r.getKind())) {
                    if (r.getMetadata().getNamespace() == null) {
                        r.getMetadata().setNamespace("default");
                    }
                    jobManifests.put(id(r.getKind(), r.getMetadata().getNamespace(), r.getMetadata().getName()), r);
                } else {
                    configuration.add(r);
                }
            }
        }
        List<Job> jobs = new ArrayList<>();
        for (WorkloadSource source : scenario.workloads()) {
            String id = id(source.kind(), source.key().namespace(), source.key().name());
            GenericKubernetesResource manifest = jobManifests.get(id);
            if (manifest == null) {
                throw new IllegalArgumentException("no manifest for " + id);
            }
            boolean queued = source.kaiQueue().isPresent() || dev.muster.api.scenario.KueueQueueing.localQueue(
                    source.localQueue(), false, source.kind(), source.key().namespace(), scenario).isPresent();
            jobs.add(new Job(id, manifest, source, scenario.run(source), queued));
        }
        boolean placesPods = configuration.stream().anyMatch(r -> r.getKind().equals("Node"));
        if (placesPods) {
            jobs.forEach(TwinWorld::namePodScheduler);
        }
        return new TwinWorld(name, files, configuration, managerConfig, jobs, placesPods);
    }

    /**
     * With nodes, the simulator places every workload's pods; the operator places those whose pods
     * name its scheduler (or KAI's, for a job in a KAI queue), so the templates name one. The
     * simulator reads the files as they are.
     */
    private static void namePodScheduler(Job job) {
        String scheduler = job.source().kaiQueue().isPresent() && job.source().localQueue().isEmpty()
                ? "kai-scheduler" : dev.muster.operator.OperatorOptions.SCHEDULER_NAME;
        Map<String, Object> spec = map(job.manifest().getAdditionalProperties().get("spec"));
        List<Map<String, Object>> templates = new ArrayList<>();
        templates.add(map(spec.get("template")));
        Map<String, Object> cluster = spec.containsKey("rayClusterSpec") ? map(spec.get("rayClusterSpec")) : spec;
        templates.add(map(map(cluster.get("headGroupSpec")).get("template")));
        for (Object g : (List<?>) cluster.getOrDefault("workerGroupSpecs", List.of())) {
            templates.add(map(map(g).get("template")));
        }
        for (Map<String, Object> t : templates) {
            if (t.get("spec") instanceof Map<?, ?> podSpec) {
                @SuppressWarnings("unchecked")
                Map<String, Object> writable = (Map<String, Object>) podSpec;
                writable.putIfAbsent("schedulerName", scheduler);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    static String id(String kind, String namespace, String name) {
        return kind + "/" + namespace + "/" + name;
    }
}
