package dev.muster.core.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Temporal placement through {@link NodeClasses}: the classes are not split by the nodes' ends (a
 * class holds nodes alike in state whatever their pods' ends), yet placement picks exactly the node
 * a scan of every node would pick by the rule ({@link ExpectedEnd#compareDrains}, then score, then
 * name), as gangs with ends come and go, ends change and the clock moves.
 */
class TemporalClassesTest {

    private static final long M = 60_000;

    private static NodeSpec spec(String name, int gpus) {
        return new NodeSpec(name, Map.of("kubernetes.io/hostname", name), List.of(), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(64), NodeSpec.GPU, Quantity.ofUnits(gpus))), 0, "");
    }

    private static PodShape gpus(int n) {
        return PodShape.of(ResourceList.of("cpu", Quantity.ofUnits(1)), new GpuRequest.Whole(n));
    }

    @Test
    void nodesAlikeButForTheirPodsEndsShareAClass() {
        List<NodeState> nodes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            nodes.add(new NodeState(spec("n" + i, 8)));
        }
        NodeClasses classes = new NodeClasses(nodes);
        for (int i = 0; i < 6; i++) {
            nodes.get(i).allocate(gpus(1), DeviceChooser.TIGHTEST, (10L + i) * M); // each ends at its own time
        }
        assertThat(classes.size()).as("one state: 7 of 8 GPUs free on each").isEqualTo(1);

        GangPlacer placer = new GangPlacer(PlacementPolicy.DEFAULT);
        assertThat(placer.best(classes, gpus(1)).name()).as("without an end: the first by name").isEqualTo("n0");
        var r = (GangPlacer.Result.Placed) placer.place(classes, List.of(new GangPlacer.PodGroup("main", 1, gpus(1))),
                new ExpectedEnd(0, 12 * M + 30_000));
        assertThat(r.pods().get(0).node()).as("the first node draining after 12.5 min").isEqualTo("n3");
    }

    @Test
    void aPodsEndThatChangesWithoutItsPlaceMovesItsNodeInTheRanking() {
        NodeState a = new NodeState(spec("a", 8));
        NodeState b = new NodeState(spec("b", 8));
        NodeClasses classes = new NodeClasses(List.of(a, b));
        NodeState.Allocation onA = a.allocate(gpus(1), DeviceChooser.TIGHTEST, 100 * M);
        b.allocate(gpus(1), DeviceChooser.TIGHTEST, 50 * M);
        GangPlacer placer = new GangPlacer(PlacementPolicy.DEFAULT);
        List<GangPlacer.PodGroup> one = List.of(new GangPlacer.PodGroup("main", 1, gpus(1)));
        ExpectedEnd fortyMinutes = new ExpectedEnd(0, 40 * M);

        var first = (GangPlacer.Result.Placed) placer.place(classes, one, fortyMinutes);
        assertThat(first.pods().get(0).node()).as("b drains soonest after it").isEqualTo("b");
        GangPlacer.release(first.allocations());

        a.release(onA);
        a.reapply(new NodeState.Allocation(a, onA.pod(), onA.devices(), onA.fraction(), 45 * M));
        assertThat(classes.size()).isEqualTo(1);
        var second = (GangPlacer.Result.Placed) placer.place(classes, one, fortyMinutes);
        assertThat(second.pods().get(0).node()).as("a now drains at 45 min, sooner").isEqualTo("a");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void classesPickWhatAScanRankingEveryNodePicks(long seed) {
        Random r = new Random(seed);
        List<NodeSpec> specs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            specs.add(spec("node-%02d".formatted(i), r.nextInt(3) == 0 ? 4 : 8));
        }
        List<NodeState> scanned = specs.stream().map(NodeState::new).toList();
        List<NodeState> grouped = specs.stream().map(NodeState::new).toList();
        NodeClasses classes = new NodeClasses(grouped);
        PlacementPolicy policy = r.nextBoolean() ? PlacementPolicy.DEFAULT
                : new PlacementPolicy(PlacementPolicy.Strategy.SPREAD, PlacementPolicy.Strategy.BINPACK, false);
        GangPlacer byScan = new GangPlacer(policy);
        GangPlacer byClass = new GangPlacer(policy);
        record Held(List<NodeState.Allocation> scanned, List<NodeState.Allocation> grouped) {
        }
        List<Held> held = new ArrayList<>();
        long now = 0;
        for (int step = 0; step < 2_000; step++) {
            now += r.nextInt(3) * M;
            int what = r.nextInt(10);
            if (!held.isEmpty() && what < 3) { // a gang leaves
                Held gone = held.remove(r.nextInt(held.size()));
                GangPlacer.release(gone.scanned());
                GangPlacer.release(gone.grouped());
                continue;
            }
            if (!held.isEmpty() && what == 3) { // a gang's expected end changes, its pods stay
                Held moved = held.get(r.nextInt(held.size()));
                long end = end(r, now);
                reEnd(moved.scanned(), end);
                reEnd(moved.grouped(), end);
                continue;
            }
            // a placement now, or a reservation's trial at a later instant
            long at = r.nextInt(5) == 0 ? now + r.nextInt(200) * M : now;
            ExpectedEnd end = r.nextInt(8) == 0 ? null : new ExpectedEnd(at, end(r, at));
            List<GangPlacer.PodGroup> gang = List.of(new GangPlacer.PodGroup("main", 1 + r.nextInt(3), gpus(1 + r.nextInt(4))));
            List<NodeState.Allocation> a = scan(byScan, scanned, gang, end);
            GangPlacer.Result b = byClass.place(classes, gang, end);
            List<String> byClasses = b instanceof GangPlacer.Result.Placed p ? nodes(p.allocations()) : null;
            assertThat(byClasses).as("step %d, %s, %s", step, gang, end).isEqualTo(a == null ? null : nodes(a));
            if (b instanceof GangPlacer.Result.Placed p) {
                held.add(new Held(a, p.allocations()));
            }
        }
    }

    /** An expected end: often soon, sometimes past, sometimes never, sometimes the same as another's. */
    private static long end(Random r, long now) {
        return switch (r.nextInt(6)) {
            case 0 -> ExpectedEnd.UNKNOWN;
            case 1 -> now - r.nextInt(30) * M; // a gang restored after its expected end
            case 2 -> now + 60 * M; // ends alike
            default -> now + (1 + r.nextInt(300)) * M;
        };
    }

    private static void reEnd(List<NodeState.Allocation> allocations, long end) {
        for (int i = 0; i < allocations.size(); i++) {
            NodeState.Allocation a = allocations.get(i);
            NodeState.Allocation moved = new NodeState.Allocation(a.node(), a.pod(), a.devices(), a.fraction(), end);
            a.node().release(a);
            a.node().reapply(moved);
            allocations.set(i, moved);
        }
    }

    /**
     * The rule written out over every node: among those that admit the pod and have room, the best
     * drain for {@code end}; among those alike in drain, what the placer picks by score and name.
     * Null when a pod finds no node (what the gang took is given back).
     */
    private static List<NodeState.Allocation> scan(GangPlacer placer, List<NodeState> nodes, List<GangPlacer.PodGroup> gang,
            ExpectedEnd end) {
        List<NodeState.Allocation> taken = new ArrayList<>();
        for (GangPlacer.PodGroup g : gang) {
            for (int i = 0; i < g.count(); i++) {
                List<NodeState> room = nodes.stream().filter(n -> n.admits(g.shape()) && n.fits(g.shape())).toList();
                if (room.isEmpty()) {
                    GangPlacer.release(taken);
                    return null;
                }
                List<NodeState> best = room;
                if (end != null) {
                    long bestDrain = room.stream().map(end::drain).reduce((x, y) -> end.compareDrains(x, y) <= 0 ? x : y)
                            .orElseThrow();
                    best = room.stream().filter(n -> end.drain(n) == bestDrain).toList();
                }
                NodeState chosen = placer.best(best, g.shape());
                taken.add(chosen.allocate(g.shape(), placer.deviceChooser(), end == null ? NodeState.NO_END : end.endMillis()));
            }
        }
        return taken;
    }

    private static List<String> nodes(List<NodeState.Allocation> allocations) {
        return allocations.stream().map(a -> a.node().name() + a.devices()).toList();
    }
}
