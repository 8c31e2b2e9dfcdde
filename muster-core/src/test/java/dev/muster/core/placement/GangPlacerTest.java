package dev.muster.core.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Taint;
import dev.muster.core.model.Toleration;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GangPlacerTest {

    private static NodeState node(String name, int cpus, int gpus, Taint... taints) {
        return new NodeState(new NodeSpec(name, Map.of("kubernetes.io/hostname", name), List.of(taints), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(cpus), NodeSpec.GPU, Quantity.ofUnits(gpus))), 0, ""));
    }

    private static PodShape cpu(int cpus) {
        return PodShape.of(ResourceList.of("cpu", Quantity.ofUnits(cpus)), GpuRequest.NONE);
    }

    private static PodShape fraction(long milli) {
        return PodShape.of(ResourceList.of("cpu", Quantity.ofUnits(1)), new GpuRequest.Fraction(milli));
    }

    private final GangPlacer binpack = new GangPlacer(PlacementPolicy.DEFAULT);

    @Test
    void twoHalvesShareOneDeviceAndOneGroup() {
        List<NodeState> nodes = List.of(node("n1", 8, 1));
        var r = (GangPlacer.Result.Placed) binpack.place(nodes, List.of(new GangPlacer.PodGroup("w", 2, fraction(500))));
        assertThat(r.pods()).extracting(PodPlacement::gpuDevices).containsOnly(List.of(0));
        assertThat(r.pods()).extracting(PodPlacement::gpuGroup).containsOnly("n1-gpu0");
        assertThat(r.pods()).extracting(PodPlacement::gpuFraction).containsOnly(500L);
    }

    @Test
    void aHalfAndThreeQuartersCannotShareADevice() {
        List<NodeState> nodes = List.of(node("n1", 8, 1));
        var r = binpack.place(nodes, List.of(new GangPlacer.PodGroup("a", 1, fraction(500)),
                new GangPlacer.PodGroup("b", 1, fraction(750))));
        assertThat(r).isInstanceOf(GangPlacer.Result.Unplaceable.class);
        assertThat(nodes.get(0).gpuFree()).as("nothing is left held").isEqualTo(1000);
    }

    @Test
    void aGangIsPlacedWholeOrNotAtAll() {
        List<NodeState> nodes = List.of(node("n1", 4, 0), node("n2", 4, 0));
        var r = binpack.place(nodes, List.of(new GangPlacer.PodGroup("w", 3, cpu(3))));
        assertThat(r).isInstanceOfSatisfying(GangPlacer.Result.Unplaceable.class, u ->
                assertThat(u.reason()).contains("pod 3 of 3").contains("2 nodes have too little free"));
        assertThat(nodes).allSatisfy(n -> assertThat(n.free("cpu")).isEqualTo(4000));
    }

    /**
     * Two billion pods on a node that claims room for them (issue 18): refused at once, with the
     * reason, rather than placed pod by pod until memory runs out; a gang at the bound is placed.
     */
    @Test
    void aGangOfMorePodsThanAClusterHoldsWaitsWithTheReason() {
        NodeState huge = new NodeState(new NodeSpec("n1", Map.of("kubernetes.io/hostname", "n1"), List.of(), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(4_000_000), "pods", Quantity.ofUnits(2_000_000_000))), 0, ""));
        PodShape milli = PodShape.of(ResourceList.of("cpu", Quantity.parse("1m")), GpuRequest.NONE);

        var r = binpack.place(List.of(huge), List.of(new GangPlacer.PodGroup("main", 1_000_000_000, milli),
                new GangPlacer.PodGroup("more", 1_000_000_000, milli)));
        assertThat(r).isInstanceOfSatisfying(GangPlacer.Result.Unplaceable.class, u -> assertThat(u.reason())
                .isEqualTo("it has 2000000000 pods; at most 150000 pods of one workload are placed on nodes,"
                        + " the most a Kubernetes cluster is built to hold"));
        assertThat(huge.free("cpu")).isEqualTo(4_000_000_000L);

        var atTheBound = binpack.place(List.of(huge), List.of(new GangPlacer.PodGroup("main", GangPlacer.MAX_PODS_PER_GANG, milli)));
        assertThat(atTheBound).isInstanceOfSatisfying(GangPlacer.Result.Placed.class,
                p -> assertThat(p.pods()).hasSize(150_000));
    }

    @Test
    void aNodeTakesNoMorePodsThanItsAllocatablePods() {
        NodeState small = new NodeState(new NodeSpec("n1", Map.of("kubernetes.io/hostname", "n1"), List.of(), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(8), "pods", Quantity.ofUnits(2))), 0, ""));
        var r = binpack.place(List.of(small), List.of(new GangPlacer.PodGroup("w", 3, cpu(1))));
        assertThat(r).isInstanceOfSatisfying(GangPlacer.Result.Unplaceable.class, u ->
                assertThat(u.reason()).contains("pod 3 of 3").contains("1 node has too many pods"));
        assertThat(small.free("cpu")).as("nothing is left held").isEqualTo(8000);

        var two = (GangPlacer.Result.Placed) binpack.place(List.of(small), List.of(new GangPlacer.PodGroup("w", 2, cpu(1))));
        assertThat(two.pods()).hasSize(2);
        assertThat(small.atPodLimit()).isTrue();
        GangPlacer.release(two.allocations());
        assertThat(small.atPodLimit()).as("released pods free their places").isFalse();
    }

    @Test
    void taintsKeepPodsOffUnlessTolerated() {
        Taint gpuTaint = new Taint("nvidia.com/gpu", "present", "NoSchedule");
        List<NodeState> nodes = List.of(node("gpu", 8, 1, gpuTaint));
        assertThat(binpack.place(nodes, List.of(new GangPlacer.PodGroup("p", 1, cpu(1)))))
                .isInstanceOfSatisfying(GangPlacer.Result.Unplaceable.class,
                        u -> assertThat(u.reason()).contains("taint nvidia.com/gpu=present:NoSchedule not tolerated"));
        PodShape tolerant = new PodShape(ResourceList.of("cpu", Quantity.ofUnits(1)), GpuRequest.NONE, Map.of(), List.of(),
                List.of(new Toleration("nvidia.com/gpu", "Exists", "", "NoSchedule")));
        assertThat(binpack.place(nodes, List.of(new GangPlacer.PodGroup("p", 1, tolerant))))
                .isInstanceOf(GangPlacer.Result.Placed.class);
    }

    @Test
    void binpackFillsTheFullestNodeAndSpreadTheEmptiest() {
        List<NodeState> nodes = List.of(node("a", 8, 0), node("b", 8, 0));
        nodes.get(1).allocate(cpu(4), DeviceChooser.TIGHTEST);
        var packed = (GangPlacer.Result.Placed) binpack.place(nodes, List.of(new GangPlacer.PodGroup("p", 1, cpu(1))));
        assertThat(packed.pods().get(0).node()).isEqualTo("b");
        GangPlacer spread = new GangPlacer(new PlacementPolicy(PlacementPolicy.Strategy.SPREAD,
                PlacementPolicy.Strategy.SPREAD, false));
        var spreadOut = (GangPlacer.Result.Placed) spread.place(nodes, List.of(new GangPlacer.PodGroup("p", 1, cpu(1))));
        assertThat(spreadOut.pods().get(0).node()).isEqualTo("a");
    }

    @Test
    void fractionalPodsFillSharedDevicesBeforeBreakingWholeOnes() {
        List<NodeState> nodes = List.of(node("n1", 16, 2), node("n2", 16, 2));
        nodes.get(1).allocate(fraction(500), DeviceChooser.TIGHTEST);
        var r = (GangPlacer.Result.Placed) binpack.place(nodes, List.of(new GangPlacer.PodGroup("w", 1, fraction(250))));
        assertThat(r.pods().get(0).node()).isEqualTo("n2");
        assertThat(nodes.get(1).wholeFreeDevices()).isEqualTo(1);
        assertThat(nodes.get(0).wholeFreeDevices()).isEqualTo(2);
    }

    @Test
    void wholeGpusTakeWholeDevices() {
        List<NodeState> nodes = List.of(node("n1", 16, 4));
        nodes.get(0).allocate(fraction(500), DeviceChooser.TIGHTEST);
        var r = (GangPlacer.Result.Placed) binpack.place(nodes, List.of(new GangPlacer.PodGroup("w", 1,
                PodShape.of(ResourceList.EMPTY, new GpuRequest.Whole(3)))));
        assertThat(r.pods().get(0).gpuDevices()).containsExactly(1, 2, 3);
        assertThat(binpack.place(nodes, List.of(new GangPlacer.PodGroup("x", 1,
                PodShape.of(ResourceList.EMPTY, new GpuRequest.Whole(1)))))).isInstanceOf(GangPlacer.Result.Unplaceable.class);
    }
}
