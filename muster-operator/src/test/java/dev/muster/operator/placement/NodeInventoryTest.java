package dev.muster.operator.placement;

import static dev.muster.operator.placement.Pods.node;
import static dev.muster.operator.placement.Pods.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.NodeSpec;
import org.junit.jupiter.api.Test;

class NodeInventoryTest {

    private final NodeInventory inventory = new NodeInventory();

    private long cpuMilli(String node) {
        return inventory.spec(node).orElseThrow().allocatable().get("cpu").milli();
    }

    @Test
    void podsOfOtherSchedulersTakeTheirRequestsOffTheirNode() {
        assertThat(inventory.node(node("a", "8", null))).isTrue();
        assertThat(inventory.otherPod(LivePod.of(pod("daemon", "default-scheduler", "a", "500m")))).contains("a");
        assertThat(inventory.otherPod(LivePod.of(pod("web", "default-scheduler", "a", "2")))).contains("a");
        assertThat(cpuMilli("a")).isEqualTo(8000 - 500 - 2000);

        // Seen again unchanged: nothing changes. Ended: its room comes back. Deleted: the same.
        assertThat(inventory.otherPod(LivePod.of(pod("web", "default-scheduler", "a", "2")))).isEmpty();
        var done = pod("web", "default-scheduler", "a", "2");
        done.with("status").put("phase", "Succeeded");
        assertThat(inventory.otherPod(LivePod.of(done))).contains("a");
        assertThat(cpuMilli("a")).isEqualTo(7500);
        assertThat(inventory.otherPodDeleted(new ObjectKey("default", "daemon"))).contains("a");
        assertThat(cpuMilli("a")).isEqualTo(8000);
    }

    @Test
    void aPodWaitingForItsSchedulerTakesNothingYet() {
        inventory.node(node("a", "8", null));
        assertThat(inventory.otherPod(LivePod.of(pod("pending", "default-scheduler", null, "4")))).isEmpty();
        assertThat(cpuMilli("a")).isEqualTo(8000);
    }

    @Test
    void aGpuTakenByAnotherPodIsAWholeDeviceLess() {
        inventory.node(node("g", "8", "2"));
        var gpuPod = pod("other-gpu", "default-scheduler", "g", "1");
        gpuPod.with("spec").withArray("containers").get(0).with("resources").with("requests");
        ((com.fasterxml.jackson.databind.node.ObjectNode) gpuPod.at("/spec/containers/0/resources/requests")).put("nvidia.com/gpu", "1");
        inventory.otherPod(LivePod.of(gpuPod));
        assertThat(inventory.spec("g").orElseThrow().gpuDevices()).isEqualTo(1);
    }

    @Test
    void aNodeThatChangesOnlyInItsStatusTimestampsIsNotAChange() {
        var n = node("a", "8", null);
        inventory.node(n);
        var same = n.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) same.get("metadata")).put("resourceVersion", "42");
        assertThat(inventory.node(same)).isFalse();
        assertThat(inventory.node(node("a", "16", null))).isTrue();
        assertThat(inventory.specs()).extracting(NodeSpec::name).containsExactly("a");
        assertThat(inventory.nodeDeleted(n)).isTrue();
        assertThat(inventory.specs()).isEmpty();
    }
}
