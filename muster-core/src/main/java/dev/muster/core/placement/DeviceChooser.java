package dev.muster.core.placement;

/** Which of a node's GPU devices a fractional pod shares. */
public interface DeviceChooser {

    /** The device with the least free capacity that still fits: fills shared devices, keeps whole ones whole. */
    DeviceChooser TIGHTEST = (node, milli) -> {
        int best = -1;
        for (int d = 0; d < node.devices(); d++) {
            long f = node.deviceFree(d);
            if (f >= milli && (best < 0 || f < node.deviceFree(best))) {
                best = d;
            }
        }
        return best;
    };

    /** The device with the most free capacity: spreads fractional pods over devices. */
    DeviceChooser EMPTIEST = (node, milli) -> {
        int best = -1;
        for (int d = 0; d < node.devices(); d++) {
            long f = node.deviceFree(d);
            if (f >= milli && (best < 0 || f > node.deviceFree(best))) {
                best = d;
            }
        }
        return best;
    };

    int choose(NodeState node, long milli);

    /** The device for {@code pod}, which needs {@code milli} of one; by default {@link #choose(NodeState, long)}'s. */
    default int choose(NodeState node, PodShape pod, long milli) {
        return choose(node, milli);
    }

    /**
     * The device that leaves the node least fragmented for the expected workload (as a
     * fragmentation-aware {@link NodeScorer} weighs it); the tightest when the pod is not known.
     */
    static DeviceChooser fragmentationGradient(WorkloadProfile workload) {
        return new FragmentationMeasure(workload).deviceChooser();
    }
}
