package dev.muster.api.cluster;

import dev.muster.api.k8s.ResourceQuantities;
import dev.muster.api.k8s.TaintReader;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import java.util.List;
import java.util.Optional;

/**
 * Reads Muster's NodePool ({@code sim.muster.dev/v1alpha1}): a simulated autoscaled pool of
 * identical nodes that answers capacity requests.
 */
public final class NodePoolReader {

    private NodePoolReader() {
    }

    /** The pool; empty when a field that validation reported cannot make one. */
    public static Optional<NodePoolSpec> read(ManifestObject object) {
        validate(object);
        try {
            return Optional.of(NodePoolSpec.of(object.meta().name(), object.spec().node()));
        } catch (IllegalArgumentException reported) {
            return Optional.empty();
        }
    }

    private static void validate(ManifestObject object) {
        Field spec = object.spec();
        if (!spec.require() || !spec.requireObject()) {
            return;
        }
        spec.rejectUnknownFields(List.of("minNodes", "maxNodes", "provisioningDelay", "provisioningClassName",
                "unavailableUntil", "scaleDownAfter", "template"));
        Field minField = spec.get("minNodes");
        int min = minField.int32().orElse(0);
        if (min < 0) {
            minField.error("must not be negative, got " + min);
        }
        Field maxField = spec.get("maxNodes");
        Optional<Integer> max = maxField.require() ? maxField.int32() : Optional.empty();
        if (max.isPresent() && max.get() < Math.max(min, 0)) {
            maxField.error("must be at least minNodes (" + min + "), got " + max.get());
        }
        spec.get("provisioningDelay").nonNegativeDuration();
        spec.get("provisioningClassName").string();
        spec.get("unavailableUntil").nonNegativeDuration();
        spec.get("scaleDownAfter").nonNegativeDuration();

        Field template = spec.get("template");
        if (!template.require() || !template.requireObject()) {
            return;
        }
        template.rejectUnknownFields(List.of("metadata", "spec", "status"));
        Field metadata = template.get("metadata");
        if (metadata.requireObject()) {
            metadata.rejectUnknownFields(List.of("labels", "annotations"));
            metadata.get("labels").stringMap();
            metadata.get("annotations").stringMap();
        }
        Field nodeSpec = template.get("spec");
        if (nodeSpec.requireObject()) {
            nodeSpec.rejectUnknownFields(List.of("taints", "unschedulable"));
            TaintReader.read(nodeSpec.get("taints"));
            nodeSpec.get("unschedulable").bool();
        }
        Field status = template.get("status");
        Field allocatable = status.get("allocatable");
        if (!allocatable.isPresent()) {
            allocatable.error("required: what each node of the pool offers to pods (cpu, memory, nvidia.com/gpu, pods, ...)");
        }
        if (status.requireObject()) {
            status.rejectUnknownFields(List.of("allocatable", "capacity"));
            NodeReader.readAllocatable(allocatable);
            ResourceQuantities.read(status.get("capacity"));
        }
    }
}
