package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.engine.AdmissionSettings;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Preemption converges on the shape of Kueue's own performance test (one cohort,
 * {@code withinClusterQueue: LowerPriority}, {@code reclaimWithinCohort: Any}), with and without
 * fair sharing: every RayJob finishes and evictions stay a small multiple of the workloads. The
 * mixed scenarios of {@link LargeScenarioInvariantsTest} are where a preemptor's victims used to
 * be admitted again into the room freed for it (before {@link HeldRoom}).
 */
class PreemptionConvergenceTest {

    private static final int QUEUES = 4;

    @ParameterizedTest(name = "seed {0}, fair sharing {1}")
    @CsvSource({"1, false", "2, false", "1, true", "2, true"})
    void theKueuePerfShapeFinishesWithFewEvictions(long seed, boolean fairSharing) {
        List<VirtualRun.Job> jobs = PerfShape.jobs(QUEUES, Integer.getInteger("perQueue", 100), seed);
        Engine engine = new Engine(EngineSetup.kueue(PerfShape.queues(QUEUES), List.of(), PerfShape.localQueues(QUEUES),
                List.of(), new AdmissionSettings(fairSharing)));
        VirtualRun.Result result = VirtualRun.run(engine, jobs, 200_000, e -> { }, false);
        assertThat(result.finished()).as("all %d RayJobs finish (ended at %d ms after %d schedule calls, %d evictions)",
                jobs.size(), result.endMillis(), result.scheduleCalls(), result.evictions()).isTrue();
        assertThat(result.evictions()).as("evictions at most twice the workloads (%d admissions, at most %d evictions of one)",
                result.admissions(), result.mostEvictionsOfOne()).isLessThanOrEqualTo(2 * jobs.size());
    }
}
