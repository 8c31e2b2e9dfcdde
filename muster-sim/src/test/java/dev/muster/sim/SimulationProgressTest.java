package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.progress.ProgressSnapshot;
import dev.muster.sim.progress.ProgressThrottle;
import dev.muster.sim.progress.SimulationProgress;
import dev.muster.sim.report.Report;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** What a simulation tells its progress listener, against what its report says at the end. */
class SimulationProgressTest {

    private static final class Recorder implements SimulationProgress {
        final List<ProgressSnapshot> updates = new ArrayList<>();
        final List<ProgressSnapshot> done = new ArrayList<>();

        @Override
        public void update(ProgressSnapshot snapshot) {
            updates.add(snapshot);
        }

        @Override
        public void done(ProgressSnapshot snapshot) {
            done.add(snapshot);
        }
    }

    /** Due at every instant: a clock that always moves on, an interval of 0. */
    private static ProgressThrottle everyInstant() {
        return new ProgressThrottle(System::nanoTime, 0, 1);
    }

    private static Path example(String name) {
        return ScenarioSuiteTest.repositoryRoot().resolve("examples").resolve(name);
    }

    private static long count(Report report, String state) {
        return report.workloads().stream().filter(w -> w.state().equals(state)).count();
    }

    @Test
    void theLastSnapshotCountsWhatTheReportShows() throws Exception {
        Recorder recorder = new Recorder();
        Report report = new Simulation(ScenarioLoader.load(List.of(example("quota-and-borrowing")), 1),
                SimulationOptions.DEFAULTS).reportingProgress(recorder, everyInstant()).run();

        assertThat(recorder.done).hasSize(1);
        ProgressSnapshot end = recorder.done.getFirst();
        assertThat(end.total()).isEqualTo(report.workloads().size());
        assertThat(end.arrived()).isEqualTo(end.total());
        assertThat(end.finished()).isEqualTo(count(report, "Finished"));
        assertThat(end.admitted()).isEqualTo(count(report, "Admitted"));
        assertThat(end.pending()).isEqualTo(count(report, "Pending") + count(report, "QuotaReserved"));
        assertThat(end.virtualMillis()).isEqualTo(Math.round(report.endSeconds() * 1000));
    }

    @Test
    void updatesMoveForwardInVirtualTimeAndNeverCountMoreThanTheScenario() throws Exception {
        Recorder recorder = new Recorder();
        new Simulation(ScenarioLoader.load(List.of(example("priority-preemption")), 1), SimulationOptions.DEFAULTS)
                .reportingProgress(recorder, everyInstant()).run();

        assertThat(recorder.updates).hasSizeGreaterThan(1);
        long previous = -1;
        for (ProgressSnapshot s : recorder.updates) {
            assertThat(s.virtualMillis()).isGreaterThanOrEqualTo(previous);
            assertThat(s.finished() + s.admitted() + s.pending()).isEqualTo(s.arrived());
            assertThat(s.arrived()).isLessThanOrEqualTo(s.total());
            previous = s.virtualMillis();
        }
    }

    @Test
    void aRunStoppedEarlyEndsAtItsStopTime() throws Exception {
        Recorder recorder = new Recorder();
        new Simulation(ScenarioLoader.load(List.of(example("priority-preemption")), 1),
                new SimulationOptions(OptionalLong.of(1_000))).reportingProgress(recorder, everyInstant()).run();

        assertThat(recorder.done).singleElement().extracting(ProgressSnapshot::virtualMillis).isEqualTo(1_000L);
        assertThat(recorder.updates).allSatisfy(s -> assertThat(s.virtualMillis()).isLessThanOrEqualTo(1_000));
    }

    @Test
    void withoutAListenerTheThrottleIsNeverAsked() throws Exception {
        int[] reads = {0};
        ProgressThrottle counting = new ProgressThrottle(() -> reads[0]++, 0, 1);
        int afterConstruction = reads[0];
        new Simulation(ScenarioLoader.load(List.of(example("priority-preemption")), 1), SimulationOptions.DEFAULTS)
                .reportingProgress(SimulationProgress.NONE, counting).run();
        assertThat(reads[0]).isEqualTo(afterConstruction);
    }
}
