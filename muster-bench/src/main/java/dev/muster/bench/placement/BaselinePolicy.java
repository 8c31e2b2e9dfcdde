package dev.muster.bench.placement;

import java.util.SplittableRandom;

/**
 * A node scorer of the FGD simulator ({@code pkg/simulator/plugin/*_score.go}), reimplemented over
 * {@link SimNode}: the integer score the plugin gives a node that passed the filters (higher is
 * better; the scheduler takes the highest, ties to the smallest node name), and the GPU device a
 * shared-GPU pod gets on the chosen node (the plugin's GPU selection method).
 */
public interface BaselinePolicy {

    /** The name in the published results, e.g. {@code BestFit}. */
    String name();

    long score(SimNode node, SimPod pod);

    /** The device for a shared-GPU pod on {@code node}; "best" fit by default, as the simulator's Open-Gpu-Share does. */
    default int shareDevice(SimNode node, SimPod pod, SplittableRandom random) {
        return node.tightestDevice(pod.gpuMilli());
    }

    /** Told after {@code node} took a pod, for policies that cache per node. */
    default void nodeChanged(SimNode node) {
    }
}
