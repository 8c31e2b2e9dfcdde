package dev.muster.core.placement;

/** Scores a node for a pod under a {@link PlacementPolicy}; higher is better. */
final class NodeScorer {

    private static final String CPU = "cpu";

    private final PlacementPolicy policy;

    NodeScorer(PlacementPolicy policy) {
        this.policy = policy;
    }

    double score(NodeState node, PodShape pod) {
        long podGpu = switch (pod.gpu()) {
            case GpuRequest.Whole w -> 1000L * w.devices();
            case GpuRequest.Fraction f -> f.milli();
            case GpuRequest.Memory m -> node.fractionOf(m);
            case GpuRequest.None n -> 0;
        };
        double score = 0;
        long cpuAlloc = node.allocatable(CPU);
        if (cpuAlloc > 0) {
            double after = (double) (cpuAlloc - node.free(CPU) + pod.requests().get(CPU).milli()) / cpuAlloc;
            score += policy.cpu() == PlacementPolicy.Strategy.BINPACK ? after : 1 - after;
        }
        long gpuAlloc = node.allocatable(NodeSpec.GPU);
        if (gpuAlloc > 0 && podGpu > 0) {
            double after = (double) (gpuAlloc - node.gpuFree() + podGpu) / gpuAlloc;
            score += 2 * (policy.gpu() == PlacementPolicy.Strategy.BINPACK ? after : 1 - after);
        }
        if (policy.fragmentationAware()) {
            score += fragmentationBonus(node, pod, podGpu);
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
            long cpuFree = node.free(CPU);
            return cpuFree == 0 ? -3 : -3.0 * pod.requests().get(CPU).milli() / cpuFree;
        }
        return 0;
    }
}
