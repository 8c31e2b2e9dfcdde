package dev.muster.api.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.scenario.DeclaredObject;
import dev.muster.api.scenario.Scenario;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Taint;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The scenario's Node objects as placement sees them (validated when the manifests were read). */
public final class ClusterNodes {

    /** Labels GPU Feature Discovery puts on GPU nodes: memory per device (MiB) and model. */
    static final String GPU_MEMORY_LABEL = "nvidia.com/gpu.memory";
    static final String GPU_PRODUCT_LABEL = "nvidia.com/gpu.product";

    private ClusterNodes() {
    }

    public static List<NodeSpec> of(Scenario scenario) {
        List<NodeSpec> nodes = new ArrayList<>();
        for (DeclaredObject o : scenario.otherObjects("Node")) {
            nodes.add(node(o.name(), o.body()));
        }
        return nodes;
    }

    /** A node from a Node object's body, or a NodePool's template (same fields). */
    public static NodeSpec node(String name, JsonNode body) {
        Map<String, String> labels = new TreeMap<>();
        body.path("metadata").path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        List<Taint> taints = new ArrayList<>();
        for (JsonNode t : body.path("spec").path("taints")) {
            taints.add(new Taint(t.path("key").asText(""), t.path("value").asText(""), t.path("effect").asText("")));
        }
        Map<String, Quantity> allocatable = new TreeMap<>();
        JsonNode a = body.path("status").path("allocatable");
        // null is no amount, as in the validation (and Kubernetes' Quantity reads null as zero)
        a.fields().forEachRemaining(e -> {
            if (!e.getValue().isNull()) {
                allocatable.put(e.getKey(), Quantity.parse(e.getValue().asText()));
            }
        });
        long gpuMemory = 0;
        try {
            gpuMemory = Long.parseLong(labels.getOrDefault(GPU_MEMORY_LABEL, "0").strip());
        } catch (NumberFormatException e) {
            gpuMemory = 0; // a label that is not a number tells nothing about GPU memory
        }
        return new NodeSpec(name, labels, taints, body.path("spec").path("unschedulable").asBoolean(false),
                new ResourceList(allocatable), gpuMemory, labels.getOrDefault(GPU_PRODUCT_LABEL, ""));
    }
}
