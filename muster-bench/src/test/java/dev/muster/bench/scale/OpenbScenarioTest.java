package dev.muster.bench.scale;

import dev.muster.sim.trace.OpenbPod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.bench.placement.DataFolder;
import dev.muster.bench.placement.MusterScheduler;
import dev.muster.bench.placement.OpenbSample;
import dev.muster.core.model.PodSet;
import dev.muster.core.quantity.Quantity;
import dev.muster.sim.report.Report;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * openb as a KAI scenario at reduced size (5 % of the nodes, the pods sampled to 130 % of their
 * GPUs): the manifests say what the trace says, and the scenario runs through muster-sim's
 * Simulation to valid placements. Skipped when there is no shared/data folder above the working directory.
 */
class OpenbScenarioTest {

    private static final double SCALE = 0.05;
    private static final long MIB = 1024L * 1024L;

    private static OpenbSample sample;

    @BeforeAll
    static void sample() {
        Optional<Path> data = DataFolder.fromWorkingDirectory();
        assumeTrue(data.isPresent(), "no shared/data above the working directory");
        sample = OpenbScenarioCommand.sample(data.get(), "default", 42, SCALE);
    }

    @Test
    void theManifestsHoldTheSampledNodesAndOnePodPerArrivalWithTheTracesRequests(@TempDir Path dir) throws Exception {
        OpenbScenarioWriter.write(sample, dir);
        Scenario scenario = ScenarioLoader.load(List.of(dir), ScenarioLoader.DEFAULT_SEED);

        assertThat(sample.nodes()).hasSize(61);
        assertThat(scenario.otherObjects("Node")).extracting(n -> n.name())
                .containsExactlyElementsOf(sample.nodes().stream().map(OpenbSample.RankedNode::name).toList());
        assertThat(scenario.kaiQueues()).extracting(q -> q.name())
                .containsExactly(OpenbScenarioWriter.PARENT_QUEUE, OpenbScenarioWriter.QUEUE);
        assertThat(scenario.musterSettings().placement().learnsWorkload())
                .as("placement.gpu: fragmentation, what openb needs").isTrue();

        assertThat(scenario.workloads()).hasSameSizeAs(sample.arrivals());
        for (int i = 0; i < sample.arrivals().size(); i++) {
            OpenbPod pod = sample.arrivals().get(i);
            WorkloadSource w = scenario.workloads().get(i);
            assertThat(w.key().name()).isEqualTo(pod.name());
            assertThat(w.kaiQueue()).contains(OpenbScenarioWriter.QUEUE);
            assertThat(scenario.run(w).arrivalMillis()).isEqualTo(i);
            assertThat(w.podSets()).hasSize(1);
            assertRequestsOf(w.podSets().get(0), pod);
        }
    }

    private static void assertRequestsOf(PodSet podSet, OpenbPod pod) {
        assertThat(podSet.count()).isEqualTo(1);
        assertThat(podSet.perPod().get("cpu")).isEqualTo(Quantity.ofMilli(pod.cpuMilli()));
        assertThat(podSet.perPod().get("memory")).isEqualTo(Quantity.ofUnits(pod.memoryMib() * MIB));
        // a KAI pod's gpu-fraction is charged to its queue as that share of nvidia.com/gpu
        assertThat(podSet.perPod().get("nvidia.com/gpu")).isEqualTo(Quantity.ofMilli(pod.totalGpuMilli()));
        assertThat(podSet.hints().gpuFractionMilli()).isEqualTo(pod.sharesGpu() ? pod.gpuMilli() : 0);
        if (pod.gpuSpec().isEmpty()) {
            assertThat(podSet.hints().requiredAffinity()).isEmpty();
        } else {
            assertThat(podSet.hints().requiredAffinity()).singleElement().satisfies(term ->
                    assertThat(term.toString()).contains(MusterScheduler.GPU_MODEL_LABEL));
        }
    }

    @Test
    void throughTheSimulationEveryPodIsPlacedValidlyOrWaitsWithAReason() {
        OpenbThroughEngine.Run run = OpenbThroughEngine.run(sample);
        Map<String, OpenbPod> pods = sample.arrivals().stream().collect(Collectors.toMap(OpenbPod::name, Function.identity()));
        Map<String, OpenbSample.RankedNode> nodes = sample.nodes().stream()
                .collect(Collectors.toMap(OpenbSample.RankedNode::name, Function.identity()));

        assertThat(run.report().workloads()).hasSameSizeAs(sample.arrivals());
        NodeUse use = new NodeUse();
        for (Report.WorkloadReport w : run.report().workloads()) {
            OpenbPod pod = pods.get(w.name());
            if (w.state().equals("Admitted")) {
                assertThat(w.pods()).singleElement().satisfies(p -> {
                    OpenbSample.RankedNode node = nodes.get(p.node());
                    assertThat(node).as("node of %s", w.name()).isNotNull();
                    assertThat(pod.gpuSpec().isEmpty() || pod.gpuSpec().contains(node.node().model()))
                            .as("%s (models %s) on a %s", w.name(), pod.gpuSpec(), node.node().model()).isTrue();
                    use.add(node, pod, p);
                });
            } else {
                assertThat(w.state()).isEqualTo("Pending");
                assertThat(w.pods()).isNullOrEmpty();
                assertThat(w.message()).as("why %s waits", w.name()).isNotBlank();
            }
        }
        use.assertWithinCapacity();

        ReportAllocation a = run.allocation();
        assertThat(a.placed()).isPositive();
        assertThat(a.pending()).isPositive(); // 130 % of the GPUs arrive: not everything fits
        assertThat(a.placedLate()).isZero();
        assertThat(a.allocatedMilli()).isEqualTo(a.requestedPlacedMilli());
        assertThat(a.allocationAtEnd()).isBetween(60.0, 100.0);
        assertThat(a.allocationAtFinal()).isBetween(60.0, 100.0);
    }

    /** What the placed pods take of each node: cpu, memory, and each GPU device's share. */
    private static final class NodeUse {
        private final Map<String, long[]> cpuAndMemory = new HashMap<>();
        private final Map<String, Map<Integer, Long>> deviceMilli = new HashMap<>();
        private final Map<String, OpenbSample.RankedNode> nodes = new HashMap<>();

        void add(OpenbSample.RankedNode node, OpenbPod pod, Report.PodReport placed) {
            nodes.put(node.name(), node);
            long[] cm = cpuAndMemory.computeIfAbsent(node.name(), k -> new long[2]);
            cm[0] += pod.cpuMilli();
            cm[1] += pod.memoryMib();
            Map<Integer, Long> devices = deviceMilli.computeIfAbsent(node.name(), k -> new HashMap<>());
            List<Integer> taken = placed.gpuDevices() == null ? List.of() : placed.gpuDevices();
            if (pod.sharesGpu()) {
                assertThat(taken).hasSize(1);
                assertThat(placed.gpuFraction()).isEqualTo(pod.gpuMilli() / 1000.0);
                devices.merge(taken.get(0), pod.gpuMilli(), Long::sum);
            } else {
                assertThat(taken).hasSize(pod.numGpu()).doesNotHaveDuplicates();
                taken.forEach(d -> devices.merge(d, 1000L, Long::sum));
            }
        }

        void assertWithinCapacity() {
            assertThat(nodes).isNotEmpty();
            for (OpenbSample.RankedNode n : nodes.values()) {
                long[] cm = cpuAndMemory.get(n.name());
                assertThat(cm[0]).as("cpu on %s", n.name()).isLessThanOrEqualTo(n.node().cpuMilli());
                assertThat(cm[1]).as("memory on %s", n.name()).isLessThanOrEqualTo(n.node().memoryMib());
                deviceMilli.get(n.name()).forEach((device, milli) -> {
                    assertThat(device).as("device on %s", n.name()).isBetween(0, n.node().gpus() - 1);
                    assertThat(milli).as("GPU %d of %s", device, n.name()).isLessThanOrEqualTo(1000L);
                });
            }
        }
    }
}
