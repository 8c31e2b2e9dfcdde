package dev.muster.sim;

import dev.muster.core.placement.PodPlacement;
import java.util.ArrayList;
import java.util.List;

/** Pods as the timeline and the report name them: {@code <object>-<pod set>-<index>}. */
final class PodList {

    /** Beyond this many pods, an event lists the first ones and counts the rest. */
    private static final int LISTED = 6;

    private PodList() {
    }

    static String podName(String owner, PodPlacement p) {
        return owner + "-" + p.podSet() + "-" + p.index();
    }

    /** {@code train-head-0 on node-a (GPU 0), train-worker-0 on node-b, ... and 3 more}. */
    static String describe(String owner, List<PodPlacement> pods) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < Math.min(pods.size(), LISTED); i++) {
            PodPlacement p = pods.get(i);
            String gpu = p.gpuDevices().isEmpty() ? ""
                    : " (GPU " + String.join(",", p.gpuDevices().stream().map(String::valueOf).toList())
                            + (p.gpuFraction() > 0 ? ", " + p.gpuFraction() / 1000.0 + " of it" : "") + ")";
            parts.add(podName(owner, p) + " on " + p.node() + gpu);
        }
        String more = pods.size() > LISTED ? " and " + (pods.size() - LISTED) + " more" : "";
        return "pods bound to nodes: " + String.join(", ", parts) + more;
    }
}
