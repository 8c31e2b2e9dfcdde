package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.report.Report;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sums over queues, cohorts and nodes saturate at the quantity bound: never a wrapped, negative amount. */
class QuantityBoundScenarioTest {

    private static Report run(String scenario) throws Exception {
        Path file = Path.of(QuantityBoundScenarioTest.class.getResource("/quantity-bound/" + scenario).toURI());
        return Simulation.run(ScenarioLoader.load(List.of(file), 1), SimulationOptions.DEFAULTS);
    }

    @Test
    void twoClusterQueuesOf9PCpuInOneCohortLetAWorkloadIn() throws Exception {
        // Their sum, 18P, passes the bound: it used to wrap to -446744073709551616m and refuse everything.
        Report report = run("cohort-of-two-9P-queues.yaml");

        assertThat(report.workloads()).singleElement().satisfies(w -> {
            assertThat(w.state()).isEqualTo("Admitted");
            assertThat(String.valueOf(w.message())).doesNotContainPattern(" -[0-9]");
        });
    }

    @Test
    void kaiDividesAClusterOfTwo9PCpuNodesWithoutFailing() throws Exception {
        // The capacity, 18P cpu, used to wrap and end in a division by zero in the fair shares.
        Report report = run("kai-two-9P-cpu-nodes.yaml");

        assertThat(report.workloads()).hasSize(4);
        assertThat(report.workloads()).filteredOn(w -> w.state().equals("Admitted")).isNotEmpty();
        assertThat(report.workloads()).allSatisfy(w -> assertThat(String.valueOf(w.message())).doesNotContainPattern(" -[0-9]"));
    }
}
