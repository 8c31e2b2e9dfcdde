package dev.muster.core.placement;

import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Toleration;
import java.util.List;
import java.util.Map;

/**
 * What a pod needs from a node: its requests other than GPUs, its GPU request, and where it may go.
 *
 * @param nodeSelector      labels the node must have (the pod's own, merged with its flavor's)
 * @param requiredAffinity  required node affinity: the node must match at least one term (none = any)
 * @param tolerations       the pod's tolerations (merged with its flavor's)
 */
public record PodShape(ResourceList requests, GpuRequest gpu, Map<String, String> nodeSelector,
        List<LabelSelector> requiredAffinity, List<Toleration> tolerations) {

    public PodShape {
        nodeSelector = Map.copyOf(nodeSelector);
        requiredAffinity = List.copyOf(requiredAffinity);
        tolerations = List.copyOf(tolerations);
    }

    public static PodShape of(ResourceList requests, GpuRequest gpu) {
        return new PodShape(requests, gpu, Map.of(), List.of(), List.of());
    }
}
