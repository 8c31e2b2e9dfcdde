package dev.muster.bench.backfill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The floor of a gang's wait, worked out by hand on nodes of 8 GPUs. */
class DrainFloorTest {

    private static NodeHolds.Hold hold(String node, int gpus, long from, long until) {
        return new NodeHolds.Hold("j", node, gpus, from, until);
    }

    @Test
    void aGangThatFitsAtItsCreationHasNoFloor() {
        // two empty nodes, a gang of two pods of 8
        assertThat(DrainFloor.seconds(List.of(), 2, 8, new GangShape(2, 8), 5_000)).isZero();
        // a node with 2 of 8 busy still takes a pod of 6
        assertThat(DrainFloor.seconds(List.of(hold("a", 2, 0, 99_000)), 2, 8, new GangShape(2, 6), 5_000)).isZero();
    }

    /**
     * Created at 1 s. Node a: 1 GPU until 11 s. Node b: 4 GPUs until 6 s and 2 until 21 s. Two pods
     * of 8 need both nodes empty: b empties last, at 21 s, 20 s after the creation.
     */
    @Test
    void aGangOfWholeNodesWaitsForTheLastOfItsNodesToEmpty() {
        List<NodeHolds.Hold> holds = List.of(hold("a", 1, 0, 11_000), hold("b", 4, 0, 6_000), hold("b", 2, 500, 21_000));

        assertThat(DrainFloor.seconds(holds, 2, 8, new GangShape(2, 8), 1_000)).isEqualTo(20.0);
        // one pod of 8 needs only the first node to empty: a at 11 s
        assertThat(DrainFloor.seconds(holds, 2, 8, new GangShape(1, 8), 1_000)).isEqualTo(10.0);
        // with a third node, empty, the gang needs only a to empty as well: at 11 s
        assertThat(DrainFloor.seconds(holds, 3, 8, new GangShape(2, 8), 1_000)).isEqualTo(10.0);
    }

    /**
     * Created at 1 s, pods of 6 GPUs. Node a has 2 busy until 100 s: room for one pod now. Node b
     * has 3 busy until 30 s and 1 until 40 s: 4 free now, 7 from 30 s, so room for the second pod
     * from 30 s, 29 s after the creation.
     */
    @Test
    void podsSmallerThanANodeNeedOnlyTheirGpusFree() {
        List<NodeHolds.Hold> holds = List.of(hold("a", 2, 0, 100_000), hold("b", 3, 0, 30_000), hold("b", 1, 0, 40_000));

        assertThat(DrainFloor.seconds(holds, 2, 8, new GangShape(2, 6), 1_000)).isEqualTo(29.0);
    }

    @Test
    void holdsTakenAtTheCreationInstantOrGivenBackByItDoNotCount() {
        // a hold taken at 5 s, the gang's own instant: a scheduler could have chosen the gang instead
        // a hold given back at 5 s: its GPUs are free when the gang is tried
        List<NodeHolds.Hold> holds = List.of(hold("a", 8, 5_000, 50_000), hold("b", 8, 0, 5_000));

        assertThat(DrainFloor.seconds(holds, 2, 8, new GangShape(2, 8), 5_000)).isZero();
    }

    @Test
    void holdsEndingAtTheSameInstantFreeTheirGpusTogether() {
        List<NodeHolds.Hold> holds = List.of(hold("a", 4, 0, 9_000), hold("a", 4, 0, 9_000), hold("b", 8, 0, 12_000));

        assertThat(DrainFloor.seconds(holds, 2, 8, new GangShape(1, 8), 1_000)).isEqualTo(8.0);
    }

    @Test
    void aGangNoClusterOfThisSizeCanHoldIsRefused() {
        assertThatThrownBy(() -> DrainFloor.seconds(List.of(), 2, 8, new GangShape(3, 8), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("never fits 2 nodes of 8");
    }
}
