package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.series.RunSeries;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The series of examples/quota-and-borrowing, against its timeline worked out by hand (README, "A tour of the report"). */
class RunSeriesTest {

    private static RunSeries run(String example, SimulationOptions options) throws Exception {
        Simulation s = new Simulation(ScenarioLoader.load(List.of(ScenarioSuiteTest.repositoryRoot().resolve("examples").resolve(example)), 1),
                options);
        s.run();
        return s.series().orElseThrow();
    }

    private static RunSeries.QueueSeries queue(RunSeries series, String name) {
        return series.queues().stream().filter(q -> q.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void eachQueueIsSampledWhenItChangesWithItsQuota() throws Exception {
        RunSeries series = run("quota-and-borrowing", SimulationOptions.DEFAULTS.withSeries());

        RunSeries.QueueSeries teamB = queue(series, "team-b");
        assertThat(teamB.kind()).isEqualTo("ClusterQueue");
        assertThat(teamB.parent()).isEqualTo("research");
        assertThat(teamB.nominal()).containsEntry("a100/nvidia.com/gpu", 8.0);
        // eval (4 GPUs) from 20s to 620s; sweep (4 GPUs) waits from 30s and runs from 620s to 1520s.
        assertThat(teamB.samples()).extracting(RunSeries.Sample::atSeconds).containsExactly(0.0, 20.0, 30.0, 620.0, 1520.0);
        assertThat(teamB.samples()).extracting(RunSeries.Sample::pending).containsExactly(0, 0, 1, 0, 0);
        assertThat(teamB.samples()).extracting(s -> s.usage().getOrDefault("a100/nvidia.com/gpu", 0.0))
                .containsExactly(0.0, 4.0, 4.0, 4.0, 0.0);

        RunSeries.QueueSeries research = queue(series, "research");
        assertThat(research.kind()).isEqualTo("Cohort");
        assertThat(research.nominal().get("a100/nvidia.com/gpu")).as("the sum of its ClusterQueues'").isEqualTo(16.0);
        // At most 14 GPUs held at once: pretrain 6 + finetune 4 + eval 4, then the same with the sweep for the eval.
        assertThat(series.gpusHeld()).extracting(RunSeries.Point::value).contains(14.0).allMatch(v -> v <= 14.0);
        assertThat(series.peakGpus().nodes()).as("no GPU nodes: quota only").isEmpty();
    }

    @Test
    void aPlainRunKeepsNoSeries() throws Exception {
        Simulation s = new Simulation(ScenarioLoader.load(List.of(ScenarioSuiteTest.repositoryRoot().resolve("examples")
                .resolve("quota-and-borrowing")), 1), SimulationOptions.DEFAULTS);
        s.run();
        assertThat(s.series()).isEmpty();
    }

    @Test
    void gpuNodesAreSnapshotAtThePeakWithTheirSharedDevices() throws Exception {
        RunSeries series = run("kai-gpu-sharing", SimulationOptions.DEFAULTS.withSeries());
        assertThat(series.gpuCapacity()).isPositive();
        assertThat(series.peakGpus().nodes()).isNotEmpty();
        assertThat(series.peakGpus().nodes().stream().flatMap(n -> n.devices().stream())).anyMatch(d -> d.pods() > 1);
    }
}
