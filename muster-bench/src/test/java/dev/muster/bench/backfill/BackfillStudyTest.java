package dev.muster.bench.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness end to end on small workloads, through the engine as {@code muster simulate} runs them. */
class BackfillStudyTest {

    @TempDir
    Path dir;

    private static List<Comparison> run(StudyPlan plan) {
        return BackfillStudy.run(plan, line -> { });
    }

    @Test
    void onASmallSyntheticMixEveryJobIsAdmittedAndFinishedUnderEveryPolicy() {
        Demand mix = SyntheticMix.of(7, 150, 128, 1.15);
        List<Comparison> comparisons = run(new StudyPlan(7, List.of(mix), List.of(RuntimeEstimates.values()),
                List.of(QueuePolicy.values()), Optional.empty()));

        assertThat(comparisons).hasSize(2);
        for (Comparison c : comparisons) {
            assertThat(c.results()).extracting(PolicyResult::policy).containsExactly(QueuePolicy.values());
            for (PolicyResult r : c.results()) {
                if (r instanceof PolicyResult.NotAvailable n) {
                    // only backfill may be missing, and only because this build's Configuration does not know it yet
                    assertThat(n.policy().backfill()).isTrue();
                    assertThat(n.reason()).contains("backfill");
                    continue;
                }
                PolicyResult.Measured m = (PolicyResult.Measured) r;
                assertThat(m.admitted()).as(m.policy().label()).isEqualTo(150);
                assertThat(m.finished()).as(m.policy().label()).isEqualTo(150);
                if (m.policy() != QueuePolicy.BACKFILL_PREEMPTING) {
                    assertThat(m.evictions()).as("only a policy that preempts evicts").isZero();
                }
                assertThat(m.waits().values()).allSatisfy(w -> {
                    assertThat(w.p50Seconds()).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(w.p95Seconds());
                    assertThat(w.p95Seconds()).isLessThanOrEqualTo(w.maxSeconds());
                });
                assertThat(m.waits().values().stream().mapToInt(WaitSummary::count).sum()).isEqualTo(150);
                assertThat(m.utilization()).isGreaterThan(0).isLessThanOrEqualTo(1);
                assertThat(m.use().utilizationWhileArriving()).isGreaterThan(0).isLessThanOrEqualTo(1);
                assertThat(m.use().gpuSecondsWhileArriving()).isLessThanOrEqualTo(m.use().gpuSeconds());
                if (m.evictions() == 0) {
                    // each job holds its GPUs for exactly its true run time, once
                    assertThat(m.use().gpuSeconds()).isEqualTo(mix.jobs().stream().mapToDouble(StudyJob::gpuSeconds).sum());
                }
                // the makespan is at least the work divided by the GPUs, and at least the last arrival
                assertThat(m.makespanSeconds()).isGreaterThanOrEqualTo(
                        mix.jobs().stream().mapToDouble(StudyJob::gpuSeconds).sum() / 128);
                assertThat(m.makespanSeconds()).isGreaterThan(mix.arrivalSpanSeconds());
            }
        }
    }

    @Test
    void kueuesPoliciesDoNotReadExpectedRunTimesSoExactAndNoisyGiveTheSameOutcome() {
        Demand mix = SyntheticMix.of(11, 120, 64, 1.2);
        List<Comparison> c = run(new StudyPlan(11, List.of(mix), List.of(RuntimeEstimates.values()),
                List.of(QueuePolicy.BEST_EFFORT_FIFO, QueuePolicy.STRICT_FIFO), Optional.empty()));

        assertThat(c.get(0).results()).isEqualTo(c.get(1).results());
    }

    /**
     * A 16-GPU gang on a 16-GPU cluster, arriving behind a stream of 1-GPU jobs: one every 5 minutes
     * for 10 hours, each running an hour, so about 12 GPUs are always busy and the cluster is never
     * empty while the stream lasts. BestEffortFIFO lets each small job past the gang, which needs the
     * whole cluster: it waits until the stream ends and the last small job finishes. StrictFIFO stops
     * the queue behind it: it waits at most the hour the running small jobs have left.
     */
    @Test
    void strictFifoStartsABigGangBehindAStreamOfSmallJobsLongBeforeBestEffortFifo() {
        List<StudyJob> jobs = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            jobs.add(new StudyJob(String.format("small-%03d", i), 1, i * 300L, 3_600));
        }
        jobs.add(6, new StudyJob("big", 16, 1_800, 3_600));
        Demand stream = new Demand("stream", "a big gang behind a stream of small jobs", 16, jobs);

        Comparison c = run(new StudyPlan(1, List.of(stream), List.of(RuntimeEstimates.EXACT),
                List.of(QueuePolicy.BEST_EFFORT_FIFO, QueuePolicy.STRICT_FIFO), Optional.empty())).get(0);

        WaitSummary bestEffort = c.measured(QueuePolicy.BEST_EFFORT_FIFO).orElseThrow().waitsOf(SizeClass.NINE_TO_SIXTEEN);
        WaitSummary strict = c.measured(QueuePolicy.STRICT_FIFO).orElseThrow().waitsOf(SizeClass.NINE_TO_SIXTEEN);
        assertThat(bestEffort.count()).isEqualTo(1);
        // the last small job arrives at 119 x 300 s and runs an hour: the gang cannot start before
        assertThat(bestEffort.p95Seconds()).isGreaterThanOrEqualTo(119 * 300 + 3_600 - 1_800);
        assertThat(strict.p95Seconds()).isLessThanOrEqualTo(3_600);
        assertThat(strict.p95Seconds()).isLessThanOrEqualTo(bestEffort.p95Seconds());
        assertThat(c.largestClassP95Ratio(QueuePolicy.BEST_EFFORT_FIFO, QueuePolicy.STRICT_FIFO)).get()
                .satisfies(ratio -> assertThat(ratio).isGreaterThan(10));
        // and StrictFIFO pays for it in idle GPUs: its small jobs wait behind the gang
        assertThat(c.measured(QueuePolicy.STRICT_FIFO).orElseThrow().waitsOf(SizeClass.ONE).maxSeconds())
                .isGreaterThan(c.measured(QueuePolicy.BEST_EFFORT_FIFO).orElseThrow().waitsOf(SizeClass.ONE).maxSeconds());
    }

    /**
     * Two nodes of 8 GPUs. A 1-GPU job runs from 0 to 10 h; a 16-GPU gang (both nodes) arrives at
     * 1 h and runs an hour; a 1-GPU job of 20 h arrives at 2 h. From what ran at its creation the
     * gang could start at 10 h at the soonest: a floor of 9 h under every policy (the 20-h job came
     * after it). BestEffortFIFO starts the 20-h job at once, beside the first, and the gang waits for
     * it too: until 22 h, 21 h. StrictFIFO and backfill hold the 20-h job back (backfill: it would
     * overlap the gang's reservation from 10 h), and the gang waits exactly its floor.
     */
    @Test
    void theLargestGangsFloorIsTheSoonestTheyCouldStartFromWhatRanAtTheirCreation() {
        Demand d = new Demand("floor", "a gang behind a long run, and a longer one after it", 16,
                List.of(new StudyJob("long", 1, 0, 36_000), new StudyJob("gang", 16, 3_600, 3_600),
                        new StudyJob("longer", 1, 7_200, 72_000)));

        Comparison c = run(new StudyPlan(1, List.of(d), List.of(RuntimeEstimates.EXACT), List.of(QueuePolicy.BEST_EFFORT_FIFO,
                QueuePolicy.STRICT_FIFO, QueuePolicy.BACKFILL), Optional.empty())).get(0);

        for (QueuePolicy p : List.of(QueuePolicy.BEST_EFFORT_FIFO, QueuePolicy.STRICT_FIFO, QueuePolicy.BACKFILL)) {
            assertThat(c.measured(p).orElseThrow().largestFloors()).as(p.label()).isEqualTo(new WaitSummary(1, 32_400, 32_400, 32_400));
        }
        assertThat(c.measured(QueuePolicy.BEST_EFFORT_FIFO).orElseThrow().waitsOf(SizeClass.NINE_TO_SIXTEEN).p95Seconds())
                .isEqualTo(75_600);
        assertThat(c.measured(QueuePolicy.BACKFILL).orElseThrow().waitsOf(SizeClass.NINE_TO_SIXTEEN).p95Seconds()).isEqualTo(32_400);
        // 21 h / 9 h: backfill reached the most any policy could from its own states
        assertThat(c.largestClassP95Bound(QueuePolicy.BEST_EFFORT_FIFO, QueuePolicy.BACKFILL)).get()
                .isEqualTo(c.largestClassP95Ratio(QueuePolicy.BEST_EFFORT_FIFO, QueuePolicy.BACKFILL).orElseThrow())
                .satisfies(r -> assertThat(r).isCloseTo(75_600.0 / 32_400, org.assertj.core.data.Offset.offset(1e-9)));
    }

    @Test
    void noGangWaitsLessThanItsFloorUnderAnyPolicy() {
        Demand mix = SyntheticMix.of(5, 300, 128, 1.15);
        for (Comparison c : run(new StudyPlan(5, List.of(mix), List.of(RuntimeEstimates.values()), List.of(QueuePolicy.values()),
                Optional.empty()))) {
            SizeClass largest = SizeClass.largestOf(mix.jobs());
            for (PolicyResult r : c.results()) {
                PolicyResult.Measured m = (PolicyResult.Measured) r;
                WaitSummary floors = m.largestFloors();
                WaitSummary waits = m.waitsOf(largest);
                assertThat(floors.count()).as(m.policy().label()).isEqualTo(waits.count()).isPositive();
                // nearest-rank statistics of per-gang floors sit under those of the gangs' waits
                assertThat(floors.p50Seconds()).as(m.policy().label()).isLessThanOrEqualTo(waits.p50Seconds());
                assertThat(floors.p95Seconds()).as(m.policy().label()).isLessThanOrEqualTo(waits.p95Seconds());
                assertThat(floors.maxSeconds()).as(m.policy().label()).isLessThanOrEqualTo(waits.maxSeconds());
            }
        }
    }

    @Test
    void aWrittenScenarioRunsAsMusterSimulateRunsItEachJobForItsTrueRunTime() throws Exception {
        Demand mix = SyntheticMix.of(3, 60, 64, 1.1);
        long[] expected = RuntimeEstimates.NOISY.expectedSeconds(mix.jobs(), 3);
        StudyScenarioWriter.write(mix, expected, RuntimeEstimates.NOISY, QueuePolicy.STRICT_FIFO, dir);

        Report report = Simulation.run(ScenarioLoader.load(List.of(dir), ScenarioLoader.DEFAULT_SEED),
                SimulationOptions.DEFAULTS);

        Map<String, StudyJob> byName = mix.jobs().stream().collect(Collectors.toMap(StudyJob::name, Function.identity()));
        assertThat(report.workloads()).hasSize(60);
        for (Report.WorkloadReport w : report.workloads()) {
            StudyJob job = byName.get(w.name());
            assertThat(w.createdAtSeconds()).isEqualTo((double) job.arrivalSeconds());
            // the simulator runs the true duration, whatever the job says of itself
            assertThat(w.finishedAtSeconds() - w.admittedAtSeconds()).as(w.name()).isEqualTo((double) job.durationSeconds());
        }
        assertThat(Files.readString(dir.resolve("2-queues.yaml"))).contains("queueingStrategy: StrictFIFO");
        assertThat(Files.exists(dir.resolve(StudyScenarioWriter.MUSTER_CONFIGURATION))).isFalse();
    }

    /**
     * 32 GPUs on four nodes of 8: a 16-GPU gang (two pods of 8), a 12-GPU gang (two pods of 6) and a
     * 4-GPU job, all at once. Quota has room for all three (32 GPUs), but after the gangs each node
     * has at most 2 GPUs free: the 4-GPU job must wait, because placement counts.
     */
    @Test
    void gangsArePlacedWholeOnNodesAndAJobThatFitsTheQuotaButNoNodeWaits() throws Exception {
        Demand d = new Demand("nodes", "placement", 32, List.of(new StudyJob("gang-16", 16, 0, 3_600),
                new StudyJob("gang-12", 12, 0, 3_600), new StudyJob("four", 4, 0, 3_600)));
        StudyScenarioWriter.write(d, new long[] {3_600, 3_600, 3_600}, RuntimeEstimates.EXACT,
                QueuePolicy.BEST_EFFORT_FIFO, dir);

        Report report = Simulation.run(ScenarioLoader.load(List.of(dir), ScenarioLoader.DEFAULT_SEED),
                new SimulationOptions(java.util.OptionalLong.of(60_000)));

        Map<String, Report.WorkloadReport> byName = report.workloads().stream()
                .collect(Collectors.toMap(Report.WorkloadReport::name, Function.identity()));
        assertThat(byName.get("gang-16").state()).isEqualTo("Admitted");
        assertThat(byName.get("gang-16").pods()).hasSize(2)
                .allSatisfy(p -> assertThat(p.gpuDevices()).hasSize(8))
                .extracting(Report.PodReport::node).doesNotHaveDuplicates();
        assertThat(byName.get("gang-12").pods()).hasSize(2)
                .allSatisfy(p -> assertThat(p.gpuDevices()).hasSize(6))
                .extracting(Report.PodReport::node).doesNotHaveDuplicates();
        assertThat(byName.get("four").state()).isEqualTo("Pending");
        assertThat(byName.get("four").pods()).isEmpty();
    }

    @Test
    void onlyAnErrorAboutBackfillInMustersConfigurationMakesBackfillNotAvailable() {
        ManifestError unknown = new ManifestError("/x/" + StudyScenarioWriter.MUSTER_CONFIGURATION, 1, "Configuration", null,
                "backfill", "unknown field \"backfill\"");
        ManifestError other = new ManifestError("/x/3-jobs.yaml", 4, "Job", "research/job-1", "spec.parallelism", "bad");

        assertThat(ScenarioRun.backfillRejected(new ManifestException(List.of(unknown)))).contains(unknown);
        assertThat(ScenarioRun.backfillRejected(new ManifestException(List.of(unknown, other)))).isEmpty();
        assertThat(ScenarioRun.backfillRejected(new ManifestException(List.of(other)))).isEmpty();
    }

    @Test
    void theBackfillScenarioCarriesMustersConfigurationAsTheIssueWritesIt() throws Exception {
        Demand one = new Demand("one", "one job", 8, List.of(new StudyJob("a", 8, 0, 60)));
        StudyScenarioWriter.write(one, new long[] {60}, RuntimeEstimates.EXACT, QueuePolicy.BACKFILL, dir);

        assertThat(Files.readString(dir.resolve(StudyScenarioWriter.MUSTER_CONFIGURATION)))
                .contains("apiVersion: config.muster.dev/v1alpha1", "kind: Configuration",
                        "backfill:\n  enable: true\n  reservationDepth: 1\n  preemptOverstaying: false\n");
        StudyScenarioWriter.write(one, new long[] {60}, RuntimeEstimates.EXACT, QueuePolicy.BACKFILL_PREEMPTING, dir);
        assertThat(Files.readString(dir.resolve(StudyScenarioWriter.MUSTER_CONFIGURATION)))
                .contains("backfill:\n  enable: true\n  reservationDepth: 1\n  preemptOverstaying: true\n");
        assertThat(Files.readString(dir.resolve("2-queues.yaml"))).contains("queueingStrategy: BestEffortFIFO");
        assertThat(Files.readString(dir.resolve("3-jobs.yaml"))).contains("muster.dev/expected-runtime: 1m0s");
    }
}
