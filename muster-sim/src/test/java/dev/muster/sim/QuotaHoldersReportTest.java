package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.report.Report;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A waiting workload's report says who holds what it lacks: the admitted workloads of its
 * ClusterQueue and of the others of its cohort, most first (then by name), five listed and the
 * count of all; a ClusterQueue outside the cohort is not in reach and not listed. The scenario's
 * header works the figures out.
 */
class QuotaHoldersReportTest {

    @Test
    void theHoldersWithinTheCohortAreListedMostFirst() throws Exception {
        Path file = Path.of(QuotaHoldersReportTest.class.getResource("/quota-holders/cohort.yaml").toURI());
        Report report = Simulation.run(ScenarioLoader.load(List.of(file), 1), new SimulationOptions(OptionalLong.of(10_000)));

        Report.WorkloadReport waiting = report.workloads().stream().filter(w -> w.name().equals("a-wait")).findFirst().orElseThrow();
        assertThat(waiting.pending().blocking()).hasSize(1);
        Report.Blocking cpu = waiting.pending().blocking().get(0);
        assertThat(cpu.needed()).isEqualTo("2");
        assertThat(cpu.available()).isEqualTo("0");
        assertThat(cpu.heldBy()).containsExactly(
                new Report.HeldBy("cq-b/b-1", "cq-b", "2"),
                new Report.HeldBy("cq-a/a-1", "cq-a", "1"),
                new Report.HeldBy("cq-a/a-2", "cq-a", "1"),
                new Report.HeldBy("cq-a/a-3", "cq-a", "1"),
                new Report.HeldBy("cq-a/a-4", "cq-a", "1"));
        assertThat(cpu.heldByCount()).as("a-1..a-6 and b-1; not x-1, outside the cohort").isEqualTo(7);
    }
}
