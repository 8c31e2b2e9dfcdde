package dev.muster.core.placement;

/**
 * How pods are spread over nodes, per resource as in KAI's {@code placementStrategy}: bin-pack
 * (fill the fullest node that fits, the default) or spread (the emptiest). With
 * {@code fragmentationAware}, the idea of the FGD paper (ATC'23): a fractional-GPU pod goes where
 * it fills a device already shared rather than breaking a whole one, and a pod without GPUs avoids
 * taking the cpu that a GPU node's free devices will need, so whole devices stay usable by the
 * whole-GPU pods that typically follow.
 */
public record PlacementPolicy(Strategy gpu, Strategy cpu, boolean fragmentationAware) {

    public enum Strategy { BINPACK, SPREAD }

    public static final PlacementPolicy DEFAULT = new PlacementPolicy(Strategy.BINPACK, Strategy.BINPACK, true);

    public DeviceChooser deviceChooser() {
        return gpu == Strategy.SPREAD ? DeviceChooser.EMPTIEST : DeviceChooser.TIGHTEST;
    }
}
