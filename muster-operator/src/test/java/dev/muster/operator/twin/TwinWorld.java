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
 * @param placesPods      whether the scenario has nodes (or node pools), so that pods are placed on them
 * @param nodePools       the simulator's autoscaled node pools, which the test's autoscaler stand-in
 *                        runs for the operator (not objects in the API server)
 * @param provisioningChecks the admission checks run by Kueue's ProvisioningRequest controller
 */
record TwinWorld(String name, Map<String, String> files, List<GenericKubernetesResource> configuration,
        Map<String, String> managerConfig, List<Job> jobs, boolean placesPods,
        List<dev.muster.api.cluster.NodePoolSpec> nodePools, Set<String> provisioningChecks) {

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
                if (r.getKind().equals("NodePool")) {
                    continue;
                } else if (r.getKind().equals("Configuration")) {
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
        boolean placesPods = configuration.stream().anyMatch(r -> r.getKind().equals("Node"))
                || !scenario.nodePools().isEmpty();
        if (placesPods) {
            jobs.forEach(TwinWorld::namePodScheduler);
        }
        return new TwinWorld(name, files, configuration, managerConfig, jobs, placesPods, scenario.nodePools(),
                Set.copyOf(scenario.provisioningChecks().keySet()));
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
        addSubmitterTemplate(job, spec);
        List<Map<String, Object>> templates = new ArrayList<>();
        templates.add(map(spec.get("template")));
        templates.add(map(spec.get("submitterPodTemplate")));
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

    /**
     * A RayJob without a submitter template gets KubeRay's default submitter, which names no
     * scheduler: Muster reserves its room (the pod set Kueue counts) but would not bind it. The
     * test writes the default out as a template, with the requests both modes count for it, so
     * that the submitter pod is placed as the simulator places it.
     */
    private static void addSubmitterTemplate(Job job, Map<String, Object> spec) {
        if (!job.source().kind().equals("RayJob") || spec.containsKey("submitterPodTemplate")
                || !"K8sJobMode".equals(spec.getOrDefault("submissionMode", "K8sJobMode"))) {
            return;
        }
        job.source().podSets().stream().filter(ps -> ps.name().equals("submitter")).findFirst().ifPresent(ps -> {
            Map<String, Object> requests = new java.util.TreeMap<>();
            ps.perPod().amounts().forEach((r, q) -> requests.put(r, q.format(r)));
            Map<String, Object> container = new java.util.LinkedHashMap<>();
            container.put("name", "ray-job-submitter");
            container.put("image", "rayproject/ray");
            container.put("resources", Map.of("requests", requests));
            Map<String, Object> podSpec = new java.util.LinkedHashMap<>();
            podSpec.put("restartPolicy", "Never");
            podSpec.put("containers", List.of(container));
            Map<String, Object> template = new java.util.LinkedHashMap<>();
            template.put("spec", podSpec);
            spec.put("submitterPodTemplate", template);
        });
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /**
     * The engine names workloads in its messages: the operator's engine by their Workload objects'
     * names, the simulator's by their jobs' names, and both name ProvisioningRequests after the
     * Workload objects as Kueue does. Both runs' messages are compared with each Workload name
     * told as its job's name.
     */
    String withJobNames(String message) {
        String out = message;
        for (Job job : jobs) {
            out = out.replace(dev.muster.api.workload.KueueWorkloadNames.of(job.source().kind(), job.source().key()),
                    job.source().key().name());
        }
        return out;
    }

    static String id(String kind, String namespace, String name) {
        return kind + "/" + namespace + "/" + name;
    }
}
