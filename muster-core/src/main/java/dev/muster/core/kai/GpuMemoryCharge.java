package dev.muster.core.kai;

import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;

/**
 * What a pod asking for GPU memory ({@code gpu-memory}) is charged against its KAI queue: KAI counts
 * it as a share of a GPU, the MiB asked over one device's MiB (capacity_policy.go, getRequiredQuota:
 * GpuMemoryAsGpuFraction), with the largest device of the cluster, the most lenient reading. Without
 * that charge a queue's GPU quota and limit would not hold such pods back at all.
 */
public final class GpuMemoryCharge {

    private GpuMemoryCharge() {
    }

    /**
     * The workload with each gpu-memory pod set asking for its share of a GPU as
     * {@code nvidia.com/gpu}; unchanged when none asks for GPU memory or no device's memory is known.
     * Placement still reads the memory itself from the pod set's hints.
     */
    public static Workload charged(Workload wl, long largestDeviceMiB) {
        if (largestDeviceMiB <= 0 || wl.podSets().stream().noneMatch(GpuMemoryCharge::asksMemoryOnly)) {
            return wl;
        }
        List<PodSet> podSets = new ArrayList<>();
        for (PodSet ps : wl.podSets()) {
            if (!asksMemoryOnly(ps)) {
                podSets.add(ps);
                continue;
            }
            // Rounded up: a share that does not divide evenly is never charged less than it takes.
            long mib = ps.hints().gpuMemoryMiB();
            long milli = Math.min(1000, (mib * 1000 + largestDeviceMiB - 1) / largestDeviceMiB);
            ResourceList perPod = ps.perPod().plus(ResourceList.of(NodeSpec.GPU, Quantity.ofMilli(milli)));
            podSets.add(new PodSet(ps.name(), ps.count(), ps.minCount(), perPod, ps.hints()));
        }
        return new Workload(wl.key(), wl.queueName(), wl.priority(), wl.createdMillis(), wl.sequence(), podSets);
    }

    private static boolean asksMemoryOnly(PodSet ps) {
        return ps.hints().gpuMemoryMiB() > 0 && ps.hints().gpuFractionMilli() == 0
                && ps.perPod().get(NodeSpec.GPU).isZero();
    }
}
