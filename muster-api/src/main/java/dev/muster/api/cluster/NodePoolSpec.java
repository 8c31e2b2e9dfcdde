package dev.muster.api.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.manifest.GoDuration;
import dev.muster.core.placement.NodeSpec;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A {@code NodePool} of the scenario contract ({@code sim.muster.dev/v1alpha1}), validated when the
 * manifests were read: identical nodes made from one template, between {@code minNodes} and
 * {@code maxNodes}.
 *
 * @param provisioningClassName the class of ProvisioningRequests it answers (a queued-provisioning
 *                              pool); empty for a plain pool, which scales up for pending pods
 * @param scaleDownAfterMillis  how long a node stays empty before it is removed
 * @param template              every node of the pool is this node under another name
 */
public record NodePoolSpec(String name, int minNodes, int maxNodes, long provisioningDelayMillis,
        Optional<String> provisioningClassName, long unavailableUntilMillis, long scaleDownAfterMillis,
        NodeSpec template) {

    /** The cluster autoscaler's {@code --scale-down-unneeded-time} default: an empty node goes after 10 minutes. */
    public static final long DEFAULT_SCALE_DOWN_AFTER_MILLIS = 10 * 60_000;

    /** From a validated NodePool's name and {@code spec} (see {@link NodePoolReader}). */
    static NodePoolSpec of(String name, JsonNode spec) {
        JsonNode template = spec.path("template");
        NodeSpec node = ClusterNodes.node(name + "-template", template);
        String className = spec.path("provisioningClassName").asText("");
        return new NodePoolSpec(name, spec.path("minNodes").asInt(0), spec.path("maxNodes").asInt(),
                millis(spec, "provisioningDelay", 0), className.isEmpty() ? Optional.empty() : Optional.of(className),
                millis(spec, "unavailableUntil", 0), millis(spec, "scaleDownAfter", DEFAULT_SCALE_DOWN_AFTER_MILLIS),
                node);
    }

    private static long millis(JsonNode spec, String field, long otherwise) {
        JsonNode v = spec.path(field);
        return v.isTextual() ? GoDuration.parse(v.asText()).toMillis() : otherwise;
    }

    /** The pool's node {@code name}: the template's, with its hostname label and any {@code extraLabels}. */
    public NodeSpec node(String name, Map<String, String> extraLabels) {
        Map<String, String> labels = new TreeMap<>(template.labels());
        labels.put("kubernetes.io/hostname", name);
        labels.putAll(extraLabels);
        return new NodeSpec(name, labels, template.taints(), template.unschedulable(), template.allocatable(),
                template.gpuMemoryMiB(), template.gpuModel());
    }

    /** A queued-provisioning pool answers ProvisioningRequests and nothing else. */
    public boolean queued() {
        return provisioningClassName.isPresent();
    }
}
