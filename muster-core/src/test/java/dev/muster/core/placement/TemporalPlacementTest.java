package dev.muster.core.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Placement by expected end ({@link ExpectedEnd}): runs that end alike share nodes, so whole nodes drain sooner. */
class TemporalPlacementTest {

    private static final long H = 3_600_000;

    private static NodeState node(String name) {
        return new NodeState(new NodeSpec(name, Map.of("kubernetes.io/hostname", name), List.of(), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(64), NodeSpec.GPU, Quantity.ofUnits(8))), 0, ""));
    }

    private static final PodShape ONE_GPU = PodShape.of(ResourceList.of("cpu", Quantity.ofUnits(1)), new GpuRequest.Whole(1));

    private final GangPlacer placer = new GangPlacer(PlacementPolicy.DEFAULT);
    private final NodeState shortRuns = node("a");
    private final NodeState longRuns = node("b");
    private final NodeState empty = node("c");
    private final NodeClasses classes = new NodeClasses(List.of(shortRuns, longRuns, empty));

    TemporalPlacementTest() {
        shortRuns.allocate(ONE_GPU, DeviceChooser.TIGHTEST, 2 * H);
        longRuns.allocate(ONE_GPU, DeviceChooser.TIGHTEST, 100 * H);
    }

    private String place(ExpectedEnd end) {
        var r = (GangPlacer.Result.Placed) placer.place(classes, List.of(new GangPlacer.PodGroup("main", 1, ONE_GPU)), end);
        return r.pods().get(0).node();
    }

    @Test
    void aShortRunGoesWhereItDelaysNoDrainAndTheNodeFreesSoonest() {
        assertThat(place(ExpectedEnd.after(0, H))).isEqualTo("a");
        assertThat(place(ExpectedEnd.after(0, 50 * H))).as("no earlier than its end, closest").isEqualTo("b");
    }

    @Test
    void aLongRunGoesToTheNodeItDelaysLeastNotToAnEmptyOne() {
        assertThat(place(ExpectedEnd.after(0, 200 * H))).isEqualTo("b");
        assertThat(longRuns.latestEnd()).isEqualTo(200 * H);
    }

    @Test
    void aRunWithoutAnExpectedEndJoinsTheLongestAndReleasingForgetsItsEnd() {
        var r = (GangPlacer.Result.Placed) placer.place(classes, List.of(new GangPlacer.PodGroup("main", 1, ONE_GPU)),
                new ExpectedEnd(0, ExpectedEnd.UNKNOWN));
        assertThat(r.pods().get(0).node()).isEqualTo("b");
        assertThat(longRuns.latestEnd()).isEqualTo(ExpectedEnd.UNKNOWN);
        GangPlacer.release(r.allocations());
        assertThat(longRuns.latestEnd()).isEqualTo(100 * H);
    }

    @Test
    void aNodeWhosePodsAreDueCountsAsFreeFromNow() {
        // at 3 h the run on "a" is overdue: "a" is delayed as little as the empty node, and bin-packing picks it
        NodeClasses twoNodes = new NodeClasses(List.of(shortRuns, empty));
        var r = (GangPlacer.Result.Placed) placer.place(twoNodes, List.of(new GangPlacer.PodGroup("main", 1, ONE_GPU)),
                ExpectedEnd.after(3 * H, H));
        assertThat(r.pods().get(0).node()).isEqualTo("a");
    }

    @Test
    void withoutAnEndNodesKeepNoEndAndBinPackingDecides() {
        var r = (GangPlacer.Result.Placed) placer.place(classes, List.of(new GangPlacer.PodGroup("main", 1, ONE_GPU)));
        assertThat(r.allocations().get(0).end()).isEqualTo(NodeState.NO_END);
        assertThat(empty.latestEnd()).isEqualTo(NodeState.NO_END);
    }
}
