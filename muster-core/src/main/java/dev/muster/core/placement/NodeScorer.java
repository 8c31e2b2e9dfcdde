package dev.muster.core.placement;

/**
 * Scores a node for a pod under a {@link PlacementPolicy}; higher is better.
 *
 * <p>Bin-pack and spread score how full the node would be, cpu once and GPU twice. A
 * fragmentation-aware policy with a {@link WorkloadProfile} scores instead by how much the pod
 * reduces the node's expected fragmentation for that workload ({@link FragmentationMeasure}, in
 * GPUs), the bin-pack or spread score only breaking ties (nodes in the same state). Without a
 * profile it adds simpler rules ({@link #fragmentationBonus}).
 */
final class NodeScorer {

    private static final String CPU = "cpu";

    private final PlacementPolicy policy;
    private WorkloadProfile expected = WorkloadProfile.NONE;
    private FragmentationMeasure gradient;

    NodeScorer(PlacementPolicy policy) {
        this.policy = policy;
        expect(policy.workload());
    }

    /**
     * From now on, scores against {@code workload} (when fragmentation-aware; a profile without
     * GPU pods leaves the simpler rules). A new profile starts a new measure, whose memos are empty.
     */
    void expect(WorkloadProfile workload) {
        if (workload == expected || workload.equals(expected)) {
            return;
        }
        expected = workload;
        gradient = policy.fragmentationAware() && workload.usesGpu() ? new FragmentationMeasure(workload) : null;
    }

    /** The workload the scores keep room for. */
    WorkloadProfile expected() {
        return expected;
    }

    /** The device chooser that goes with these scores: a fragmentation-aware one shares the measure. */
    DeviceChooser deviceChooser() {
        return gradient != null ? gradient.deviceChooser() : policy.deviceChooser();
    }

    double score(NodeState node, PodShape pod, PodNeed need) {
        if (gradient != null) {
            return gradient.reduction(node, pod) / 1000.0;
        }
        double score = packing(node, pod, need);
        if (policy.fragmentationAware()) {
            score += fragmentationBonus(node, pod, gpuOf(node, pod));
        }
        return score;
    }

    /** Orders nodes of equal {@link #score}: under the fragmentation gradient, by packing; otherwise no order. */
    double tieBreak(NodeState node, PodShape pod, PodNeed need) {
        return gradient != null ? packing(node, pod, need) : 0;
    }

    private static long gpuOf(NodeState node, PodShape pod) {
        return switch (pod.gpu()) {
            case GpuRequest.Whole w -> 1000L * w.devices();
            case GpuRequest.Fraction f -> f.milli();
            case GpuRequest.Memory m -> node.fractionOf(m);
            case GpuRequest.None n -> 0;
        };
    }

    /** How full the node would be (bin-pack) or how empty (spread), cpu once and GPU twice. */
    private double packing(NodeState node, PodShape pod, PodNeed need) {
        long podGpu = gpuOf(node, pod);
        double score = 0;
        long cpuAlloc = node.allocatable(ResourceNames.CPU);
        if (cpuAlloc > 0) {
            double after = (double) (cpuAlloc - node.free(ResourceNames.CPU) + need.cpu()) / cpuAlloc;
            score += policy.cpu() == PlacementPolicy.Strategy.BINPACK ? after : 1 - after;
        }
        long gpuAlloc = node.gpuAllocatable();
        if (gpuAlloc > 0 && podGpu > 0) {
            double after = (double) (gpuAlloc - node.gpuFree() + podGpu) / gpuAlloc;
            score += 2 * (policy.gpu() == PlacementPolicy.Strategy.BINPACK ? after : 1 - after);
        }
        return score;
    }

    /**
     * Keeps whole devices whole: a fraction that fits a device already shared earns a bonus, one
     * that would break a whole device a penalty; a pod without GPUs on a node with free devices is
     * penalised by the share of the node's free cpu it takes (that cpu is what lets those devices
     * be used at all).
     */
    private static double fragmentationBonus(NodeState node, PodShape pod, long podGpu) {
        boolean fractional = pod.gpu() instanceof GpuRequest.Fraction || pod.gpu() instanceof GpuRequest.Memory;
        if (fractional) {
            for (int d = 0; d < node.devices(); d++) {
                long f = node.deviceFree(d);
                if (f < 1000 && f >= podGpu) {
                    return 3 + (1000 - (f - podGpu)) / 1000.0; // the tighter the remaining gap, the better
                }
            }
            return -1;
        }
        if (podGpu == 0 && node.gpuFree() > 0) {
            long cpuFree = node.free(ResourceNames.CPU);
            return cpuFree == 0 ? -3 : -3.0 * pod.requests().get(CPU).milli() / cpuFree;
        }
        return 0;
    }
}
