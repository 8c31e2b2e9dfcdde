package dev.muster.operator.placement;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.cluster.ClusterCapacity;
import dev.muster.api.cluster.ClusterNodes;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.ResourceList;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The cluster's nodes as Muster may place on them: each Node's allocatable less what pods of other
 * schedulers hold there (daemon sets, pods the default scheduler placed), since the engine knows
 * only the pods it placed itself.
 */
public final class NodeInventory {

    /** Node objects by name, in name order so that the engine sees them in a stable order. */
    private final Map<String, JsonNode> nodes = new TreeMap<>();
    /** Pods of other schedulers bound to a node and running there: where they are and what they hold. */
    private final Map<ObjectKey, LivePod> others = new HashMap<>();
    /** Per node, the sum of {@link #others}' requests there. */
    private final Map<String, Map<String, Long>> heldByOthers = new HashMap<>();

    /** A Node was added or changed; returns whether what placement sees of it changed. */
    public boolean node(JsonNode node) {
        String name = node.path("metadata").path("name").asText();
        JsonNode before = nodes.put(name, node);
        return before == null || !spec(name, before).equals(spec(name, node));
    }

    /** A Node left; returns whether it was known. */
    public boolean nodeDeleted(JsonNode node) {
        return nodes.remove(node.path("metadata").path("name").asText()) != null;
    }

    public boolean has(String name) {
        return nodes.containsKey(name);
    }

    /**
     * A pod another scheduler placed was seen (or it ended); returns the node whose free room
     * changed, if one did.
     */
    public Optional<String> otherPod(LivePod pod) {
        LivePod before = pod.bound() && !pod.ended() ? others.put(pod.key(), pod) : others.remove(pod.key());
        if (before != null && pod.bound() && !pod.ended() && before.nodeName().equals(pod.nodeName())
                && before.requests().equals(pod.requests())) {
            return Optional.empty();
        }
        if (before != null) {
            add(before, -1);
        }
        if (pod.bound() && !pod.ended()) {
            add(pod, 1);
            return Optional.of(pod.nodeName());
        }
        return before == null ? Optional.empty() : Optional.of(before.nodeName());
    }

    /** A pod of another scheduler was deleted; returns the node whose free room changed, if one did. */
    public Optional<String> otherPodDeleted(ObjectKey key) {
        LivePod before = others.remove(key);
        if (before == null) {
            return Optional.empty();
        }
        add(before, -1);
        return Optional.of(before.nodeName());
    }

    private void add(LivePod pod, long sign) {
        Map<String, Long> held = heldByOthers.computeIfAbsent(pod.nodeName(), n -> new TreeMap<>());
        pod.requests().amounts().forEach((r, q) -> held.merge(r, sign * q.milli(), Long::sum));
    }

    /**
     * What the Node objects declare allocatable, summed per resource (milli): the capacity KAI
     * divides among its queues. Unlike {@link #specs()} it does not move with other schedulers' pods,
     * so it changes only when a node joins, leaves or changes its allocatable.
     */
    public Map<String, Long> declaredCapacity() {
        List<NodeSpec> declared = new ArrayList<>();
        nodes.forEach((name, node) -> declared.add(ClusterNodes.node(name, node)));
        return ClusterCapacity.of(declared);
    }

    /** Every node as placement sees it, in name order. */
    public List<NodeSpec> specs() {
        List<NodeSpec> out = new ArrayList<>();
        nodes.forEach((name, node) -> out.add(spec(name, node)));
        return out;
    }

    /** The node as placement sees it, if it exists. */
    public Optional<NodeSpec> spec(String name) {
        JsonNode node = nodes.get(name);
        return node == null ? Optional.empty() : Optional.of(spec(name, node));
    }

    private NodeSpec spec(String name, JsonNode node) {
        NodeSpec declared = ClusterNodes.node(name, node);
        Map<String, Long> held = heldByOthers.getOrDefault(name, Map.of());
        if (held.isEmpty()) {
            return declared;
        }
        Map<String, Quantity> left = new TreeMap<>();
        declared.allocatable().amounts().forEach((r, q) -> {
            long rest = q.milli() - held.getOrDefault(r, 0L);
            if (r.equals(NodeSpec.GPU)) {
                rest = rest / 1000 * 1000; // devices are whole: one taken by another pod is not shared
            }
            left.put(r, Quantity.ofMilli(Math.max(0, rest)));
        });
        return new NodeSpec(declared.name(), declared.labels(), declared.taints(), declared.unschedulable(),
                new ResourceList(left), declared.gpuMemoryMiB(), declared.gpuModel());
    }
}
