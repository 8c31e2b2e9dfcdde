package dev.muster.api.cluster;

import dev.muster.api.k8s.ResourceQuantities;
import dev.muster.api.k8s.TaintReader;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;

/**
 * Validates a Node: its taints, schedulability and allocatable resources. Placement, which uses
 * nodes, reads the validated object as a DeclaredObject.
 */
public final class NodeReader {

    private NodeReader() {
    }

    public static void validate(ManifestObject object) {
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
        ResourceQuantities.read(allocatable);
        ResourceQuantities.read(status.get("capacity"));
    }
}
