package dev.muster.sim.autoscaler;

import dev.muster.api.cluster.NodePoolSpec;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Taint;
import dev.muster.core.model.Toleration;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.GpuRequest;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.PodShape;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How many nodes of a pool a request needs, and when no number of them will do. */
class NodeCountEstimateTest {

    private static final Taint GPU_TAINT = new Taint("nvidia.com/gpu", "present", "NoSchedule");

    /** g2-standard-4: 4 cpu, 16Gi, one GPU, tainted. */
    private static NodePoolSpec pool(int maxNodes) {
        NodeSpec template = new NodeSpec("t", Map.of(), List.of(GPU_TAINT), false, new ResourceList(Map.of(
                "cpu", Quantity.ofUnits(4), "memory", Quantity.parse("16Gi"), NodeSpec.GPU, Quantity.ofUnits(1))), 0, "");
        return new NodePoolSpec("gpu-pool", 0, maxNodes, 60_000, Optional.of("queued"), 0, 600_000, template);
    }

    private static GangPlacer.PodGroup pods(String name, int count, long cpu, int gpus, boolean tolerates) {
        List<Toleration> tolerations = tolerates
                ? List.of(new Toleration("nvidia.com/gpu", "Exists", "", "NoSchedule")) : List.of();
        PodShape shape = new PodShape(new ResourceList(Map.of("cpu", Quantity.ofUnits(cpu))),
                gpus == 0 ? GpuRequest.NONE : new GpuRequest.Whole(gpus), Map.of(), List.of(), tolerations);
        return new GangPlacer.PodGroup(name, count, shape);
    }

    private final NodeCountEstimate estimate = new NodeCountEstimate();

    @Test
    void oneNodePerOneGpuPod() {
        assertThat(estimate.estimate(pool(10), List.of(pods("workers", 4, 2, 1, true)), 10))
                .isEqualTo(new NodeCountEstimate.Result.Nodes(4));
    }

    @Test
    void cpuPodsShareNodesUpToTheirCpu() {
        // Five 1-cpu pods and a 2-cpu pod: 7 cpu on 4-cpu nodes needs 2 nodes.
        assertThat(estimate.estimate(pool(10), List.of(pods("a", 5, 1, 0, true), pods("b", 1, 2, 0, true)), 10))
                .isEqualTo(new NodeCountEstimate.Result.Nodes(2));
    }

    @Test
    void moreNodesThanThePoolMayHaveIsNever() {
        assertThat(estimate.estimate(pool(3), List.of(pods("workers", 4, 2, 1, true)), 3))
                .isInstanceOfSatisfying(NodeCountEstimate.Result.Never.class,
                        n -> assertThat(n.reason()).contains("needs at least 4 nodes, and pool gpu-pool may have at most 3 (maxNodes)"));
    }

    @Test
    void aPodBiggerThanANodeOrNotToleratingItsTaintIsNever() {
        assertThat(estimate.estimate(pool(10), List.of(pods("head", 1, 2, 2, true)), 10))
                .isInstanceOfSatisfying(NodeCountEstimate.Result.Never.class,
                        n -> assertThat(n.reason()).contains("asks for more nvidia.com/gpu (2) than a whole node of pool gpu-pool has"));
        assertThat(estimate.estimate(pool(10), List.of(pods("head", 1, 2, 1, false)), 10))
                .isInstanceOfSatisfying(NodeCountEstimate.Result.Never.class,
                        n -> assertThat(n.reason()).contains("taint nvidia.com/gpu=present:NoSchedule not tolerated"));
    }
}
