package dev.muster.bench.backfill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.muster.api.manifest.GoDuration;
import dev.muster.sim.report.Report;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The study's arithmetic on inputs small enough to work out by hand. */
class StatisticsTest {

    @Test
    void percentilesAreNearestRankSoEachIsAWaitSomeJobHad() {
        WaitSummary four = WaitSummary.of(List.of(40.0, 10.0, 30.0, 20.0));
        // n = 4: p50 is the ceil(2.0) = 2nd smallest, p95 the ceil(3.8) = 4th
        assertThat(four).isEqualTo(new WaitSummary(4, 20, 40, 40));

        List<Double> oneToTwenty = java.util.stream.IntStream.rangeClosed(1, 20).mapToObj(i -> (double) i).toList();
        // n = 20: p50 the 10th, p95 the ceil(19.0) = 19th: one job in twenty waited longer
        assertThat(WaitSummary.of(oneToTwenty)).isEqualTo(new WaitSummary(20, 10, 19, 20));

        assertThat(WaitSummary.of(List.of(7.0))).isEqualTo(new WaitSummary(1, 7, 7, 7));
        assertThat(WaitSummary.of(List.of())).isEqualTo(WaitSummary.NONE);
        assertThatThrownBy(() -> WaitSummary.nearestRank(new double[] {1}, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void waitsUtilizationAndMakespanAreReadOffTheReport() {
        // 16 GPUs; a: 8 GPUs, created 0, admitted 0, finished 100; b: 16 GPUs, created 10, admitted 100, finished 200.
        Demand demand = new Demand("hand", "by hand", 16, List.of(new StudyJob("a", 8, 0, 100),
                new StudyJob("b", 16, 10, 100)));
        Report report = new Report(Report.SCHEMA, 200, List.of(workload("a", 0, 0, 100), workload("b", 10, 100, 200)),
                List.of(), List.of(), List.of(), List.of());

        // a held all of node n0 until 100 s; b, two pods of 8, needs both nodes
        PolicyResult.Measured m = ReportMeasure.of(report, demand, QueuePolicy.STRICT_FIFO,
                List.of(new NodeHolds.Hold("a", "n0", 8, 0, 100_000), new NodeHolds.Hold("b", "n0", 8, 100_000, 200_000),
                        new NodeHolds.Hold("b", "n1", 8, 100_000, 200_000)));

        assertThat(m.waitsOf(SizeClass.FIVE_TO_EIGHT)).isEqualTo(new WaitSummary(1, 0, 0, 0));
        assertThat(m.waitsOf(SizeClass.NINE_TO_SIXTEEN)).isEqualTo(new WaitSummary(1, 90, 90, 90));
        assertThat(m.waits()).containsOnlyKeys(SizeClass.FIVE_TO_EIGHT, SizeClass.NINE_TO_SIXTEEN);
        assertThat(m.use().gpuSeconds()).isEqualTo(8 * 100 + 16 * 100);
        // while jobs arrive (0 to 10 s) only a runs: 80 of 16 x 10 GPU-seconds
        assertThat(m.use().utilizationWhileArriving()).isCloseTo(0.5, within(1e-12));
        assertThat(m.makespanSeconds()).isEqualTo(200);
        // 2,400 GPU-seconds used of 16 GPUs x 200 s
        assertThat(m.utilization()).isCloseTo(0.75, within(1e-12));
        assertThat(m.admitted()).isEqualTo(2);
        assertThat(m.finished()).isEqualTo(2);
        // b, the largest, could not have started before a gave n0 back: a floor of 90 s, its wait
        assertThat(m.largestFloors()).isEqualTo(new WaitSummary(1, 90, 90, 90));
    }

    @Test
    void aReportWithAJobTheStudyDidNotWriteIsRefused() {
        Demand demand = new Demand("hand", "by hand", 8, List.of(new StudyJob("a", 8, 0, 100)));
        Report report = new Report(Report.SCHEMA, 100, List.of(workload("stranger", 0, 0, 100)), List.of(), List.of(),
                List.of(), List.of());
        assertThatThrownBy(() -> ReportMeasure.of(report, demand, QueuePolicy.STRICT_FIFO, List.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("stranger");
    }

    @Test
    void sizeClassesAreTheIssuesSix() {
        assertThat(List.of(1, 2, 4, 5, 8, 9, 16, 17, 32, 33, 64).stream().map(g -> SizeClass.of(g).label()))
                .containsExactly("1", "2-4", "2-4", "5-8", "5-8", "9-16", "9-16", "17-32", "17-32", "33-64", "33-64");
        assertThatThrownBy(() -> SizeClass.of(65)).isInstanceOf(IllegalArgumentException.class);
        assertThat(SizeClass.largestOf(List.of(new StudyJob("a", 3, 0, 1), new StudyJob("b", 12, 0, 1))))
                .isEqualTo(SizeClass.NINE_TO_SIXTEEN);
    }

    @Test
    void aGangIsAsFewPodsAsNodesAllowAndEveryPodFitsANode() {
        assertThat(GangShape.of(1, 8)).isEqualTo(new GangShape(1, 1));
        assertThat(GangShape.of(8, 8)).isEqualTo(new GangShape(1, 8));
        assertThat(GangShape.of(12, 8)).isEqualTo(new GangShape(2, 6));
        assertThat(GangShape.of(16, 8)).isEqualTo(new GangShape(2, 8));
        assertThat(GangShape.of(24, 8)).isEqualTo(new GangShape(3, 8));
        assertThat(GangShape.of(64, 8)).isEqualTo(new GangShape(8, 8));
        for (int gpus = 1; gpus <= 64; gpus++) {
            GangShape s = GangShape.of(gpus, 8);
            assertThat(s.gpus()).as("%d GPUs", gpus).isEqualTo(gpus);
            assertThat(s.gpusPerPod()).as("%d GPUs", gpus).isBetween(1, 8);
        }
    }

    @Test
    void expectedRunTimesAreWrittenAsGoPrintsThemAndReadBackExactly() {
        assertThat(GoDurationText.of(5_400)).isEqualTo("1h30m0s");
        assertThat(GoDurationText.of(2_530)).isEqualTo("42m10s");
        assertThat(GoDurationText.of(36)).isEqualTo("36s");
        assertThat(GoDurationText.of(0)).isEqualTo("0s");
        for (long s : new long[] {1, 59, 60, 61, 3_599, 3_600, 3_601, 86_400, 397_000}) {
            assertThat(GoDuration.parse(GoDurationText.of(s))).isEqualTo(Duration.ofSeconds(s));
        }
    }

    @Test
    void noisyEstimatesAreTheTruthTimesAFactorBetweenAHalfAndTwoAsLikelyToHalveAsToDouble() {
        assertThat(RuntimeEstimates.factor(0)).isCloseTo(0.5, within(1e-12));
        assertThat(RuntimeEstimates.factor(0.5)).isCloseTo(1.0, within(1e-12));
        List<StudyJob> jobs = java.util.stream.IntStream.range(0, 2_000)
                .mapToObj(i -> new StudyJob("j" + i, 1, i, 10_000)).toList();

        assertThat(RuntimeEstimates.EXACT.expectedSeconds(jobs, 42)).containsOnly(10_000);
        long[] noisy = RuntimeEstimates.NOISY.expectedSeconds(jobs, 42);
        assertThat(java.util.Arrays.stream(noisy).boxed().toList()).allSatisfy(e -> assertThat(e).isBetween(5_000L, 20_000L));
        long under = java.util.Arrays.stream(noisy).filter(e -> e < 10_000).count();
        // log-uniform around 1: about half under, half over (2,000 draws: far within 45..55 %)
        assertThat(under).isBetween(900L, 1_100L);
        assertThat(RuntimeEstimates.NOISY.expectedSeconds(jobs, 42)).isEqualTo(noisy);
        assertThat(RuntimeEstimates.NOISY.expectedSeconds(jobs, 43)).isNotEqualTo(noisy);
    }

    private static Report.WorkloadReport workload(String name, double created, double admitted, double finished) {
        return new Report.WorkloadReport("Job", StudyScenarioWriter.NAMESPACE, name, StudyScenarioWriter.LOCAL_QUEUE,
                StudyScenarioWriter.CLUSTER_QUEUE, 0, "Finished", admitted, finished, Map.of(), List.of(), List.of(),
                List.of(), "", created, List.of(admitted));
    }
}
