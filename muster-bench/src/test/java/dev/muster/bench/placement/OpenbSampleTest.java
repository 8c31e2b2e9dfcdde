package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbNode;
import dev.muster.sim.trace.OpenbPod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The sample a generated openb scenario is made of is the placement benchmark's, at full size and reduced. */
class OpenbSampleTest {

    private static final List<OpenbNode> NODES = List.of(
            new OpenbNode("n-c", 32_000, 65_536, 2, "T4"),
            new OpenbNode("n-a", 64_000, 262_144, 8, "G2"),
            new OpenbNode("n-d", 96_000, 393_216, 8, "V100M32"),
            new OpenbNode("n-b", 64_000, 262_144, 4, "P100"));

    private static final List<OpenbPod> PODS = List.of(
            new OpenbPod("p-1", 4_000, 8_192, 1, 500, List.of()),
            new OpenbPod("p-2", 8_000, 16_384, 2, 1000, List.of("G2")),
            new OpenbPod("p-3", 2_000, 4_096, 0, 0, List.of()),
            new OpenbPod("p-4", 16_000, 32_768, 1, 1000, List.of("T4", "P100")));

    @Test
    void atFullSizeTheArrivalsAndNodeNamesAreThePlacementExperimentsForTheSeed() {
        OpenbSample sample = OpenbSample.of("default", NODES, PODS, 42, 1.0);

        PlacementExperiment.Streams streams = PlacementExperiment.Streams.of(42);
        List<OpenbPod> expectedArrivals = Arrivals.of(PODS, 22_000, PlacementExperiment.TUNE_RATIO, streams.arrivals());
        int[] ranks = PlacementExperiment.ranks(NODES.size(), streams.ranks());
        List<OpenbNode> byName = NODES.stream().sorted(java.util.Comparator.comparing(OpenbNode::name)).toList();

        assertThat(sample.capacityMilli()).isEqualTo(22_000);
        assertThat(sample.arrivals()).isEqualTo(expectedArrivals);
        assertThat(sample.nodes()).extracting(OpenbSample.RankedNode::node).isEqualTo(byName);
        for (int i = 0; i < byName.size(); i++) {
            assertThat(sample.nodes().get(i).name())
                    .isEqualTo(MusterScheduler.nodeSpec(byName.get(i), ranks[i]).name())
                    .startsWith(String.format("%04d-", ranks[i]));
        }
    }

    @Test
    void aReducedSampleKeepsTheLowestRankedNodesAndInflatesToTheirCapacity() {
        OpenbSample full = OpenbSample.of("default", NODES, PODS, 7, 1.0);
        OpenbSample half = OpenbSample.of("default", NODES, PODS, 7, 0.5);

        assertThat(half.nodes()).hasSize(2).allSatisfy(n -> assertThat(n.rank()).isLessThan(2));
        assertThat(full.nodes()).containsAll(half.nodes());
        long capacity = half.nodes().stream().mapToLong(n -> 1000L * n.node().gpus()).sum();
        assertThat(half.capacityMilli()).isEqualTo(capacity);
        long arrived = half.arrivals().stream().mapToLong(OpenbPod::totalGpuMilli).sum();
        assertThat(arrived).isLessThanOrEqualTo((long) (1.3 * capacity));
        assertThat(half.arrivals()).isEqualTo(
                Arrivals.of(PODS, capacity, 1.3, PlacementExperiment.Streams.of(7).arrivals()));
    }

    @Test
    void theSameSeedGivesTheSameSampleAndAScaleOutsideZeroToOneIsRefused() {
        assertThat(OpenbSample.of("default", NODES, PODS, 3, 0.75)).isEqualTo(OpenbSample.of("default", NODES, PODS, 3, 0.75));
        assertThatThrownBy(() -> OpenbSample.of("default", NODES, PODS, 3, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OpenbSample.of("default", NODES, PODS, 3, 1.5)).isInstanceOf(IllegalArgumentException.class);
    }
}
