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
}
