package dev.muster.api.cluster;

import dev.muster.api.k8s.ResourceQuantities;
import dev.muster.api.k8s.TaintReader;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.validation.ClusterObjectRules;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.quantity.Quantity;
import java.util.Map;

/**
 * Validates a Node: its taints, schedulability and allocatable resources. Placement, which uses
 * nodes, reads the validated object as a DeclaredObject.
 */
public final class NodeReader {

    private NodeReader() {
    }

    public static void validate(ManifestObject object) {
        ClusterObjectRules.node(object);
        Field spec = object.spec();
        spec.requireObject();
        TaintReader.read(spec.get("taints"));
        spec.get("unschedulable").bool();
        Field status = object.root().get("status");
        status.requireObject();
        Field allocatable = status.get("allocatable");
        if (!allocatable.isPresent()) {
            allocatable.error("required: what the node offers to pods (cpu, memory, nvidia.com/gpu, pods, ...)");
        }
        readAllocatable(allocatable);
        ResourceQuantities.read(status.get("capacity"));
    }

    /** A node's (or a node pool's) allocatable resources, with no more GPU devices than placement can model. */
    static void readAllocatable(Field allocatable) {
        Map<String, Quantity> offered = ResourceQuantities.read(allocatable);
        Quantity gpus = offered.getOrDefault(NodeSpec.GPU, Quantity.ZERO);
        if (gpus.compareTo(Quantity.ofUnits(NodeSpec.MAX_GPU_DEVICES)) > 0) {
            allocatable.key(NodeSpec.GPU).error("a node has at most " + NodeSpec.MAX_GPU_DEVICES
                    + " GPU devices in Muster (placement keeps one slot per device), got " + gpus.format(NodeSpec.GPU));
        }
    }
}
