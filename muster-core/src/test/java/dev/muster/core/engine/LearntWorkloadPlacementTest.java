package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.placement.PlacementPolicy.Strategy;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * With {@code gpu: fragmentation} the engine learns the workload to keep room for from the workloads
 * submitted to it, pending ones included, and places GPU pods by it; bin-packing does not look.
 *
 * <p>Nodes: {@code a} with 2 free GPUs, {@code b} with 3. Ten workloads of one 2-GPU pod wait in a
 * queue without GPU quota; then a 1-GPU pod comes to a queue that has it. Bin-packing puts it on
 * {@code a} (half full after it, {@code b} a third), where the GPU left takes none of the waiting
 * pods. The learnt workload (mostly 2-GPU pods) puts it on {@code b}, whose 2 GPUs left still take
 * one, and {@code a} keeps both of its own.
 */
class LearntWorkloadPlacementTest {

    private static final String GPU = NodeSpec.GPU;

    private static ClusterQueueSpec queue(String name, long gpus) {
        return new ClusterQueueSpec(name, Optional.empty(),
                List.of(new ResourceGroup(List.of("cpu", GPU), List.of(new FlavorQuotas("default", List.of(
                        ResourceQuota.nominal("cpu", Quantity.ofUnits(100)),
                        ResourceQuota.nominal(GPU, Quantity.ofUnits(gpus))))))),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT);
    }

    private static NodeSpec node(String name, int gpus) {
        return new NodeSpec(name, Map.of(), List.of(), false,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(32), GPU, Quantity.ofUnits(gpus))), 0, "");
    }

    private static Workload gpuWorkload(String queue, String name, int gpus, long seq) {
        return new Workload(new ObjectKey(queue, name), "main", 0, seq, seq, List.of(PodSet.of("main", 1,
                new ResourceList(Map.of("cpu", Quantity.ofUnits(1), GPU, Quantity.ofUnits(gpus))))));
    }

    private static Engine engine(PlacementPolicy placement) {
        AdmissionSettings settings = new AdmissionSettings(false, List.of(), PodsReadyPolicy.DISABLED,
                AdmissionSettings.DEFAULT_STALE_GANG_GRACE_MILLIS, placement);
        return new Engine(EngineSetup.kueue(List.of(queue("waiting", 0), queue("running", 10)), List.of(),
                List.of(new LocalQueueSpec(new ObjectKey("waiting", "main"), "waiting"),
                        new LocalQueueSpec(new ObjectKey("running", "main"), "running")),
                List.of(), settings).withNodes(List.of(node("a", 2), node("b", 3)), List.of()));
    }

    /** Where the 1-GPU pod goes after ten 2-GPU workloads were submitted (and wait for quota). */
    private static String nodeOfOneGpuPod(PlacementPolicy placement) {
        Engine engine = engine(placement);
        for (int i = 0; i < 10; i++) {
            engine.submit(gpuWorkload("waiting", "two-" + i, 2, i));
        }
        engine.schedule(0);
        Workload one = gpuWorkload("running", "one", 1, 10);
        engine.submit(one);
        engine.schedule(1);
        return engine.pods(one.key()).get(0).node();
    }

    @Test
    void theFragmentationStrategyKeepsRoomForTheWorkloadItSawArrive() {
        assertThat(nodeOfOneGpuPod(PlacementPolicy.fragmentation(Strategy.BINPACK, 100))).isEqualTo("b");
    }

    @Test
    void binPackingTakesTheFullestNodeWhateverArrived() {
        assertThat(nodeOfOneGpuPod(PlacementPolicy.DEFAULT)).isEqualTo("a");
    }

    @Test
    void withAWindowOfOnePodOnlyTheLatestArrivalIsExpected() {
        // the window holds only the 1-GPU pod itself: nothing of the 2-GPU pods is expected, and a
        // 1-GPU pod fits wherever one GPU is free, so the gradient ties and bin-packing decides
        assertThat(nodeOfOneGpuPod(PlacementPolicy.fragmentation(Strategy.BINPACK, 1))).isEqualTo("a");
    }
}
