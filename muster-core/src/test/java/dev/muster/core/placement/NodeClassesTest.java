package dev.muster.core.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Taint;
import dev.muster.core.model.Toleration;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Placement through {@link NodeClasses} weighs one node per class of nodes alike; these tests hold
 * it to choosing exactly what a scan of every node in name order chooses, as gangs come and go,
 * the expected workload moves and nodes are drained.
 */
class NodeClassesTest {

    private static final String MODEL = "gpu-model";

    private static NodeSpec spec(String name, int cpus, int gpus, String model, boolean tainted) {
        Map<String, String> labels = new TreeMap<>(Map.of("kubernetes.io/hostname", name));
        if (!model.isEmpty()) {
            labels.put(MODEL, model);
        }
        return new NodeSpec(name, labels, tainted ? List.of(new Taint("dedicated", "ml", "NoSchedule")) : List.of(), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(cpus), "memory", Quantity.ofUnits(64L << 30),
                        NodeSpec.GPU, Quantity.ofUnits(gpus))), 0, model);
    }

    private static PodShape pod(Random r) {
        GpuRequest gpu = switch (r.nextInt(4)) {
            case 0 -> GpuRequest.NONE;
            case 1 -> new GpuRequest.Whole(1 + r.nextInt(2));
            default -> new GpuRequest.Fraction(250L * (1 + r.nextInt(3)));
        };
        ResourceList requests = new ResourceList(Map.of("cpu", Quantity.ofMilli(500L * (1 + r.nextInt(6))),
                "memory", Quantity.ofUnits((1L + r.nextInt(8)) << 30)));
        Map<String, String> selector = r.nextInt(4) == 0 ? Map.of(MODEL, r.nextBoolean() ? "A100" : "T4") : Map.of();
        List<LabelSelector> affinity = r.nextInt(5) == 0
                ? List.of(LabelSelector.of(Map.of(), List.of(new LabelSelector.Requirement(MODEL, "In", List.of("V100", "T4")))))
                : List.of();
        List<Toleration> tolerations = r.nextBoolean() ? List.of(new Toleration("dedicated", "Equal", "ml", "NoSchedule")) : List.of();
        return new PodShape(requests, gpu, selector, affinity, tolerations);
    }

    /** Two copies of one random cluster, one placed through classes, one by scanning every node. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void choosesWhatAScanOfEveryNodeChooses(long seed) {
        Random r = new Random(seed);
        placeBothWays(r, 400, () -> pod(r));
    }

    /**
     * As above, with pods of a few shapes over a longer run, so that the same shapes meet the
     * nodes' memos (and the classes) in many states.
     */
    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14})
    void podsOfFewShapesOverALongRunGoWhereAScanPutsThem(long seed) {
        Random r = new Random(seed);
        List<PodShape> shapes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            shapes.add(pod(r));
        }
        placeBothWays(r, 3_000, () -> shapes.get(r.nextInt(10) < 8 ? r.nextInt(3) : 3 + r.nextInt(3)));
    }

    private static void placeBothWays(Random r, int steps, java.util.function.Supplier<PodShape> shapes) {
        List<NodeSpec> specs = new ArrayList<>();
        String[] models = {"A100", "T4", "V100", ""};
        int kinds = 1 + r.nextInt(4);
        for (int i = 0; i < 40; i++) {
            int kind = r.nextInt(kinds); // few kinds of nodes, so that classes hold many
            specs.add(spec("node-%03d".formatted(i), 8 + 8 * kind, kind == 3 ? 0 : 2 + 2 * kind, models[kind], kind == 2 && i % 2 == 0));
        }
        List<NodeState> scanned = specs.stream().map(NodeState::new).toList();
        List<NodeState> grouped = specs.stream().map(NodeState::new).toList();
        NodeClasses classes = new NodeClasses(grouped);
        assertThat(classes.size()).as("empty nodes alike share a class (kind 2 is tainted or not)").isLessThanOrEqualTo(kinds + 1);
        PlacementPolicy policy = switch (r.nextInt(3)) {
            case 0 -> PlacementPolicy.DEFAULT;
            case 1 -> new PlacementPolicy(PlacementPolicy.Strategy.SPREAD, PlacementPolicy.Strategy.BINPACK, false);
            default -> new PlacementPolicy(PlacementPolicy.Strategy.BINPACK, PlacementPolicy.Strategy.BINPACK, true,
                    profile(r)); // the fragmentation gradient, whose scores read the expected workload
        };
        GangPlacer byScan = new GangPlacer(policy);
        GangPlacer byClass = new GangPlacer(policy);
        record Held(List<NodeState.Allocation> scanned, List<NodeState.Allocation> grouped) {
        }
        List<Held> held = new ArrayList<>();
        for (int step = 0; step < steps; step++) {
            if (policy.fragmentationAware() && r.nextInt(25) == 0) { // the expected workload moves
                WorkloadProfile expected = profile(r);
                byScan.expect(expected);
                byClass.expect(expected);
            }
            if (r.nextInt(60) == 0) { // a node is drained: it takes no more pods
                int i = r.nextInt(specs.size());
                scanned.get(i).drain();
                grouped.get(i).drain();
            }
            if (!held.isEmpty() && r.nextInt(4) == 0) { // a gang leaves: room appears on its nodes
                Held gone = held.remove(r.nextInt(held.size()));
                GangPlacer.release(gone.scanned());
                GangPlacer.release(gone.grouped());
                continue;
            }
            List<GangPlacer.PodGroup> gang = List.of(new GangPlacer.PodGroup("main", 1 + r.nextInt(3), shapes.get()));
            GangPlacer.Result a = byScan.place(scanned, gang);
            GangPlacer.Result b = byClass.place(classes, gang);
            assertThat(describe(b)).as("step %d, %s", step, gang).isEqualTo(describe(a));
            if (a instanceof GangPlacer.Result.Placed pa && b instanceof GangPlacer.Result.Placed pb) {
                held.add(new Held(pa.allocations(), pb.allocations()));
            }
        }
    }

    private static WorkloadProfile profile(Random r) {
        Map<PodShape, Double> weights = new java.util.HashMap<>();
        for (int i = 0; i < 1 + r.nextInt(4); i++) {
            weights.merge(pod(r), 1.0 + r.nextInt(5), Double::sum);
        }
        return WorkloadProfile.of(weights);
    }

    private static String describe(GangPlacer.Result r) {
        return switch (r) {
            case GangPlacer.Result.Placed p -> p.pods().toString();
            case GangPlacer.Result.Unplaceable u -> u.reason();
        };
    }

    @Test
    void nodesAlikeButForTheirHostnameShareAClassUntilAPodAsksForOne() {
        List<NodeState> nodes = List.of(new NodeState(spec("a", 8, 2, "T4", false)), new NodeState(spec("b", 8, 2, "T4", false)));
        NodeClasses classes = new NodeClasses(nodes);
        assertThat(classes.size()).isEqualTo(1);

        GangPlacer placer = new GangPlacer(PlacementPolicy.DEFAULT);
        PodShape onB = new PodShape(ResourceList.of("cpu", Quantity.ofUnits(1)), GpuRequest.NONE,
                Map.of("kubernetes.io/hostname", "b"), List.of(), List.of());
        assertThat(placer.best(classes, onB)).extracting(NodeState::name).isEqualTo("b");
        assertThat(classes.size()).as("the hostname now tells them apart").isEqualTo(2);
    }

    @Test
    void aNodeThatChangesMovesToTheClassOfItsNewState() {
        List<NodeState> nodes = List.of(new NodeState(spec("a", 8, 2, "T4", false)), new NodeState(spec("b", 8, 2, "T4", false)));
        NodeClasses classes = new NodeClasses(nodes);
        GangPlacer placer = new GangPlacer(PlacementPolicy.DEFAULT);
        PodShape oneGpu = PodShape.of(ResourceList.of("cpu", Quantity.ofUnits(1)), new GpuRequest.Whole(1));

        NodeState first = placer.best(classes, oneGpu);
        assertThat(first.name()).as("ties go to the first by name").isEqualTo("a");
        NodeState.Allocation taken = first.allocate(oneGpu, placer.deviceChooser());
        assertThat(classes.size()).isEqualTo(2);
        assertThat(placer.best(classes, oneGpu).name()).as("bin-pack: the fuller node").isEqualTo("a");

        first.release(taken);
        assertThat(classes.size()).as("back to one state").isEqualTo(1);
        first.drain();
        assertThat(placer.best(classes, oneGpu).name()).as("a draining node takes no pod").isEqualTo("b");
    }
    /** A scan remembers which nodes admit a shape with a selector; a node drained since must not be among them. */
    @Test
    void aNodeDrainedSinceAShapeWasFirstPlacedTakesNoMoreOfItInAScan() {
        List<NodeState> nodes = List.of(new NodeState(spec("a", 8, 2, "T4", false)), new NodeState(spec("b", 8, 2, "T4", false)));
        GangPlacer placer = new GangPlacer(PlacementPolicy.DEFAULT);
        PodShape onT4 = new PodShape(ResourceList.of("cpu", Quantity.ofUnits(1)), GpuRequest.NONE, Map.of(MODEL, "T4"),
                List.of(), List.of());
        assertThat(placer.best(nodes, onT4).name()).isEqualTo("a");

        nodes.get(0).drain();
        assertThat(placer.best(nodes, onT4).name()).isEqualTo("b");
    }
}
