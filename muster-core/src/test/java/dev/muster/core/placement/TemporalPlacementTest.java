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
        assertThat(place(new ExpectedEnd(0, H))).isEqualTo("a");
        assertThat(place(new ExpectedEnd(0, 50 * H))).as("no earlier than its end, closest").isEqualTo("b");
    }

    @Test
    void aLongRunGoesToTheNodeItDelaysLeastNotToAnEmptyOne() {
        assertThat(place(new ExpectedEnd(0, 200 * H))).isEqualTo("b");
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
                new ExpectedEnd(3 * H, 4 * H));
        assertThat(r.pods().get(0).node()).isEqualTo("a");
    }

    @Test
    void withoutAnEndNodesKeepNoEndAndBinPackingDecides() {
        var r = (GangPlacer.Result.Placed) placer.place(classes, List.of(new GangPlacer.PodGroup("main", 1, ONE_GPU)));
        assertThat(r.allocations().get(0).end()).isEqualTo(NodeState.NO_END);
        assertThat(empty.latestEnd()).isEqualTo(NodeState.NO_END);
    }

    @Test
    void aGangPastItsEndGoesToANodeFreeNowAndOtherwiseToTheOneDrainingSoonest() {
        // restored after its expected end (5 h, now 6 h): every node outlasts it, the least slack wins;
        // a's pod was due at 2 h, so a drains now as the empty c does, and bin-packing takes a, the fuller
        assertThat(place(new ExpectedEnd(6 * H, 5 * H))).isEqualTo("a");
        NodeClasses busy = new NodeClasses(List.of(shortRuns, longRuns));
        var r = (GangPlacer.Result.Placed) placer.place(busy, List.of(new GangPlacer.PodGroup("main", 1, ONE_GPU)),
                new ExpectedEnd(H, H / 2));
        assertThat(r.pods().get(0).node()).as("a drains at 2 h, b at 100 h").isEqualTo("a");
    }

    @Test
    void nodesDrainingAtTheSameInstantGoByBinPackingThenName() {
        NodeState fuller = node("d");
        fuller.allocate(ONE_GPU, DeviceChooser.TIGHTEST, 2 * H);
        fuller.allocate(ONE_GPU, DeviceChooser.TIGHTEST, 2 * H);
        NodeClasses alike = new NodeClasses(List.of(shortRuns, fuller));
        var r = (GangPlacer.Result.Placed) placer.place(alike, List.of(new GangPlacer.PodGroup("main", 1, ONE_GPU)),
                new ExpectedEnd(0, H));
        assertThat(r.pods().get(0).node()).as("both drain at 2 h; d is fuller").isEqualTo("d");
        GangPlacer.release(r.allocations());

        NodeState twin = node("e");
        twin.allocate(ONE_GPU, DeviceChooser.TIGHTEST, 2 * H);
        var s = (GangPlacer.Result.Placed) placer.place(new NodeClasses(List.of(twin, shortRuns)),
                List.of(new GangPlacer.PodGroup("main", 1, ONE_GPU)), new ExpectedEnd(0, H));
        assertThat(s.pods().get(0).node()).as("alike in all: the first by name").isEqualTo("a");
    }

    @Test
    void aRunTimeTooLongToAddEndsNeverRatherThanWrapping() {
        assertThat(ExpectedEnd.of(H, H, java.util.OptionalLong.of(Long.MAX_VALUE)).endMillis()).isEqualTo(ExpectedEnd.UNKNOWN);
        assertThat(ExpectedEnd.of(H, H, java.util.OptionalLong.empty()).endMillis()).isEqualTo(ExpectedEnd.UNKNOWN);
        assertThat(ExpectedEnd.of(2 * H, H, java.util.OptionalLong.of(H)).endMillis()).as("counted from the start")
                .isEqualTo(2 * H);
    }
}
