package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbNode;
import dev.muster.sim.trace.OpenbPod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.placement.GpuRequest;
import dev.muster.core.placement.NodeState;
import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.placement.PodShape;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Openb nodes and pods in Muster's placement model: GPU models as labels and affinity, tie-break ranks as names. */
class MusterSchedulerTest {

    private static final List<OpenbNode> NODES = List.of(
            new OpenbNode("n-g2", 96_000, 393_216, 8, "G2"),
            new OpenbNode("n-t4", 104_000, 524_288, 2, "T4"));

    @Test
    void podsBecomeShapesWithTheirGpuRequestAndTheirGpuModelsAsRequiredAffinity() {
        PodShape shared = MusterScheduler.podShape(new OpenbPod("p", 6_000, 12_288, 1, 460, List.of("T4", "P100")));
        assertThat(shared.gpu()).isEqualTo(new GpuRequest.Fraction(460));
        assertThat(shared.requests().get("cpu").milli()).isEqualTo(6_000);
        assertThat(shared.requests().get("memory").milli()).isEqualTo(12_288L * 1024 * 1024 * 1000);
        assertThat(shared.requiredAffinity()).singleElement().satisfies(term ->
                assertThat(term.matchExpressions()).singleElement().satisfies(r -> {
                    assertThat(r.key()).isEqualTo(MusterScheduler.GPU_MODEL_LABEL);
                    assertThat(r.operator()).isEqualTo("In");
                    assertThat(r.values()).containsExactly("T4", "P100");
                }));
        assertThat(MusterScheduler.podShape(new OpenbPod("w", 8_000, 1, 4, 1_000, List.of())).gpu())
                .isEqualTo(new GpuRequest.Whole(4));
        assertThat(MusterScheduler.podShape(new OpenbPod("c", 8_000, 1, 0, 0, List.of())).gpu()).isEqualTo(GpuRequest.NONE);
    }

    @Test
    void aGpuSpecKeepsThePodOnNodesOfItsModelsAndNodesAreNamedByRank() {
        MusterScheduler scheduler = new MusterScheduler(NODES, new int[] {7, 3}, PlacementPolicy.DEFAULT);
        assertThat(scheduler.nodes()).extracting(NodeState::name).containsExactly("0007-n-g2", "0003-n-t4");
        NodeState g2 = scheduler.place(MusterScheduler.podShape(new OpenbPod("a", 1_000, 1, 1, 1_000, List.of("G2"))));
        assertThat(g2.spec().gpuModel()).isEqualTo("G2");
        // bin-packing would put the next one beside it; its spec allows only T4
        NodeState t4 = scheduler.place(MusterScheduler.podShape(new OpenbPod("b", 1_000, 1, 1, 1_000, List.of("T4"))));
        assertThat(t4.spec().gpuModel()).isEqualTo("T4");
        assertThat(scheduler.place(MusterScheduler.podShape(new OpenbPod("c", 1_000, 1, 1, 1_000, List.of("A100"))))).isNull();
    }

    @Test
    void equalScoresGoToTheSmallestRank() {
        PodShape pod = MusterScheduler.podShape(new OpenbPod("p", 1_000, 1, 1, 1_000, List.of()));
        List<OpenbNode> twins = List.of(new OpenbNode("a", 8_000, 1_024, 1, "T4"), new OpenbNode("b", 8_000, 1_024, 1, "T4"));
        assertThat(new MusterScheduler(twins, new int[] {1, 0}, PlacementPolicy.DEFAULT).place(pod).name()).isEqualTo("0000-b");
        assertThat(new MusterScheduler(twins, new int[] {0, 1}, PlacementPolicy.DEFAULT).place(pod).name()).isEqualTo("0000-a");
    }
}
