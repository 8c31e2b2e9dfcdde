package dev.muster.sim.trace;

import java.util.List;

/**
 * One pod of an openb pod list ({@code openb_pod_list_*.csv}).
 *
 * @param numGpu   GPU devices; 0 for a cpu-only pod
 * @param gpuMilli thousandths of each device; below 1000 (with one device) the pod shares a GPU
 * @param gpuSpec  the GPU models the pod may run on (the trace's {@code gpu_spec}, split at {@code |});
 *                 empty means any
 */
public record OpenbPod(String name, long cpuMilli, long memoryMib, int numGpu, long gpuMilli, List<String> gpuSpec) {

    public OpenbPod {
        gpuSpec = List.copyOf(gpuSpec);
    }

    /** GPU thousandths over all devices: what the pod adds to the arrived workload. */
    public long totalGpuMilli() {
        return numGpu * gpuMilli;
    }

    public boolean sharesGpu() {
        return numGpu == 1 && gpuMilli < 1000;
    }
}
