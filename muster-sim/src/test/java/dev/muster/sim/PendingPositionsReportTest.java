package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.report.Report;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Each pending workload of the report says where it stands, as Kueue's visibility API would
 * (the order of Kueue's TestPendingWorkloadsInCQ "single ClusterQueue and two LocalQueue setup with
 * four workloads": priority first, then creation time; positions in the LocalQueue counted apart).
 */
class PendingPositionsReportTest {

    private static Report run(String scenario) throws Exception {
        Path file = Path.of(PendingPositionsReportTest.class.getResource("/pending-positions/" + scenario).toURI());
        return Simulation.run(ScenarioLoader.load(List.of(file), 1), SimulationOptions.DEFAULTS);
    }

    @Test
    void pendingWorkloadsCarryTheirPositionsInTheClusterQueueAndTheLocalQueue() throws Exception {
        Map<String, Report.WorkloadReport> byName = run("two-local-queues.yaml").workloads().stream()
                .collect(Collectors.toMap(Report.WorkloadReport::name, Function.identity()));

        assertThat(byName.get("running").state()).isEqualTo("Admitted");
        assertThat(byName.get("running").pending()).as("only pending workloads have a position").isNull();
        assertThat(positions(byName.get("a-high"))).containsExactly(0, 0);
        assertThat(positions(byName.get("b-high"))).containsExactly(1, 0);
        assertThat(positions(byName.get("a-low"))).containsExactly(2, 1);
        assertThat(positions(byName.get("b-low"))).containsExactly(3, 1);
        assertThat(byName.get("refused").state()).isEqualTo("Pending");
        assertThat(byName.get("refused").pending()).as("its namespace is not admitted: Kueue lists it all the same")
                .isNotNull().extracting(Report.PendingReport::positionInClusterQueue, Report.PendingReport::positionInLocalQueue)
                .containsExactly(0, 0);
        assertThat(byName.get("a-high").pending().reason()).isEqualTo("WaitingForQuota");
    }

    private static List<Integer> positions(Report.WorkloadReport w) {
        return java.util.Arrays.asList(w.pending().positionInClusterQueue(), w.pending().positionInLocalQueue());
    }
}
