package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbNode;
import dev.muster.sim.trace.OpenbPod;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.ResourceList;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.GpuRequest;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.NodeState;
import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.placement.PodShape;
import dev.muster.core.placement.WorkloadProfile;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Places pods one at a time through Muster's own placement core, each as a one-pod gang:
 * {@link GangPlacer#best} picks the node (ties to the first name) and {@link NodeState#allocate}
 * takes the resources with the policy's device chooser. The GPU model is a node label and a pod's
 * {@code gpu_spec} a required node affinity on it, so Muster's own admission code enforces it.
 */
public final class MusterScheduler {

    /** The label the simulator's node manifests carry for the GPU model. */
    public static final String GPU_MODEL_LABEL = "alibabacloud.com/gpu-card-model";

    private static final long MIB = 1024L * 1024L;

    private final List<NodeState> nodes;
    private final PlacementPolicy policy;
    private final GangPlacer placer;

    /**
     * @param ranks per node (in {@code nodes} order), its tie-break rank: node names get it as a
     *              4-digit prefix, as the simulator renames its nodes, so equal scores go the same way
     */
    public MusterScheduler(List<OpenbNode> nodes, int[] ranks, PlacementPolicy policy) {
        this.nodes = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            this.nodes.add(new NodeState(nodeSpec(nodes.get(i), ranks[i])));
        }
        this.policy = policy;
        this.placer = new GangPlacer(policy);
    }

    static NodeSpec nodeSpec(OpenbNode n, int rank) {
        String name = OpenbSample.rankedName(rank, n);
        ResourceList allocatable = new ResourceList(Map.of(
                "cpu", Quantity.ofMilli(n.cpuMilli()),
                "memory", Quantity.ofUnits(n.memoryMib() * MIB),
                NodeSpec.GPU, Quantity.ofUnits(n.gpus())));
        return new NodeSpec(name, Map.of("kubernetes.io/hostname", name, GPU_MODEL_LABEL, n.model()), List.of(), false,
                allocatable, 0, n.model());
    }

    /** The pod as Muster's placement sees it: cpu and memory requests, its GPU request, and its GPU models as affinity. */
    public static PodShape podShape(OpenbPod p) {
        ResourceList requests = new ResourceList(Map.of(
                "cpu", Quantity.ofMilli(p.cpuMilli()),
                "memory", Quantity.ofUnits(p.memoryMib() * MIB)));
        GpuRequest gpu = p.numGpu() == 0 ? GpuRequest.NONE
                : p.sharesGpu() ? new GpuRequest.Fraction(p.gpuMilli())
                : new GpuRequest.Whole(p.numGpu());
        List<LabelSelector> affinity = p.gpuSpec().isEmpty() ? List.of()
                : List.of(LabelSelector.of(Map.of(), List.of(new LabelSelector.Requirement(GPU_MODEL_LABEL, "In", p.gpuSpec()))));
        return new PodShape(requests, gpu, Map.of(), affinity, List.of());
    }

    /** From now on, places for this expected workload (see {@link GangPlacer#expect}). */
    public void expect(WorkloadProfile workload) {
        placer.expect(workload);
    }

    /** Places the pod; returns its node, or null when no node can take it. */
    public NodeState place(PodShape pod) {
        NodeState best = placer.best(nodes, pod);
        if (best != null) {
            best.allocate(pod, placer.deviceChooser());
        }
        return best;
    }

    public List<NodeState> nodes() {
        return nodes;
    }
}
