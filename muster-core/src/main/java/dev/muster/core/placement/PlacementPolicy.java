package dev.muster.core.placement;

import java.util.Objects;

/**
 * How pods are spread over nodes, per resource as in KAI's {@code placementStrategy}: bin-pack
 * (fill the fullest node that fits, the default) or spread (the emptiest). With
 * {@code fragmentationAware}, the idea of the FGD paper (ATC'23): keep free GPU usable by the pods
 * that typically follow. Given the expected workload ({@code workload}), a pod goes where it grows
 * the expected fragmentation for that workload the least, and a shared-GPU pod takes the device
 * that does ({@link FragmentationMeasure}). Without one, simpler rules: a fractional-GPU pod fills
 * a device already shared rather than breaking a whole one, and a pod without GPUs avoids taking
 * the cpu that a GPU node's free devices will need.
 *
 * @param workload the expected workload, {@link WorkloadProfile#NONE} when unknown; used only when
 *                 {@code fragmentationAware}
 */
public record PlacementPolicy(Strategy gpu, Strategy cpu, boolean fragmentationAware, WorkloadProfile workload) {

    public enum Strategy { BINPACK, SPREAD }

    public static final PlacementPolicy DEFAULT = new PlacementPolicy(Strategy.BINPACK, Strategy.BINPACK, true);

    public PlacementPolicy {
        Objects.requireNonNull(workload, "workload");
    }

    public PlacementPolicy(Strategy gpu, Strategy cpu, boolean fragmentationAware) {
        this(gpu, cpu, fragmentationAware, WorkloadProfile.NONE);
    }

    /** The same policy, fragmentation-aware for the given expected workload. */
    public PlacementPolicy withWorkload(WorkloadProfile expected) {
        return new PlacementPolicy(gpu, cpu, true, expected);
    }

    public DeviceChooser deviceChooser() {
        if (fragmentationAware && !workload.isEmpty()) {
            return DeviceChooser.fragmentationGradient(workload);
        }
        return gpu == Strategy.SPREAD ? DeviceChooser.EMPTIEST : DeviceChooser.TIGHTEST;
    }
}
