package dev.muster.core.placement;

import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.PlacementHints;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Toleration;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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

    /**
     * Written out rather than the record's generated one: shapes key the placement memos and the
     * recent-workload counts, looked up once or more per pod, and the generated methods go through
     * method handles that a short run spends its first second interpreting.
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof PodShape p && requests.equals(p.requests) && gpu.equals(p.gpu)
                && nodeSelector.equals(p.nodeSelector) && requiredAffinity.equals(p.requiredAffinity)
                && tolerations.equals(p.tolerations);
    }

    @Override
    public int hashCode() {
        int h = requests.hashCode();
        h = 31 * h + gpu.hashCode();
        h = 31 * h + nodeSelector.hashCode();
        h = 31 * h + requiredAffinity.hashCode();
        return 31 * h + tolerations.hashCode();
    }

    public static PodShape of(ResourceList requests, GpuRequest gpu) {
        return new PodShape(requests, gpu, Map.of(), List.of(), List.of());
    }

    /**
     * A pod of the set: its requests but GPUs, its GPU request (KAI's gpu-fraction or gpu-memory
     * annotation, else whole devices, else a fraction of one), its required affinity, and where it
     * may go by {@code nodeSelector} and {@code tolerations} (its own, with those of its flavors).
     */
    public static PodShape of(PodSet ps, Map<String, String> nodeSelector, List<Toleration> tolerations) {
        PlacementHints h = ps.hints();
        long gpuMilli = ps.perPod().get(NodeSpec.GPU).milli();
        GpuRequest gpu = h.gpuFractionMilli() > 0 ? new GpuRequest.Fraction(h.gpuFractionMilli())
                : h.gpuMemoryMiB() > 0 ? new GpuRequest.Memory(h.gpuMemoryMiB())
                : gpuMilli >= 1000 ? new GpuRequest.Whole((int) (gpuMilli / 1000))
                : gpuMilli > 0 ? new GpuRequest.Fraction(gpuMilli) : GpuRequest.NONE;
        Map<String, Quantity> rest = new TreeMap<>(ps.perPod().amounts());
        rest.remove(NodeSpec.GPU);
        return new PodShape(new ResourceList(rest), gpu, nodeSelector, h.requiredAffinity(), tolerations);
    }

    /** A pod of the set as it asks to be placed, before a flavor adds labels and tolerations. */
    public static PodShape of(PodSet ps) {
        return of(ps, ps.hints().nodeSelector(), ps.hints().tolerations());
    }
}
