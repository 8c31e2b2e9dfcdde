package dev.muster.core.placement;

import java.util.Objects;

/**
 * How pods are spread over nodes, per resource as in KAI's {@code placementStrategy}: bin-pack
 * (fill the fullest node that fits, the default) or spread (the emptiest). With
 * {@code fragmentationAware}, the idea of the FGD paper (ATC'23): keep free GPU usable by the pods
 * that typically follow. Given the expected workload, a pod goes where it grows the expected
 * fragmentation for that workload the least, and a shared-GPU pod takes the device that does
 * ({@link FragmentationMeasure}). Without one, simpler rules: a fractional-GPU pod fills a device
 * already shared rather than breaking a whole one, and a pod without GPUs avoids taking the cpu
 * that a GPU node's free devices will need.
 *
 * <p>The expected workload is either given ({@code workload}, as a benchmark hands over a trace's)
 * or learnt by the engine from the pods it sees arrive: the last {@code recentPods} of them
 * ({@link RecentWorkload}).
 *
 * @param workload   the expected workload, {@link WorkloadProfile#NONE} when unknown; used only when
 *                   {@code fragmentationAware}
 * @param recentPods how many of the most recently arrived pods the engine learns the expected
 *                   workload from when none is given; 0 = it learns none (the simpler rules)
 */
public record PlacementPolicy(Strategy gpu, Strategy cpu, boolean fragmentationAware, WorkloadProfile workload,
        int recentPods) {

    public enum Strategy { BINPACK, SPREAD }

    /** How many recent pods {@link #fragmentation} learns the expected workload from by default. */
    public static final int DEFAULT_RECENT_PODS = 2_048;

    /**
     * Bin-pack, fragmentation-aware with the simple rules: KAI's {@code gpu: binpack} choices, which
     * a learnt workload would contradict on small clusters (a profile of a few pods does not expect
     * the whole-GPU pods KAI keeps devices whole for).
     */
    public static final PlacementPolicy DEFAULT = new PlacementPolicy(Strategy.BINPACK, Strategy.BINPACK, true);

    /**
     * GPU placement by the fragmentation gradient against the workload learnt from the last
     * {@code recentPods} arrivals (bin-packing breaks ties), cpu by {@code cpu}: Muster's
     * {@code placement.gpu: fragmentation}.
     */
    public static PlacementPolicy fragmentation(Strategy cpu, int recentPods) {
        if (recentPods <= 0) {
            throw new IllegalArgumentException("learning the workload takes at least one recent pod, got " + recentPods);
        }
        return new PlacementPolicy(Strategy.BINPACK, cpu, true, WorkloadProfile.NONE, recentPods);
    }

    public PlacementPolicy {
        Objects.requireNonNull(workload, "workload");
        if (recentPods < 0) {
            throw new IllegalArgumentException("recentPods must be 0 or more, got " + recentPods);
        }
    }

    public PlacementPolicy(Strategy gpu, Strategy cpu, boolean fragmentationAware, WorkloadProfile workload) {
        this(gpu, cpu, fragmentationAware, workload, 0);
    }

    public PlacementPolicy(Strategy gpu, Strategy cpu, boolean fragmentationAware) {
        this(gpu, cpu, fragmentationAware, WorkloadProfile.NONE);
    }

    /** The same policy, fragmentation-aware for the given expected workload. */
    public PlacementPolicy withWorkload(WorkloadProfile expected) {
        return new PlacementPolicy(gpu, cpu, true, expected, recentPods);
    }

    /** The same policy, learning the expected workload from the last {@code pods} arrivals (0: not at all). */
    public PlacementPolicy learningFromRecent(int pods) {
        return new PlacementPolicy(gpu, cpu, fragmentationAware, workload, pods);
    }

    /** Whether the engine should learn the expected workload from arriving pods: aware, none given, a window set. */
    public boolean learnsWorkload() {
        return fragmentationAware && workload.isEmpty() && recentPods > 0;
    }

    public DeviceChooser deviceChooser() {
        if (fragmentationAware && !workload.isEmpty()) {
            return DeviceChooser.fragmentationGradient(workload);
        }
        return gpu == Strategy.SPREAD ? DeviceChooser.EMPTIEST : DeviceChooser.TIGHTEST;
    }
}
