package dev.muster.bench.placement;

/**
 * The simulator's GpuPacking ({@code gpu_packing_score.go}), three bands from best to worst:
 * <ol>
 *   <li>the pod fits on devices already in use: 100 minus a tenth of the percent left on them (at least 50);</li>
 *   <li>it needs free devices on a node already in use: 50 minus the free devices it takes (at least 33);</li>
 *   <li>every device of the node is free: 33 minus the node's devices (at least that count).</li>
 * </ol>
 * Pods without GPUs score 0 everywhere, so they go wherever the tie-break puts them.
 */
public final class GpuPackingPolicy implements BaselinePolicy {

    @Override
    public String name() {
        return "GpuPacking";
    }

    @Override
    public long score(SimNode node, SimPod pod) {
        if (!pod.needsGpu()) {
            return 0;
        }
        int fullyFree = node.fullyFreeGpus();
        if (fullyFree == node.gpus()) {
            return Math.max(100 / 3 - fullyFree, fullyFree);
        }
        if (pod.sharesGpu()) {
            // the plugin walks devices from the least left and takes the first that fits: the tightest
            int d = node.tightestDevice(pod.gpuMilli());
            int left = node.gpuLeft(d);
            if (left == SimNode.MILLI) {
                return Math.max(100 / 2 - 1, 100 / 3);
            }
            long percentLeft = left * 100L / SimNode.MILLI;
            return Math.max(100 - percentLeft / 10, 100 / 2);
        }
        // whole devices can only be the free ones
        return Math.max(100 / 2 - pod.numGpu(), 100 / 3);
    }
}
