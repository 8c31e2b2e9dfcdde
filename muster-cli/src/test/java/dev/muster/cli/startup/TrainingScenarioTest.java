package dev.muster.cli.startup;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.muster.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up training scenario exercises what its comment says it does: a cluster that fills up
 * (pods wait), pods that finish and make room, fractional GPUs shared on a device, gangs; and it is
 * the same on every machine.
 */
class TrainingScenarioTest {

    @Test
    void isTheSameEveryTime() {
        assertThat(TrainingScenario.files()).isEqualTo(TrainingScenario.files());
    }

    @Test
    void asksForAboutOneHundredThirtyPercentOfTheGpus() {
        String nodes = TrainingScenario.files().get("2-nodes.yaml");
        int clusterGpus = sum(Pattern.compile("nvidia.com/gpu: '(\\d+)'").matcher(nodes));
        assertThat(clusterGpus).isEqualTo(80 * 2 + 60 * 4 + 60 * 8);
        String workloads = TrainingScenario.files().get("3-workloads.yaml");
        int wholeGpus = sum(Pattern.compile("nvidia.com/gpu: '(\\d+)'").matcher(workloads));
        // whole GPUs only: with the fractions the demand reaches 130 %, and the last pod may take up to 8 more
        assertThat(wholeGpus).isLessThanOrEqualTo((int) (1.3 * clusterGpus) + 8).isGreaterThan(clusterGpus);
    }

    @Test
    void fillsTheClusterSoThatPodsWaitAndFinishedPodsMakeRoom(@TempDir Path dir) throws Exception {
        TrainingScenario.write(dir);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.execute(new PrintWriter(out), new PrintWriter(err), "simulate", dir.toString(), "-o", "json");
        assertThat(status).as(err.toString()).isZero();
        JsonNode report = new ObjectMapper().readTree(out.toString());
        int waitedThenAdmitted = 0;
        int finished = 0;
        int gangs = 0;
        for (JsonNode workload : report.get("workloads")) {
            JsonNode admitted = workload.get("admittedAtSeconds");
            if (admitted != null && admitted.isNumber()
                    && admitted.asDouble() > workload.get("createdAtSeconds").asDouble() + 1.0) {
                waitedThenAdmitted++;
            }
            if ("Finished".equals(workload.get("state").asText())) {
                finished++;
            }
            if ("RayCluster".equals(workload.get("kind").asText())) {
                gangs++;
            }
        }
        assertThat(waitedThenAdmitted).as("pods admitted a second or more after they arrived").isGreaterThan(100);
        assertThat(finished).isGreaterThan(100);
        assertThat(gangs).isGreaterThan(10);
        assertThat(report.toString()).as("a device shared by fractional pods").contains("of it)");
    }

    @Test
    void theTrainingRunSimulatesTheExamplesAndTheSyntheticClusterTogether() throws Exception {
        Path examples = Path.of("..", "examples");
        int status = StartupTraining.run(examples.resolve("kai-gang-and-gpu-sharing").toString(),
                examples.resolve("gke-queued-provisioning").toString());
        assertThat(status).isZero();
    }

    private static int sum(Matcher matcher) {
        int total = 0;
        while (matcher.find()) {
            total += Integer.parseInt(matcher.group(1));
        }
        return total;
    }
}
