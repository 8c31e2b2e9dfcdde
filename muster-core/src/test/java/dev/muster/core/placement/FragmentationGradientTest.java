package dev.muster.core.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A fragmentation-aware policy given the expected workload ({@link WorkloadProfile}): pods go where,
 * and shared GPUs on the device where, the free GPU left stays usable by the pods that are expected.
 * The figures in the comments are {@link FragmentationMeasure}'s, worked out by hand.
 */
class FragmentationGradientTest {

    private static final PlacementPolicy BINPACK = new PlacementPolicy(PlacementPolicy.Strategy.BINPACK,
            PlacementPolicy.Strategy.BINPACK, false);
    private static final PlacementPolicy SPREAD = new PlacementPolicy(PlacementPolicy.Strategy.SPREAD,
            PlacementPolicy.Strategy.SPREAD, false);

    private static NodeState node(String name, int cpus, int gpus) {
        return node(name, cpus, gpus, 0);
    }

    private static NodeState node(String name, int cpus, int gpus, long gpuMemoryMiB) {
        return new NodeState(new NodeSpec(name, Map.of(), List.of(), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(cpus), NodeSpec.GPU, Quantity.ofUnits(gpus))), gpuMemoryMiB, ""));
    }

    private static PodShape pod(int cpus, GpuRequest gpu) {
        return PodShape.of(ResourceList.of("cpu", Quantity.ofUnits(cpus)), gpu);
    }

    private static WorkloadProfile profile(Object... shapeThenWeight) {
        Map<PodShape, Double> weights = new java.util.LinkedHashMap<>();
        for (int i = 0; i < shapeThenWeight.length; i += 2) {
            weights.put((PodShape) shapeThenWeight[i], (Double) shapeThenWeight[i + 1]);
        }
        return WorkloadProfile.of(weights);
    }

    private static PodPlacement placeOne(PlacementPolicy policy, List<NodeState> nodes, PodShape pod) {
        var r = (GangPlacer.Result.Placed) new GangPlacer(policy).place(nodes, List.of(new GangPlacer.PodGroup("p", 1, pod)));
        return r.pods().get(0);
    }

    @Test
    void aSharedGpuPodTakesTheDeviceWhoseRemainderTheExpectedPodsCanStillUse() {
        // expected: 70 % pods of 0.7 GPU, 30 % of 0.3; devices have 800 and 1000 free (unusable 259,
        // weighted over both kinds and both views); a 0.3 pod arrives. On device 0 (the tightest) 500
        // would be left, too small for a 0.7: unusable 560; on device 1, 800 and 700 are left, each fits
        // a 0.7: unusable 112, a reduction of 147.
        WorkloadProfile expected = profile(pod(1, new GpuRequest.Fraction(700)), 0.7, pod(1, new GpuRequest.Fraction(300)), 0.3);
        NodeState n = node("n", 64, 2);
        n.allocate(pod(1, new GpuRequest.Fraction(200)), DeviceChooser.TIGHTEST);
        PodShape third = pod(1, new GpuRequest.Fraction(300));

        FragmentationMeasure measure = new FragmentationMeasure(expected);
        assertThat(measure.reduction(n, third)).isCloseTo(259 - 112, within(1e-9));
        assertThat(measure.device(n, third)).isEqualTo(1);
        assertThat(DeviceChooser.TIGHTEST.choose(n, 300)).as("the simple rule would take device 0").isZero();
        assertThat(placeOne(BINPACK.withWorkload(expected), List.of(n), third).gpuDevices()).containsExactly(1);
    }

    @Test
    void aPodWithoutGpusGoesWhereItsCpuStrandsNoGpu() {
        // expected: quarter-GPU pods of 1 cpu. Node a has 4 cpus for 2 GPUs: cpu already limits it to 4 of
        // the 8 such pods its devices could take, and 2 cpus less strand another 0.5 GPU. Node b has cpu to spare.
        WorkloadProfile expected = profile(pod(1, new GpuRequest.Fraction(250)), 1.0);
        List<NodeState> nodes = List.of(node("a", 4, 2), node("b", 32, 2));
        PodShape cpuOnly = pod(2, GpuRequest.NONE);

        FragmentationMeasure measure = new FragmentationMeasure(expected);
        assertThat(measure.reduction(nodes.get(0), cpuOnly)).isCloseTo(-350, within(1e-9)); // 0.7 x 500 more unusable
        assertThat(measure.reduction(nodes.get(1), cpuOnly)).isZero();
        assertThat(placeOne(BINPACK.withWorkload(expected), nodes, cpuOnly).node()).isEqualTo("b");
        assertThat(placeOne(BINPACK, List.of(node("a", 4, 2), node("b", 32, 2)), cpuOnly).node())
                .as("bin-packing alone fills a's cpu").isEqualTo("a");
    }

    @Test
    void wholeGpuPodsLeaveNodesWholeForTheLargeGangsExpected() {
        // expected: half 1-GPU, half 8-GPU pods. On the 8-GPU node a 1-GPU pod would leave 7 GPUs no
        // 8-GPU pod can use (0.5 x 7000 more unusable); on the 2-GPU node it frees none for them anyway.
        WorkloadProfile expected = profile(pod(1, new GpuRequest.Whole(1)), 0.5, pod(8, new GpuRequest.Whole(8)), 0.5);
        PodShape one = pod(1, new GpuRequest.Whole(1));

        assertThat(placeOne(SPREAD.withWorkload(expected), List.of(node("small", 16, 2), node("big", 64, 8)), one).node())
                .isEqualTo("small");
        assertThat(placeOne(SPREAD, List.of(node("small", 16, 2), node("big", 64, 8)), one).node())
                .as("spreading alone picks the emptiest").isEqualTo("big");
    }

    @Test
    void theMemoFollowsEveryChangeOfTheNodeAllocationsAndReleases() {
        WorkloadProfile expected = profile(pod(1, new GpuRequest.Whole(1)), 0.5, pod(8, new GpuRequest.Whole(8)), 0.5);
        List<NodeState> nodes = List.of(node("small", 16, 2), node("big", 64, 8));
        GangPlacer placer = new GangPlacer(BINPACK.withWorkload(expected));
        PodShape one = pod(1, new GpuRequest.Whole(1));
        List<NodeState.Allocation> held = new ArrayList<>();
        List<String> chosen = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            NodeState best = placer.best(nodes, one);
            chosen.add(best.name());
            held.add(best.allocate(one, placer.deviceChooser()));
        }
        assertThat(chosen).containsExactly("small", "small", "big");
        GangPlacer.release(held.subList(0, 2));
        assertThat(placer.best(nodes, one).name()).as("small is free again").isEqualTo("small");
        assertThat(nodes.get(1).wholeFreeDevices()).isEqualTo(7);
    }

    @Test
    void aPlacerToldAnotherExpectedWorkloadPlacesByItFromThenOn() {
        // the same nodes and pod as above: expecting 8-GPU pods keeps big whole; expecting nothing
        // with GPUs leaves the simple rules (bin-packing: the fuller small); expecting them again weighs afresh
        WorkloadProfile gangs = profile(pod(1, new GpuRequest.Whole(1)), 0.5, pod(8, new GpuRequest.Whole(8)), 0.5);
        GangPlacer placer = new GangPlacer(new PlacementPolicy(PlacementPolicy.Strategy.SPREAD, PlacementPolicy.Strategy.SPREAD, true));
        List<NodeState> nodes = List.of(node("small", 16, 2), node("big", 64, 8));
        PodShape one = pod(1, new GpuRequest.Whole(1));
        assertThat(placer.best(nodes, one).name()).as("nothing expected yet: spread").isEqualTo("big");
        placer.expect(gangs);
        assertThat(placer.best(nodes, one).name()).isEqualTo("small");
        placer.expect(profile(pod(2, GpuRequest.NONE), 1.0));
        assertThat(placer.best(nodes, one).name()).as("no GPU pods expected: spread").isEqualTo("big");
        placer.expect(profile(pod(1, new GpuRequest.Whole(1)), 0.5, pod(8, new GpuRequest.Whole(8)), 0.5));
        assertThat(placer.best(nodes, one).name()).as("an equal profile again").isEqualTo("small");
    }

    @Test
    void gpuMemoryKindsAreTurnedIntoEachNodesFraction() {
        // expected: pods asking 8 GiB of a 16 GiB GPU, i.e. half of one. Devices have 1000 and 600 free and a
        // half arrives: either way two more halves fit, but on device 1 the 100 left is too small for one.
        WorkloadProfile expected = profile(pod(1, new GpuRequest.Memory(8_192)), 1.0);
        NodeState n = node("n", 64, 2, 16_384);
        n.allocate(pod(1, new GpuRequest.Fraction(400)), (node, milli) -> 1);
        PodShape half = pod(1, new GpuRequest.Fraction(500));
        assertThat(new FragmentationMeasure(expected).device(n, half)).isZero();
        assertThat(DeviceChooser.TIGHTEST.choose(n, 500)).isEqualTo(1);
    }

    @Test
    void withoutAProfileTheSimpleRulesStay() {
        assertThat(PlacementPolicy.DEFAULT.workload()).isSameAs(WorkloadProfile.NONE);
        assertThat(PlacementPolicy.DEFAULT.deviceChooser()).isSameAs(DeviceChooser.TIGHTEST);
        assertThat(SPREAD.deviceChooser()).isSameAs(DeviceChooser.EMPTIEST);
        WorkloadProfile expected = profile(pod(1, new GpuRequest.Whole(1)), 1.0);
        PlacementPolicy aware = SPREAD.withWorkload(expected);
        assertThat(aware.fragmentationAware()).isTrue();
        assertThat(aware.gpu()).isEqualTo(PlacementPolicy.Strategy.SPREAD);
        assertThat(aware.workload()).isEqualTo(expected);
        assertThat(new PlacementPolicy(PlacementPolicy.Strategy.BINPACK, PlacementPolicy.Strategy.BINPACK, false, expected)
                .deviceChooser()).as("not fragmentation-aware: the profile is not used").isSameAs(DeviceChooser.TIGHTEST);
    }

    @Test
    void aProfileFromPodsKeepsTheMostFrequentShapesUpToTheCoverage() {
        PodShape a = pod(1, new GpuRequest.Whole(1));
        PodShape b = pod(1, new GpuRequest.Fraction(500));
        PodShape c = pod(4, GpuRequest.NONE);
        List<PodShape> pods = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            pods.add(pod(1, new GpuRequest.Whole(1))); // equal shapes are one kind
        }
        for (int i = 0; i < 3; i++) {
            pods.add(b);
        }
        pods.add(c);
        WorkloadProfile p = WorkloadProfile.ofPods(pods, 0.9);
        assertThat(p.entries()).extracting(WorkloadProfile.Entry::shape).containsExactly(a, b);
        assertThat(p.entries()).extracting(WorkloadProfile.Entry::weight).containsExactly(6 / 9.0, 3 / 9.0);
        assertThat(WorkloadProfile.ofPods(pods, 1.0).entries()).hasSize(3);
        assertThat(WorkloadProfile.of(Map.of(a, 2.0, b, 0.0)).entries()).singleElement()
                .isEqualTo(new WorkloadProfile.Entry(a, 1.0));
        assertThat(WorkloadProfile.ofPods(List.of(), 0.95).isEmpty()).isTrue();
    }

    @Test
    void admissionMatchedOncePerShapeStillFollowsTheNodesAtHand() {
        PodShape zoneA = new PodShape(ResourceList.of("cpu", Quantity.ofUnits(1)), GpuRequest.NONE, Map.of("zone", "a"),
                List.of(), List.of());
        java.util.function.BiFunction<String, String, NodeState> zoned = (name, zone) -> new NodeState(new NodeSpec(name,
                Map.of("zone", zone), List.of(), false, ResourceList.of("cpu", Quantity.ofUnits(4)), 0, ""));
        List<NodeState> first = List.of(zoned.apply("n1", "a"), zoned.apply("n2", "b"));
        List<NodeState> second = List.of(zoned.apply("n3", "b"), zoned.apply("n4", "a"));
        GangPlacer placer = new GangPlacer(BINPACK);
        assertThat(placer.best(first, zoneA).name()).isEqualTo("n1");
        assertThat(placer.best(second, zoneA).name()).isEqualTo("n4");
        assertThat(placer.best(List.of(second.get(0)), zoneA)).isNull();
        assertThat(placer.best(first, zoneA).name()).isEqualTo("n1");
    }

    @Test
    void resourcesANodeDoesNotHaveNeverFitAndAreGivenBackWhole() {
        NodeState n = node("n", 8, 1);
        PodShape fpga = PodShape.of(ResourceList.of("example.com/fpga", Quantity.ofUnits(1)), GpuRequest.NONE);
        assertThat(n.fits(fpga)).isFalse();
        NodeState.Allocation a = n.allocate(fpga, DeviceChooser.TIGHTEST);
        assertThat(n.free("example.com/fpga")).isEqualTo(-1_000);
        n.release(a);
        assertThat(n.free("example.com/fpga")).isZero();
        assertThat(n.free("cpu")).isEqualTo(8_000);
        assertThat(n.allocatable("cpu")).isEqualTo(8_000);
        assertThat(n.allocatable("example.com/fpga")).isZero();
    }

    @Test
    void nodesAlikeShareWhatTheKindsNeedButALabelAKindAsksForOrAnotherGpuMemoryKeepsThemApart() {
        // expected: half the pods want a whole GPU on a node labelled model=a, half want 8 GiB of GPU memory.
        // Nodes a1 and a2 are alike; b lacks the label (the whole-GPU kind cannot use its devices); c has
        // 32 GiB devices (8 GiB is a quarter of one there). The measure answers each as if weighed alone.
        PodShape onA = new PodShape(ResourceList.of("cpu", Quantity.ofUnits(1)), new GpuRequest.Whole(1),
                Map.of("model", "a"), List.of(), List.of());
        WorkloadProfile expected = profile(onA, 0.5, pod(1, new GpuRequest.Memory(8_192)), 0.5);
        NodeState a1 = labelled("a1", "a", 16_384);
        NodeState a2 = labelled("a2", "a", 16_384);
        NodeState b = labelled("b", "b", 16_384);
        NodeState c = labelled("c", "a", 32_768);
        for (NodeState n : List.of(a1, a2, b, c)) {
            n.allocate(pod(1, new GpuRequest.Fraction(250)), DeviceChooser.TIGHTEST);
        }
        PodShape half = pod(1, new GpuRequest.Fraction(500));
        FragmentationMeasure together = new FragmentationMeasure(expected);
        for (NodeState n : List.of(a1, a2, b, c)) {
            double alone = new FragmentationMeasure(expected).reduction(n, half);
            assertThat(together.reduction(n, half)).as(n.name()).isEqualTo(alone);
        }
        // a1 and a2 score alike; b (where the whole-GPU kind may not run) and c (a half is a quarter there) do not
        assertThat(together.reduction(a1, half)).isEqualTo(together.reduction(a2, half));
        assertThat(together.reduction(b, half)).isNotEqualTo(together.reduction(a1, half));
        assertThat(together.reduction(c, half)).isNotEqualTo(together.reduction(a1, half));
    }

    private static NodeState labelled(String name, String model, long gpuMemoryMiB) {
        return new NodeState(new NodeSpec(name, Map.of("model", model, "kubernetes.io/hostname", name), List.of(), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(64), NodeSpec.GPU, Quantity.ofUnits(2))), gpuMemoryMiB, ""));
    }
}
