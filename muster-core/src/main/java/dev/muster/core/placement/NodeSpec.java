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

    public NodeSpec {
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
    }

    /** Whole GPU devices, numbered 0..n-1. */
    public int gpuDevices() {
        return (int) (allocatable.get(GPU).milli() / 1000);
    }
}
