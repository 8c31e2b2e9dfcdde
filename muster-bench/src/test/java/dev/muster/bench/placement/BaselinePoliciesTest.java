package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbPod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Each baseline's choice on a tiny hand-made cluster, worked out from the simulator's formulas.
 *
 * <pre>
 * node  rank  cpu (left)    GPUs (milli left)           pods on it
 * A     0     32 (32)       1000 1000                   none
 * B     1     64 (60)       500 1000 1000 ... (8)       one 500-milli pod, 4 cpu
 * C     2     16 (4)        0 0 0 1000                  three 1-GPU pods, 4 cpu each
 * D     3     2 (2)         1000                        none (too little cpu for the pods below)
 * </pre>
 * The pod weighed is a 250-milli shared-GPU pod with 4 cpu.
 */
class BaselinePoliciesTest {

    private static final boolean[] ANY = {true};

    private static SimPod pod(long cpu, int numGpu, long gpuMilli, int shape) {
        return new SimPod(new OpenbPod("p", cpu, 1_024, numGpu, gpuMilli, List.of()), cpu, 1_024, numGpu, gpuMilli, ANY, shape);
    }

    private static final SimPod QUARTER = pod(4_000, 1, 250, 0);

    private static List<SimNode> cluster() {
        SimNode a = new SimNode(0, "A", 0, 0, 32_000, 131_072, 2);
        SimNode b = new SimNode(1, "B", 1, 0, 64_000, 262_144, 8);
        b.allocate(pod(4_000, 1, 500, 1), 0);
        SimNode c = new SimNode(2, "C", 2, 0, 16_000, 65_536, 4);
        for (int i = 0; i < 3; i++) {
            c.allocate(pod(4_000, 1, 1_000, 2), -1);
        }
        SimNode d = new SimNode(3, "D", 3, 0, 2_000, 65_536, 1);
        return List.of(a, b, c, d);
    }

    private static String choice(BaselinePolicy policy, SimPod pod) {
        SimNode n = new BaselineScheduler(cluster(), policy, new SplittableRandom(1)).place(pod);
        return n == null ? "none" : n.name();
    }

    @Test
    void theFiltersLeaveOutNodesWithoutCpuOrTheRightGpuModel() {
        List<SimNode> nodes = cluster();
        assertThat(nodes.get(3).fits(QUARTER)).as("D has 2 cpu").isFalse();
        assertThat(nodes.get(2).fits(QUARTER)).as("C has exactly 4 cpu and one free device").isTrue();
        SimPod otherModel = new SimPod(QUARTER.source(), 4_000, 1_024, 1, 250, new boolean[] {false}, 0);
        assertThat(nodes.get(0).fits(otherModel)).isFalse();
        assertThat(nodes.get(2).fits(pod(4_000, 2, 1_000, 3))).as("one free device for two").isFalse();
    }

    @Test
    void bestFitTakesTheNodeWithTheLeastLeftAfterThePod() {
        // A: 1 - 0.5*28/128 - 0.5*1750/8000 = 0.78 -> 78; B: 1 - 0.21875 - 0.453125 -> 32; C: 1 - 0 - 0.046875 -> 95
        List<SimNode> nodes = cluster();
        BestFitPolicy p = new BestFitPolicy();
        assertThat(nodes.subList(0, 3)).extracting(n -> p.score(n, QUARTER)).containsExactly(78L, 32L, 95L);
        assertThat(choice(p, QUARTER)).isEqualTo("C");
    }

    @Test
    void dotProductPrefersLittleFreeAlongTheRequestAndTiesGoToTheSmallestRank() {
        // dot/2 of [free cpu/128, free GPU/8] and [4/128, 0.25/8]: A 0.0078 -> 99, B 0.0220 -> 97, C 0.0024 -> 99
        List<SimNode> nodes = cluster();
        DotProductPolicy p = new DotProductPolicy();
        assertThat(nodes.subList(0, 3)).extracting(n -> p.score(n, QUARTER)).containsExactly(99L, 97L, 99L);
        assertThat(choice(p, QUARTER)).as("A and C tie at 99; A has rank 0").isEqualTo("A");
    }

    @Test
    void gpuPackingPrefersSharedDevicesThenUsedNodesThenFreeNodes() {
        // A: all free, 33 - 2 = 31; B: device 0 (500 left) fits, 100 - 50/10 = 95; C: only a free device, 50 - 1 = 49
        List<SimNode> nodes = cluster();
        GpuPackingPolicy p = new GpuPackingPolicy();
        assertThat(nodes.subList(0, 3)).extracting(n -> p.score(n, QUARTER)).containsExactly(31L, 95L, 49L);
        assertThat(choice(p, QUARTER)).isEqualTo("B");
        // two whole GPUs: A is all free (31), B used with 7 free (50 - 2 = 48); C has one free device only
        SimPod two = pod(4_000, 2, 1_000, 3);
        assertThat(choice(p, two)).isEqualTo("B");
        assertThat(p.score(nodes.get(0), pod(1_000, 0, 0, 4))).as("no GPU, no preference").isZero();
    }

    @Test
    void gpuClusteringKeepsPodsWithTheSameGpuAffinityTogether() {
        // A: no GPU pods, 25 + 25*6000/8000 = 43; B: only shared-GPU pods, 75 + 25*500/8000 = 76; C: 1-GPU pods only, 0 + 21
        List<SimNode> nodes = cluster();
        GpuClusteringPolicy p = new GpuClusteringPolicy();
        assertThat(nodes.subList(0, 3)).extracting(n -> p.score(n, QUARTER)).containsExactly(43L, 76L, 21L);
        assertThat(choice(p, QUARTER)).isEqualTo("B");
        assertThat(choice(p, pod(4_000, 1, 1_000, 2))).as("a 1-GPU pod joins C's").isEqualTo("C");
    }

    @Test
    void randomDrawsAmongFeasibleNodesOnly() {
        Set<String> chosen = new HashSet<>();
        for (int seed = 0; seed < 60; seed++) {
            SimNode n = new BaselineScheduler(cluster(), new RandomPolicy(), new SplittableRandom(seed)).place(QUARTER);
            chosen.add(n.name());
        }
        assertThat(chosen).containsExactlyInAnyOrder("A", "B", "C");
    }

    @Test
    void fgdTakesTheNodeAndDeviceThatGrowFragmentationTheLeast() {
        // typical pods: half 250-milli shared (4 cpu), half 1 GPU (4 cpu)
        List<TypicalPods.Shape> typical = List.of(new TypicalPods.Shape(4_000, 250, 1, "", 0.5),
                new TypicalPods.Shape(4_000, 1_000, 1, "", 0.5));
        FgdPolicy fgd = new FgdPolicy(typical, List.of("X"), 4, 1);
        List<SimNode> nodes = cluster();
        // fragmentation before/after: A 0 -> 375 (the 750 left is too small for a whole GPU), sigmoid(-0.375) -> 40;
        // B 250 -> 125 on device 0 (its 500 becomes 250, still fine for shared pods), sigmoid(0.125) -> 53;
        // C 0 -> 750 (no cpu left for anything), sigmoid(-0.75) -> 32
        assertThat(fgd.fragmentation(0, 32_000, new int[] {1_000, 1_000})).isEqualTo(0.0);
        assertThat(fgd.fragmentation(0, 60_000, new int[] {500, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000}))
                .isCloseTo(250, within(1e-9));
        assertThat(nodes.subList(0, 3)).extracting(n -> fgd.score(n, QUARTER)).containsExactly(40L, 53L, 32L);
        assertThat(fgd.shareDevice(nodes.get(1), QUARTER, null)).isZero();
        SimNode chosen = new BaselineScheduler(nodes, fgd, new SplittableRandom(1)).place(QUARTER);
        assertThat(chosen.name()).isEqualTo("B");
        assertThat(chosen.gpuLeft(0)).isEqualTo(250);
    }

    @Test
    void typicalPodsAreTheMostFrequentShapesCovering95PercentRenormalised() {
        List<OpenbPod> pods = new java.util.ArrayList<>();
        for (int i = 0; i < 60; i++) {
            pods.add(new OpenbPod("a" + i, 4_000, 1, 1, 1_000, List.of()));
        }
        for (int i = 0; i < 36; i++) {
            pods.add(new OpenbPod("b" + i, 2_000, 1, 1, 500, List.of("T4")));
        }
        for (int i = 0; i < 4; i++) {
            pods.add(new OpenbPod("c" + i, 8_000, 1, 0, 0, List.of()));
        }
        List<TypicalPods.Shape> typical = TypicalPods.of(pods);
        // 60 % and 36 % make 96 %: the cpu-only shape is cut, the two kept are renormalised
        assertThat(typical).extracting(TypicalPods.Shape::gpuMilli).containsExactly(1_000L, 500L);
        assertThat(typical.get(0).frequency()).isCloseTo(0.625, within(1e-12));
        assertThat(typical.get(1).frequency()).isCloseTo(0.375, within(1e-12));
        assertThat(typical.get(1).gpuSpec()).isEqualTo("T4");
    }
}
