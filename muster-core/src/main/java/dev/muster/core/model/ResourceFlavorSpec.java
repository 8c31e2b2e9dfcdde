package dev.muster.core.model;

import java.util.List;
import java.util.Map;

/** A kind of capacity (spot, on-demand, a GPU model) and the node labels and taints that pick it. */
public record ResourceFlavorSpec(
        String name, Map<String, String> nodeLabels, List<Taint> nodeTaints, List<Toleration> tolerations) {

    public ResourceFlavorSpec {
        nodeLabels = Map.copyOf(nodeLabels);
        nodeTaints = List.copyOf(nodeTaints);
        tolerations = List.copyOf(tolerations);
    }
}
