package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PlacementHints;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** KAI charges a gpu-memory pod the MiB it asks over the largest device's MiB, as GPUs. */
class GpuMemoryChargeTest {

    private static final ResourceList ONE_CPU = ResourceList.of("cpu", Quantity.ofMilli(1000));

    private static PodSet podSet(String name, ResourceList perPod, long fractionMilli, long memoryMiB) {
        return new PodSet(name, 2, 2, perPod, new PlacementHints(Map.of(), List.of(), List.of(), fractionMilli, memoryMiB));
    }

    private static Workload workload(PodSet... podSets) {
        return new Workload(new ObjectKey("default", "w"), "team-a", 0, 0, 0, List.of(podSets));
    }

    private static long gpuMilli(Workload wl, int podSet) {
        return wl.podSets().get(podSet).perPod().get("nvidia.com/gpu").milli();
    }

    @Test
    void aMemoryRequestIsChargedItsShareOfTheLargestDevice() {
        // 30720 / 40960 = 0.75 exactly; 10000 / 40960 = 0.2441... is rounded up to 245m.
        Workload wl = GpuMemoryCharge.charged(workload(podSet("a", ONE_CPU, 0, 30720), podSet("b", ONE_CPU, 0, 10000)), 40960);
        assertThat(gpuMilli(wl, 0)).isEqualTo(750);
        assertThat(gpuMilli(wl, 1)).isEqualTo(245);
        // Per pod; the cpu stays, the hints stay (placement reads the memory from them), counts stay.
        assertThat(wl.podSets().get(0).perPod().get("cpu").milli()).isEqualTo(1000);
        assertThat(wl.podSets().get(0).hints().gpuMemoryMiB()).isEqualTo(30720);
        assertThat(wl.podSets().get(0).count()).isEqualTo(2);
    }

    @Test
    void moreMemoryThanTheLargestDeviceIsChargedOneGpu() {
        assertThat(gpuMilli(GpuMemoryCharge.charged(workload(podSet("a", ONE_CPU, 0, 81920)), 40960), 0)).isEqualTo(1000);
    }

    @Test
    void podSetsThatAskForGpusOrFractionsOrNoMemoryAreLeftAlone() {
        PodSet whole = podSet("whole", ONE_CPU.plus(ResourceList.of("nvidia.com/gpu", Quantity.ofMilli(1000))), 0, 20480);
        PodSet fraction = podSet("fraction", ONE_CPU, 500, 20480);
        PodSet plain = podSet("plain", ONE_CPU, 0, 0);
        Workload wl = workload(whole, fraction, plain);
        assertThat(GpuMemoryCharge.charged(wl, 40960)).isSameAs(wl);
    }

    @Test
    void withoutAKnownDeviceMemoryNothingIsCharged() {
        Workload wl = workload(podSet("a", ONE_CPU, 0, 30720));
        assertThat(GpuMemoryCharge.charged(wl, 0)).isSameAs(wl);
    }
}
