package dev.muster.operator.placement;

import static dev.muster.operator.placement.Pods.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.placement.PodPlacement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GpuShareTest {

    @Test
    void whatIsWrittenOnABoundPodIsReadBackAsItsPlace() {
        PodPlacement shared = new PodPlacement("worker", 3, "gpu-1", List.of(1), 250, "gpu-1-gpu1");
        var p = pod("w", "muster", "gpu-1", "1");
        var meta = p.with("metadata");
        GpuShare.labels(shared).forEach(meta.putObject("labels")::put);
        GpuShare.annotations(shared).forEach(meta.putObject("annotations")::put);

        assertThat(GpuShare.annotations(shared)).isEqualTo(Map.of(GpuShare.DEVICES_ANNOTATION, "1", GpuShare.FRACTION_ANNOTATION, "0.25"));
        assertThat(GpuShare.placementOf(LivePod.of(p), "worker"))
                .isEqualTo(new PodPlacement("worker", 0, "gpu-1", List.of(1), 250, "gpu-1-gpu1"));
    }

    @Test
    void wholeDevicesHaveNoGroupAndAPodWithoutAnnotationsHoldsNoDevice() {
        PodPlacement whole = new PodPlacement("worker", 0, "gpu-1", List.of(0, 1), 0, "");
        assertThat(GpuShare.labels(whole)).isEmpty();
        assertThat(GpuShare.annotations(whole)).isEqualTo(Map.of(GpuShare.DEVICES_ANNOTATION, "0,1"));
        assertThat(GpuShare.placementOf(LivePod.of(pod("cpu-only", "muster", "n", "1")), "main").gpuDevices()).isEmpty();
    }
}
