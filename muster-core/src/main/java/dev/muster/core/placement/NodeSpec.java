package dev.muster.core.placement;

import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Taint;
import java.util.List;
import java.util.Map;

/**
 * A node as placement sees it: what it can hold, its labels and taints, and its GPUs.
 *
 * @param gpuMemoryMiB memory of each GPU device (from a label such as {@code nvidia.com/gpu.memory}),
 *                     0 when unknown; needed for {@code gpu-memory} requests
 * @param gpuModel     the GPU model (e.g. from {@code nvidia.com/gpu.product}), empty when unknown
 */
public record NodeSpec(String name, Map<String, String> labels, List<Taint> taints, boolean unschedulable,
        ResourceList allocatable, long gpuMemoryMiB, String gpuModel) {

    public static final String GPU = "nvidia.com/gpu";

    /**
     * The most GPU devices a node may have: placement keeps a slot per device (for GPU sharing), so
     * the count must be a real one. Real nodes have 8 or 16; readers refuse more than this.
     */
    public static final int MAX_GPU_DEVICES = 1024;

    public NodeSpec {
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
    }

    /** Whole GPU devices, numbered 0..n-1 (at most {@link #MAX_GPU_DEVICES}: readers refuse more). */
    public int gpuDevices() {
        return (int) Math.min(MAX_GPU_DEVICES, allocatable.get(GPU).milli() / 1000);
    }
}
