package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbPod;

/**
 * A pod as the baseline scorers see it, with the simulator's resource vector.
 *
 * @param allowedModels per GPU model index, whether the pod may run there (all true without a {@code gpu_spec})
 * @param shape         index of the pod's (cpu, numGpu, gpuMilli) among the list's distinct shapes, for caches
 */
public record SimPod(OpenbPod source, long cpu, long memoryMib, int numGpu, long gpuMilli, boolean[] allowedModels,
        int shape) {

    public boolean needsGpu() {
        return numGpu > 0;
    }

    public boolean sharesGpu() {
        return numGpu == 1 && gpuMilli < SimNode.MILLI;
    }

    public long totalGpuMilli() {
        return numGpu * gpuMilli;
    }

    /** The GPU affinity tag of the simulator's GpuClustering: 0 for a shared GPU, n for n whole GPUs, -1 for none. */
    public int affinityTag() {
        return numGpu == 0 ? -1 : sharesGpu() ? 0 : numGpu;
    }
}
