package dev.muster.operator;

import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What the rest of a cluster does around Muster, for tests on the mock API server: KubeRay makes a
 * RayCluster's pods (head and workers, with KubeRay's labels and the scheduler name its batch
 * scheduler option gives them) and deletes them when the cluster is suspended; the API server
 * and the kubelet turn a Binding into a pod on its node that runs. It polls, as the mock's watches
 * are not needed for this.
 */
final class ClusterStandIns implements AutoCloseable {

    private final KubernetesClient client;
    private final String schedulerName;
    private final ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor();
    private final Set<String> bindingsSeen = new HashSet<>();

    ClusterStandIns(KubernetesClient client, String schedulerName) {
        this.client = client;
        this.schedulerName = schedulerName;
    }

    ClusterStandIns start() {
        loop.scheduleWithFixedDelay(this::tick, 50, 100, TimeUnit.MILLISECONDS);
        return this;
    }

    private void tick() {
        try {
            kuberay();
            kubelet();
        } catch (KubernetesClientException | IllegalStateException e) {
            // the next tick tries again
        }
    }

    /** KubeRay: a RayCluster not suspended has its pods; a suspended one has none. */
    private void kuberay() {
        for (GenericKubernetesResource rc : client.genericKubernetesResources("ray.io/v1", "RayCluster").inAnyNamespace().list().getItems()) {
            String ns = rc.getMetadata().getNamespace();
            Map<String, Object> spec = map(rc.getAdditionalProperties().get("spec"));
            boolean suspended = Boolean.TRUE.equals(spec.get("suspend"));
            List<Pod> pods = client.pods().inNamespace(ns).withLabel("ray.io/cluster", rc.getMetadata().getName()).list().getItems();
            if (suspended) {
                pods.forEach(p -> client.pods().inNamespace(ns).resource(p).delete());
                continue;
            }
            Set<String> existing = new HashSet<>();
            pods.forEach(p -> existing.add(p.getMetadata().getName()));
            Map<String, Object> head = map(spec.get("headGroupSpec"));
            create(rc, existing, rc.getMetadata().getName() + "-head", "head", "headgroup", map(head.get("template")));
            for (Object g : (List<?>) spec.getOrDefault("workerGroupSpecs", List.of())) {
                Map<String, Object> group = map(g);
                String groupName = String.valueOf(group.get("groupName"));
                int replicas = ((Number) group.getOrDefault("replicas", 1)).intValue();
                for (int i = 0; i < replicas; i++) {
                    create(rc, existing, rc.getMetadata().getName() + "-" + groupName.toLowerCase(Locale.ROOT) + "-worker-" + i,
                            "worker", groupName, map(group.get("template")));
                }
            }
        }
    }

    private void create(GenericKubernetesResource rc, Set<String> existing, String name, String type, String group,
            Map<String, Object> template) {
        if (existing.contains(name)) {
            return;
        }
        PodTemplateSpec t = client.getKubernetesSerialization().convertValue(template, PodTemplateSpec.class);
        PodSpec spec = t.getSpec();
        if (spec.getSchedulerName() == null) {
            spec.setSchedulerName(schedulerName); // KubeRay's batch scheduler option, for templates that name none
        }
        Map<String, String> labels = new HashMap<>(t.getMetadata() == null || t.getMetadata().getLabels() == null
                ? Map.of() : t.getMetadata().getLabels());
        labels.put("ray.io/cluster", rc.getMetadata().getName());
        labels.put("ray.io/node-type", type);
        labels.put("ray.io/group", group);
        Pod pod = new PodBuilder().withNewMetadata().withName(name).withNamespace(rc.getMetadata().getNamespace())
                .withLabels(labels)
                .withAnnotations(t.getMetadata() == null ? null : t.getMetadata().getAnnotations())
                .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("ray.io/v1").withKind("RayCluster")
                        .withName(rc.getMetadata().getName()).withUid(rc.getMetadata().getUid()).withController(true).build())
                .endMetadata().withSpec(spec).withNewStatus().withPhase("Pending").endStatus().build();
        client.pods().inNamespace(rc.getMetadata().getNamespace()).resource(pod).create();
    }

    /**
     * The API server and the kubelet: a Binding sets the pod's node, and the pod runs there. The
     * mock keeps a Binding as an object until this looks at it; the API server keeps none, and
     * refuses one for a pod that is gone or bound already. Such a Binding is dropped here without
     * effect: left in the mock, it would make every later binding of a pod of that name a
     * conflict (a gang's pods made anew after its job was suspended and started again). The mock
     * gives each object a uid of its own, so a Binding cannot say which of two pods of one name
     * it was for.
     */
    private void kubelet() {
        for (Binding b : client.bindings().inAnyNamespace().list().getItems()) {
            String id = b.getMetadata().getNamespace() + "/" + b.getMetadata().getName() + "@" + b.getMetadata().getResourceVersion();
            if (bindingsSeen.contains(id)) {
                continue;
            }
            var op = client.pods().inNamespace(b.getMetadata().getNamespace()).withName(b.getMetadata().getName());
            Pod pod = op.get();
            if (pod != null && !bound(pod)) {
                pod.getSpec().setNodeName(b.getTarget().getName());
                pod.getStatus().setPhase("Running");
                op.patch(pod);
            }
            bindingsSeen.add(id); // only once carried out: one that failed half-way is tried again at the next tick
            client.bindings().inNamespace(b.getMetadata().getNamespace()).resource(b).delete();
        }
    }

    private static boolean bound(Pod pod) {
        String node = pod.getSpec().getNodeName();
        return node != null && !node.isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @Override
    public void close() {
        loop.shutdownNow();
    }
}
