package dev.muster.operator.placement;

import dev.muster.core.placement.PodPlacement;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What Muster writes on a pod it binds about the GPUs it gave it, and reads back after a restart:
 * the devices, the share of a device, and for a shared device KAI's GPU group label, which pods
 * sharing one device carry alike.
 */
public final class GpuShare {

    /** KAI's label for the pods that share one GPU device. */
    public static final String GPU_GROUP_LABEL = "runai-gpu-group";
    /** The device indexes of the node the pod uses, comma-separated. */
    public static final String DEVICES_ANNOTATION = "muster.dev/gpu-devices";
    /** The share of its device a shared-GPU pod uses, as KAI's gpu-fraction writes it ("0.5"). */
    public static final String FRACTION_ANNOTATION = "muster.dev/gpu-fraction";

    private GpuShare() {
    }

    public static Map<String, String> labels(PodPlacement p) {
        return p.gpuGroup().isEmpty() ? Map.of() : Map.of(GPU_GROUP_LABEL, p.gpuGroup());
    }

    public static Map<String, String> annotations(PodPlacement p) {
        Map<String, String> out = new TreeMap<>();
        if (!p.gpuDevices().isEmpty()) {
            out.put(DEVICES_ANNOTATION, String.join(",", p.gpuDevices().stream().map(String::valueOf).toList()));
        }
        if (p.gpuFraction() > 0) {
            out.put(FRACTION_ANNOTATION, BigDecimal.valueOf(p.gpuFraction(), 3).stripTrailingZeros().toPlainString());
        }
        return out;
    }

    /** Where a pod Muster bound sits, read back from the pod (for a controller that restarted). */
    public static PodPlacement placementOf(LivePod pod, String podSet) {
        List<Integer> devices = new ArrayList<>();
        for (String d : pod.annotations().getOrDefault(DEVICES_ANNOTATION, "").split(",")) {
            parseInt(d.strip()).ifPresent(devices::add);
        }
        long fraction = 0;
        try {
            String f = pod.annotations().get(FRACTION_ANNOTATION);
            fraction = f == null ? 0 : new BigDecimal(f).movePointRight(3).longValue();
        } catch (NumberFormatException e) {
            fraction = 0; // an annotation someone changed: the pod counts as holding whole devices
        }
        return new PodPlacement(podSet, 0, pod.nodeName(), devices, fraction,
                pod.labels().getOrDefault(GPU_GROUP_LABEL, ""));
    }

    private static Optional<Integer> parseInt(String s) {
        try {
            return s.isEmpty() ? Optional.empty() : Optional.of(Integer.parseInt(s));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
