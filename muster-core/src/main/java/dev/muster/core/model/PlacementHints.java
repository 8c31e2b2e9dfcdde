package dev.muster.core.model;

import java.util.List;
import java.util.Map;

/**
 * Where the pods of a pod set may go and how they use GPUs, from their template: the node
 * selector, the required node affinity (a node must match one term), the tolerations, and KAI's
 * GPU sharing annotations.
 *
 * @param gpuFractionMilli {@code gpu-fraction} in thousandths of one device (0 = not shared)
 * @param gpuMemoryMiB     {@code gpu-memory}: MiB of one device (0 = not asked)
 */
public record PlacementHints(Map<String, String> nodeSelector, List<LabelSelector> requiredAffinity,
        List<Toleration> tolerations, long gpuFractionMilli, long gpuMemoryMiB) {

    public static final PlacementHints NONE = new PlacementHints(Map.of(), List.of(), List.of(), 0, 0);

    public PlacementHints {
        nodeSelector = Map.copyOf(nodeSelector);
        requiredAffinity = List.copyOf(requiredAffinity);
        tolerations = List.copyOf(tolerations);
    }
}
