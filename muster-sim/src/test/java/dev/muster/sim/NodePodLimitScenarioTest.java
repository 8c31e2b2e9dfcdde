package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.report.Report;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A node takes no more pods than its allocatable {@code pods}, as kube-scheduler's NodeResourcesFit counts them. */
class NodePodLimitScenarioTest {

    @Test
    void threePodsOnANodeThatTakesTwoLeaveTheThirdWaitingForTooManyPods() throws Exception {
        Path file = Path.of(NodePodLimitScenarioTest.class
                .getResource("/node-pod-limit/three-pods-on-a-node-of-two.yaml").toURI());
        Report report = Simulation.run(ScenarioLoader.load(List.of(file), 1), SimulationOptions.DEFAULTS);

        assertThat(report.workloads()).filteredOn(w -> w.state().equals("Admitted")).hasSize(2);
        assertThat(report.workloads()).filteredOn(w -> w.state().equals("Pending")).singleElement()
                .satisfies(w -> assertThat(String.valueOf(w.message())).contains("1 node has too many pods"));
    }
}
