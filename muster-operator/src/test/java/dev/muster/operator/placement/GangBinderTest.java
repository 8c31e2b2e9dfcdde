package dev.muster.operator.placement;

import static dev.muster.operator.placement.Pods.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.placement.PodPlacement;
import java.util.List;
import org.junit.jupiter.api.Test;

class GangBinderTest {

    private final GangBinder binder = new GangBinder();

    private static GangBinder.GangPod waiting(String name, String podSet) {
        return new GangBinder.GangPod(LivePod.of(pod(name, "muster", null, "1")), podSet);
    }

    private static GangBinder.GangPod boundTo(String name, String podSet, String node) {
        return new GangBinder.GangPod(LivePod.of(pod(name, "muster", node, "1")), podSet);
    }

    private static final List<PodPlacement> PLACES = List.of(
            new PodPlacement("head", 0, "cpu-1", List.of(), 0, ""),
            new PodPlacement("worker", 0, "gpu-1", List.of(0), 500, "gpu-1-gpu0"),
            new PodPlacement("worker", 1, "gpu-2", List.of(1), 0, ""));

    @Test
    void waitingPodsTakeTheSlotsOfTheirPodSetInNameOrder() {
        List<PodBinding> bindings = binder.bind(PLACES, List.of(waiting("w-b", "worker"), waiting("h", "head"), waiting("w-a", "worker")));

        assertThat(bindings).extracting(b -> b.pod().name() + "@" + b.node()).containsExactly("h@cpu-1", "w-a@gpu-1", "w-b@gpu-2");
        PodBinding shared = bindings.get(1);
        assertThat(shared.labels()).containsEntry(GpuShare.GPU_GROUP_LABEL, "gpu-1-gpu0");
        assertThat(shared.annotations()).containsEntry(GpuShare.DEVICES_ANNOTATION, "0").containsEntry(GpuShare.FRACTION_ANNOTATION, "0.5");
        assertThat(bindings.get(2).labels()).isEmpty();
        assertThat(bindings.get(2).annotations()).containsEntry(GpuShare.DEVICES_ANNOTATION, "1").doesNotContainKey(GpuShare.FRACTION_ANNOTATION);
    }

    @Test
    void aBoundPodKeepsTheSlotOnItsNodeAndAPodIsNotBoundTwiceWhileItsBindingIsUnderWay() {
        List<PodBinding> first = binder.bind(PLACES, List.of(boundTo("w-z", "worker", "gpu-1"), waiting("w-a", "worker")));
        assertThat(first).extracting(b -> b.pod().name() + "@" + b.node()).containsExactly("w-a@gpu-2");

        // The informer has not shown w-a bound yet: asked again, nothing new is bound.
        assertThat(binder.bind(PLACES, List.of(boundTo("w-z", "worker", "gpu-1"), waiting("w-a", "worker")))).isEmpty();
        // Its binding failed: it may take the slot again.
        binder.failed(first.get(0).pod());
        assertThat(binder.bind(PLACES, List.of(boundTo("w-z", "worker", "gpu-1"), waiting("w-a", "worker")))).hasSize(1);
    }

    @Test
    void podsBeyondTheSlotsOfTheirPodSetWait() {
        List<PodBinding> bindings = binder.bind(PLACES, List.of(waiting("h-1", "head"), waiting("h-2", "head"), waiting("s", "submitter")));
        assertThat(bindings).extracting(b -> b.pod().name()).containsExactly("h-1");
    }
}
