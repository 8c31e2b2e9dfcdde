package dev.muster.operator.twin;

import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The pods' side of the cluster, for scenarios with nodes, called by the test between the
 * operator's cycles (not on a timer, so that virtual time is not overtaken): the Job controller
 * and KubeRay make a job's pods while it is not suspended and delete them when it is (or ends);
 * the API server and the kubelet turn a Binding into a pod running on its node.
 */
final class PodStandIns {

    /** The pod set a pod belongs to, so that where each landed can be told. */
    static final String POD_SET_LABEL = "twin.muster.dev/pod-set";
    static final String JOB_LABEL = "twin.muster.dev/job";

    private final KubernetesClient client;

    PodStandIns(KubernetesClient client) {
        this.client = client;
    }

    /** One round of reactions; returns whether anything was written. */
    boolean react(List<TwinWorld.Job> created, Set<String> ended, JobStatuses statuses) {
        boolean acted = false;
        for (TwinWorld.Job job : created) {
            GenericKubernetesResource live = statuses.job(job).get();
            boolean runs = live != null && !ended.contains(job.id()) && !suspended(live);
            acted |= runs ? createMissing(job, live) : deleteAll(job);
        }
        return kubelet() | acted;
    }

    /** Where a job's pods run now: {@code podSet@node}, for those that have a node. */
    List<String> places(TwinWorld.Job job) {
        List<String> out = new ArrayList<>();
        for (Pod p : podsOf(job)) {
            if (p.getSpec() == null) {
                throw new IllegalStateException("pod without spec: " + client.getKubernetesSerialization().asJson(p));
            }
            if (p.getSpec().getNodeName() != null) {
                out.add(p.getMetadata().getLabels().get(POD_SET_LABEL) + "@" + p.getSpec().getNodeName());
            }
        }
        return out;
    }

    private List<Pod> podsOf(TwinWorld.Job job) {
        return client.pods().inNamespace(job.source().key().namespace()).withLabel(JOB_LABEL, label(job)).list().getItems();
    }

    private boolean deleteAll(TwinWorld.Job job) {
        List<Pod> pods = podsOf(job);
        pods.forEach(p -> client.pods().inNamespace(p.getMetadata().getNamespace()).withName(p.getMetadata().getName()).delete());
        return !pods.isEmpty();
    }

    private boolean createMissing(TwinWorld.Job job, GenericKubernetesResource live) {
        Set<String> existing = new HashSet<>();
        podsOf(job).forEach(p -> existing.add(p.getMetadata().getName()));
        boolean acted = false;
        Map<String, Object> spec = map(live.getAdditionalProperties().get("spec"));
        String name = live.getMetadata().getName();
        if (job.source().kind().equals("Job")) {
            for (int i = 0; i < JobStatuses.parallelism(live); i++) {
                acted |= create(job, live, existing, name + "-" + i, "main", Map.of(), map(spec.get("template")));
            }
            return acted;
        }
        GenericKubernetesResource cluster = live;
        Map<String, Object> clusterSpec = spec;
        if (job.source().kind().equals("RayJob")) {
            // KubeRay makes a RayJob's RayCluster and its submitter Job, and their pods.
            clusterSpec = map(spec.get("rayClusterSpec"));
            cluster = child(live, "ray.io/v1", "RayCluster", name, Map.of("spec", clusterSpec));
            if (spec.containsKey("submitterPodTemplate")) {
                GenericKubernetesResource submitter = child(live, "batch/v1", "Job", name + "-submitter",
                        Map.of("spec", Map.of("template", spec.get("submitterPodTemplate"))));
                acted |= create(job, submitter, existing, name + "-submitter", "submitter", Map.of(),
                        map(spec.get("submitterPodTemplate")));
            }
        }
        acted |= create(job, cluster, existing, name + "-head", "head", Map.of("ray.io/node-type", "head",
                "ray.io/group", "headgroup"), map(map(clusterSpec.get("headGroupSpec")).get("template")));
        for (Object g : (List<?>) clusterSpec.getOrDefault("workerGroupSpecs", List.of())) {
            Map<String, Object> group = map(g);
            if (Boolean.TRUE.equals(group.get("suspend"))) {
                continue;
            }
            String groupName = String.valueOf(group.get("groupName"));
            int replicas = ((Number) group.getOrDefault("replicas", 1)).intValue();
            for (int i = 0; i < replicas; i++) {
                acted |= create(job, cluster, existing, name + "-" + groupName.toLowerCase(Locale.ROOT) + "-worker-" + i,
                        groupName.toLowerCase(Locale.ROOT), Map.of("ray.io/node-type", "worker", "ray.io/group", groupName),
                        map(group.get("template")));
            }
        }
        return acted;
    }

    /** An object KubeRay makes for a RayJob (owned by it), created once. */
    private GenericKubernetesResource child(GenericKubernetesResource rayJob, String apiVersion, String kind, String name,
            Map<String, Object> body) {
        var op = client.genericKubernetesResources(apiVersion, kind).inNamespace(rayJob.getMetadata().getNamespace());
        GenericKubernetesResource existing = op.withName(name).get();
        if (existing != null) {
            return existing;
        }
        GenericKubernetesResource r = new GenericKubernetesResource();
        r.setApiVersion(apiVersion);
        r.setKind(kind);
        r.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName(name)
                .withNamespace(rayJob.getMetadata().getNamespace())
                .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion(rayJob.getApiVersion()).withKind(rayJob.getKind())
                        .withName(rayJob.getMetadata().getName()).withUid(rayJob.getMetadata().getUid()).withController(true).build())
                .build());
        r.getAdditionalProperties().putAll(body);
        return op.resource(r).create();
    }

    private boolean create(TwinWorld.Job job, GenericKubernetesResource owner, Set<String> existing, String name,
            String podSet, Map<String, String> kindLabels, Map<String, Object> template) {
        if (existing.contains(name)) {
            return false;
        }
        PodTemplateSpec t = client.getKubernetesSerialization().convertValue(template, PodTemplateSpec.class);
        PodSpec spec = t.getSpec();
        Map<String, String> labels = new HashMap<>(t.getMetadata() == null || t.getMetadata().getLabels() == null
                ? Map.of() : t.getMetadata().getLabels());
        labels.putAll(kindLabels);
        if (!kindLabels.isEmpty()) {
            labels.put("ray.io/cluster", owner.getMetadata().getName());
        }
        labels.put(POD_SET_LABEL, podSet);
        labels.put(JOB_LABEL, label(job));
        Pod pod = new PodBuilder().withNewMetadata().withName(name).withNamespace(owner.getMetadata().getNamespace())
                .withLabels(labels)
                .withAnnotations(t.getMetadata() == null ? null : t.getMetadata().getAnnotations())
                .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion(owner.getApiVersion()).withKind(owner.getKind())
                        .withName(owner.getMetadata().getName()).withUid(owner.getMetadata().getUid()).withController(true).build())
                .endMetadata().withSpec(spec).withNewStatus().withPhase("Pending").endStatus().build();
        client.pods().inNamespace(owner.getMetadata().getNamespace()).resource(pod).create();
        return true;
    }

    /** The API server and the kubelet: a Binding sets the pod's node, and the pod runs there. */
    private boolean kubelet() {
        boolean acted = false;
        for (Binding b : client.bindings().inAnyNamespace().list().getItems()) {
            var op = client.pods().inNamespace(b.getMetadata().getNamespace()).withName(b.getMetadata().getName());
            Pod pod = op.get();
            if (pod != null) {
                pod.getSpec().setNodeName(b.getTarget().getName());
                pod.getStatus().setPhase("Running");
                op.patch(pod);
            }
            client.bindings().inNamespace(b.getMetadata().getNamespace()).resource(b).delete();
            acted = true;
        }
        return acted;
    }

    private static String label(TwinWorld.Job job) {
        return (job.source().kind() + "." + job.source().key().name()).toLowerCase(Locale.ROOT);
    }

    static boolean suspended(GenericKubernetesResource job) {
        Map<String, Object> spec = map(job.getAdditionalProperties().get("spec"));
        return Boolean.TRUE.equals(spec.get("suspend"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
