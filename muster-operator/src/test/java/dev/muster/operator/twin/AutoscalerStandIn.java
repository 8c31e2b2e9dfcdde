package dev.muster.operator.twin;

import dev.muster.api.cluster.NodePoolSpec;
import dev.muster.core.checks.CapacityRequest;
import dev.muster.core.checks.ProvisioningCheck;
import dev.muster.core.checks.RequestNames;
import dev.muster.core.engine.UnplacedGang;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Taint;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.NodeSpec;
import dev.muster.operator.decide.Decider;
import dev.muster.operator.kube.KubeKind;
import dev.muster.sim.Timeline;
import dev.muster.sim.VirtualTime;
import dev.muster.sim.autoscaler.AutoscaledCluster;
import dev.muster.sim.autoscaler.NodePoolAutoscaler;
import dev.muster.sim.provisioning.ProvisioningRequest;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The node autoscaler, for the operator: the simulator's own {@link NodePoolAutoscaler}, so that
 * both runs get the same capacity at the same virtual times, seeing the cluster through the API
 * server and the operator's engine. It answers the ProvisioningRequests the operator writes (their
 * conditions written back on them), and its nodes are Node objects it creates, cordons and
 * deletes. Called by the test between the operator's cycles, as the other stand-ins are.
 */
final class AutoscalerStandIn {

    private final KubernetesClient client;
    private final Supplier<Decider> decider;
    private final VirtualClock clock;
    private final Set<String> checks;
    private final NodePoolAutoscaler autoscaler;
    /** The requests the autoscaler was given, by namespace/name, while they exist. */
    private final Map<String, ProvisioningRequest> requests = new LinkedHashMap<>();
    /** Conditions to write on the requests, in the order the autoscaler set them. */
    private final List<ProvisioningRequest> changed = new ArrayList<>();

    /**
     * @param checks the names of the admission checks Kueue's provisioning controller runs (request
     *               names are {@code <workload>-<check>-<attempt>})
     * @param later  how the autoscaler acts later: the test's timers
     */
    AutoscalerStandIn(KubernetesClient client, Supplier<Decider> decider, VirtualClock clock, List<NodePoolSpec> pools,
            Set<String> checks, java.util.function.BiConsumer<Long, Runnable> later) {
        this.client = client;
        this.decider = decider;
        this.clock = clock;
        this.checks = checks;
        VirtualTime time = new VirtualTime() {
            @Override
            public long nowMillis() {
                return clock.virtualMillis();
            }

            @Override
            public void at(long atMillis, Runnable action) {
                // What the action set on requests is written with it, while the decider is held:
                // the simulator applies nodes and conditions before it schedules again.
                later.accept(Math.max(atMillis, clock.virtualMillis()), () -> {
                    action.run();
                    writeConditions();
                });
            }
        };
        this.autoscaler = new NodePoolAutoscaler(pools, new ThroughTheApi(), new Timeline(), time);
        autoscaler.onRequestChange(changed::add);
    }

    /** The pools' minimum nodes, Ready at the start. */
    void start() {
        autoscaler.start();
    }

    /**
     * One round: requests the operator made or deleted since the last round reach the autoscaler,
     * the autoscaler looks at what waits (as the simulator's does after scheduling), and the
     * conditions it set are written. Returns whether anything was written.
     */
    boolean react() {
        boolean acted = followRequests();
        autoscaler.reconcile();
        acted |= !changed.isEmpty();
        writeConditions();
        return acted;
    }

    private boolean followRequests() {
        Set<String> present = new HashSet<>();
        boolean acted = false;
        List<GenericKubernetesResource> live = client.genericKubernetesResources(KubeKind.PROVISIONING_REQUEST.context())
                .inAnyNamespace().list().getItems();
        // In the order the operator made them, as the simulator's controller submits them: a request
        // not seen before has not been written since it was created, so its resourceVersion says when.
        live.sort(java.util.Comparator.comparingLong(r -> Long.parseLong(r.getMetadata().getResourceVersion())));
        for (GenericKubernetesResource pr : live) {
            String id = pr.getMetadata().getNamespace() + "/" + pr.getMetadata().getName();
            present.add(id);
            if (!requests.containsKey(id)) {
                ProvisioningRequest request = request(pr);
                requests.put(id, request);
                autoscaler.submit(request);
                acted = true;
            }
        }
        for (var it = requests.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (!present.contains(e.getKey())) {
                e.getValue().withdraw();
                autoscaler.withdraw(e.getValue());
                it.remove();
            }
        }
        return acted;
    }

    /** A ProvisioningRequest object as the simulator's autoscaler takes it. */
    @SuppressWarnings("unchecked")
    private ProvisioningRequest request(GenericKubernetesResource pr) {
        String name = pr.getMetadata().getName();
        String namespace = pr.getMetadata().getNamespace();
        Map<String, Object> spec = (Map<String, Object>) pr.getAdditionalProperties().get("spec");
        String check = "";
        String workload = "";
        int attempt = 1;
        for (String c : checks) {
            String suffix = "-" + c + "-";
            int at = name.lastIndexOf(suffix);
            if (at > 0) {
                OptionalInt n = RequestNames.attempt(name, name.substring(0, at), c);
                if (n.isPresent()) {
                    check = c;
                    workload = name.substring(0, at);
                    attempt = n.getAsInt();
                }
            }
        }
        String templatePrefix = "ppt-" + name + "-";
        List<CapacityRequest.PodSetCount> podSets = new ArrayList<>();
        for (Object o : (List<Object>) spec.getOrDefault("podSets", List.of())) {
            Map<String, Object> ps = (Map<String, Object>) o;
            String ref = String.valueOf(((Map<String, Object>) ps.get("podTemplateRef")).get("name"));
            podSets.add(new CapacityRequest.PodSetCount(ref.substring(templatePrefix.length()), ((Number) ps.get("count")).intValue()));
        }
        Map<String, String> parameters = new TreeMap<>();
        ((Map<String, Object>) spec.getOrDefault("parameters", Map.of())).forEach((k, v) -> parameters.put(k, String.valueOf(v)));
        ObjectKey key = new ObjectKey(namespace, workload);
        CapacityRequest request = new CapacityRequest(name, key, check, attempt,
                String.valueOf(spec.getOrDefault("provisioningClassName", "")), parameters, podSets);
        Set<String> names = new HashSet<>();
        podSets.forEach(p -> names.add(p.podSet()));
        List<GangPlacer.PodGroup> pods = decider.get().read(e -> e.podGroups(key)).orElse(List.of()).stream()
                .filter(g -> names.contains(g.podSet())).toList();
        return new ProvisioningRequest(request, key.toString(), pods, new Timeline());
    }

    /** Each request's true conditions, as the autoscaler writes them on the object's status. */
    private void writeConditions() {
        Set<ProvisioningRequest> seen = new HashSet<>();
        for (ProvisioningRequest r : changed) {
            if (!seen.add(r) || r.withdrawn()) {
                continue;
            }
            List<Map<String, Object>> conditions = new ArrayList<>();
            r.conditions().forEach((condition, message) -> conditions.add(Map.of("type", type(condition), "status", "True",
                    "reason", type(condition), "message", message,
                    "lastTransitionTime", Instant.ofEpochMilli(VirtualClock.EPOCH.toEpochMilli() + clock.virtualMillis()).toString())));
            var op = client.genericKubernetesResources(KubeKind.PROVISIONING_REQUEST.context()).inNamespace(r.namespace())
                    .withName(r.name());
            GenericKubernetesResource live = op.get();
            if (live != null) {
                live.getAdditionalProperties().put("status", Map.of("conditions", conditions));
                client.genericKubernetesResources(KubeKind.PROVISIONING_REQUEST.context()).inNamespace(r.namespace())
                        .resource(live).updateStatus();
            }
        }
        changed.clear();
    }

    private static String type(ProvisioningCheck.Condition condition) {
        return switch (condition) {
            case ACCEPTED -> "Accepted";
            case PROVISIONED -> "Provisioned";
            case FAILED -> "Failed";
            case BOOKING_EXPIRED -> "BookingExpired";
            case CAPACITY_REVOKED -> "CapacityRevoked";
        };
    }

    /**
     * The cluster as the autoscaler sees it: Node objects in the API server; questions asked of the
     * operator's engine exactly as the simulator asks its own ({@link AutoscaledCluster#of}).
     */
    private final class ThroughTheApi implements AutoscaledCluster {

        @Override
        public void addNode(NodeSpec node) {
            client.genericKubernetesResources(KubeKind.NODE.context()).resource(nodeObject(node)).create();
        }

        @Override
        public void drainNode(String name) {
            var op = client.genericKubernetesResources(KubeKind.NODE.context()).withName(name);
            GenericKubernetesResource live = op.get();
            if (live != null) {
                @SuppressWarnings("unchecked")
                Map<String, Object> spec = (Map<String, Object>) live.getAdditionalProperties().computeIfAbsent("spec",
                        k -> new LinkedHashMap<>());
                spec.put("unschedulable", true);
                client.genericKubernetesResources(KubeKind.NODE.context()).resource(live).update();
            }
        }

        @Override
        public void removeNode(String name) {
            client.genericKubernetesResources(KubeKind.NODE.context()).withName(name).delete();
        }

        @Override
        public boolean isAdmitted(ObjectKey workload) {
            return decider.get().read(e -> AutoscaledCluster.of(e).isAdmitted(workload)).orElse(false);
        }

        @Override
        public Set<String> busyNodes() {
            return decider.get().read(e -> AutoscaledCluster.of(e).busyNodes()).orElse(Set.of());
        }

        @Override
        public List<UnplacedGang> unplacedGangs() {
            return decider.get().read(e -> AutoscaledCluster.of(e).unplacedGangs()).orElse(List.of());
        }

        @Override
        public boolean placeableWith(List<GangPlacer.PodGroup> pods, List<NodeSpec> extra) {
            return decider.get().read(e -> AutoscaledCluster.of(e).placeableWith(pods, extra)).orElse(false);
        }
    }

    /** A Node object with the node's labels, taints and allocatable, Ready. */
    private static GenericKubernetesResource nodeObject(NodeSpec node) {
        Map<String, Object> allocatable = new TreeMap<>();
        node.allocatable().amounts().forEach((r, q) -> allocatable.put(r, q.milli() + "m"));
        List<Map<String, Object>> taints = new ArrayList<>();
        for (Taint t : node.taints()) {
            taints.add(Map.of("key", t.key(), "value", t.value(), "effect", t.effect()));
        }
        GenericKubernetesResource n = new GenericKubernetesResource();
        n.setApiVersion("v1");
        n.setKind("Node");
        io.fabric8.kubernetes.api.model.ObjectMeta meta = new io.fabric8.kubernetes.api.model.ObjectMeta();
        meta.setName(node.name());
        meta.setLabels(new TreeMap<>(node.labels()));
        n.setMetadata(meta);
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("taints", taints);
        spec.put("unschedulable", node.unschedulable());
        n.getAdditionalProperties().put("spec", spec);
        n.getAdditionalProperties().put("status", Map.of("allocatable", allocatable, "capacity", allocatable,
                "conditions", List.of(Map.of("type", "Ready", "status", "True"))));
        return n;
    }
}
