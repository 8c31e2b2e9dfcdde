package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbCsv;
import dev.muster.sim.trace.OpenbNode;
import dev.muster.sim.trace.OpenbPod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The loaders on the real files (skipped when there is no shared/data folder above the working
 * directory): the counts data/README.md states, and the FGD paper's published means.
 */
class OpenbDataTest {

    private static Path data;

    @BeforeAll
    static void findData() {
        Optional<Path> found = DataFolder.fromWorkingDirectory();
        assumeTrue(found.isPresent(), "no shared/data above the working directory");
        data = found.get();
    }

    @Test
    void theGpuNodeListHas1213NodesAnd6212Gpus() {
        List<OpenbNode> nodes = OpenbCsv.readNodes(data.resolve(OpenbCsv.NODE_LIST));
        assertThat(nodes).hasSize(1_213);
        assertThat(nodes.stream().mapToInt(OpenbNode::gpus).sum()).isEqualTo(6_212);
        assertThat(nodes.get(0)).isEqualTo(new OpenbNode("openb-node-0000", 64_000, 262_144, 2, "P100"));
        assertThat(nodes).extracting(OpenbNode::model).contains("G2", "T4", "V100M32", "A10");
    }

    @Test
    void theDefaultPodListHas8152RowsWithSharedAndMultiGpuPods() {
        List<OpenbPod> pods = OpenbCsv.readPods(OpenbCsv.podList(data, "default"));
        assertThat(pods).hasSize(8_152);
        assertThat(pods.get(1)).isEqualTo(new OpenbPod("openb-pod-0001", 6_000, 12_288, 1, 460, List.of()));
        assertThat(pods.stream().filter(OpenbPod::sharesGpu).count()).isEqualTo(3_078);
        assertThat(pods.stream().filter(p -> p.numGpu() == 0).count()).isEqualTo(1_088);
        assertThat(pods.stream().filter(p -> p.numGpu() == 8).count()).isEqualTo(44);
    }

    @Test
    void gpuSpecsSplitIntoModelsAndListsWithoutTheColumnReadAsAnyModel() {
        List<OpenbPod> spec = OpenbCsv.readPods(OpenbCsv.podList(data, "gpuspec33"));
        assertThat(spec.stream().filter(p -> !p.gpuSpec().isEmpty()).count()).isEqualTo(2_388);
        assertThat(spec).anySatisfy(p -> assertThat(p.gpuSpec()).containsExactly("V100M16", "V100M32"));
        List<OpenbPod> multi = OpenbCsv.readPods(OpenbCsv.podList(data, "multigpu50"));
        assertThat(multi).hasSize(9_061).allSatisfy(p -> assertThat(p.gpuSpec()).isEmpty());
    }

    @Test
    void thePublishedMeansForTheDefaultListAreTheOnesInTheReadme() {
        PublishedResults published = PublishedResults.read(data.resolve(PublishedResults.FILE));
        assertThat(published.runs("default", "FGD")).hasSize(10)
                .extracting(PublishedResults.Run::seed).containsExactly(42, 43, 44, 45, 46, 47, 48, 49, 50, 51);
        assertThat(published.policies("default"))
                .containsExactly("Random", "DotProd", "GpuClustering", "GpuPacking", "BestFit", "FGD");
        double[][] expected = {{87.47}, {90.85}, {91.88}, {92.00}, {93.08}, {95.39}};
        List<String> policies = published.policies("default");
        for (int i = 0; i < policies.size(); i++) {
            assertThat(published.mean("default", policies.get(i), 130).orElseThrow())
                    .as(policies.get(i)).isCloseTo(expected[i][0], within(0.01));
        }
        assertThat(published.runs()).hasSize(1_020);
        assertThat(published.runs("default", "FGD").get(0).totalGpus()).isEqualTo(6_212);
    }

    @Test
    void theSampledWorkloadOfEveryListReaches130PercentOfTheGpus() {
        long capacity = 6_212_000;
        for (String list : PlacementBenchmark.DEFAULT_LISTS) {
            List<OpenbPod> pods = OpenbCsv.readPods(OpenbCsv.podList(data, list));
            List<OpenbPod> arrivals = Arrivals.of(pods, capacity, 1.3, new java.util.SplittableRandom(42));
            long total = arrivals.stream().mapToLong(OpenbPod::totalGpuMilli).sum();
            long target = (long) (1.3 * capacity);
            assertThat(total).as(list).isLessThanOrEqualTo(target).isGreaterThan(target - 8_000); // within one pod
        }
    }
}
