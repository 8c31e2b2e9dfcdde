package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code muster explain}: why each workload waits, where it stands, and when it is expected to start. */
class ExplainCommandTest {

    private static final String EXAMPLE = Path.of("..", "examples", "quota-and-borrowing").toString();

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void explainsEveryWorkloadWaitingAtTheLastArrivalWithItsReasonPositionAndForecast() {
        Run r = run("explain", EXAMPLE);

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("2 workloads waiting at 40s.")
                .contains("team-b/sweep (Job)", "why:   WaitingForQuota: waiting for quota",
                        "lacks: 4 nvidia.com/gpu in flavor a100, 2 available",
                        // the example's a100 GPUs at 40s: team-a runs pretrain (6) and finetune (4), team-b eval (4)
                        "held:  nvidia.com/gpu in flavor a100 by team-a/pretrain (6, team-a), team-a/finetune (4, team-a),"
                                + " team-b/eval (4, team-b)",
                        "where: 0 ahead of it in its ClusterQueue, 0 in its LocalQueue",
                        "when:  at 10m20s (+9m40s), when team-b/eval finishes")
                .contains("team-a/big-train (RayJob)", "when:  at 25m20s (+24m40s), when team-b/sweep finishes")
                .contains("The forecast assumes: no new workloads arrive");
    }

    @Test
    void oneWorkloadAsJsonForTools() throws Exception {
        Run r = run("explain", EXAMPLE, "team-b/sweep", "-o", "json");

        assertThat(r.exitCode()).isZero();
        JsonNode tree = JsonMapper.builder().build().readTree(r.out());
        assertThat(tree.get("atSeconds").asDouble()).isEqualTo(40.0);
        // virtual seconds since the start; the fields of a live cluster are null here
        assertThat(r.out()).contains("\"atSeconds\" : 40.0,", "\"forecastAdmitAtSeconds\" : 620.0,");
        assertThat(tree.get("source").asText()).isEqualTo("simulation");
        assertThat(tree.get("at").isNull()).isTrue();
        assertThat(tree.get("waiting").get(0).get("workload").isNull()).isTrue();
        assertThat(tree.get("waiting")).hasSize(1);
        JsonNode sweep = tree.get("waiting").get(0);
        assertThat(sweep.get("reason").asText()).isEqualTo("WaitingForQuota");
        assertThat(sweep.get("forecastAdmitAtSeconds").asDouble()).isEqualTo(620.0);
        assertThat(sweep.get("blocking").get(0).get("needed").asText()).isEqualTo("4");
        JsonNode heldBy = sweep.get("blocking").get(0).get("heldBy");
        assertThat(heldBy).hasSize(3);
        assertThat(heldBy.get(0).get("workload").asText()).isEqualTo("team-a/pretrain");
        assertThat(heldBy.get(0).get("amount").asText()).isEqualTo("6");
        assertThat(sweep.get("blocking").get(0).get("heldByCount").asInt()).isEqualTo(3);
    }

    @Test
    void anInstantWhenNothingWaitsSaysSo() {
        Run r = run("explain", EXAMPLE, "--at", "3h");

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo("Nothing waits at 3h.\n");
    }

    @Test
    void aWorkloadThatDoesNotWaitIsAnInputErrorNamingThoseThatDo() {
        Run r = run("explain", EXAMPLE, "team-a/pretrain");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("no workload team-a/pretrain waits at 40s (waiting then: team-b/sweep, team-a/big-train)");
    }

    @Test
    void badOptionsAreInputErrors() {
        assertThat(run("explain", EXAMPLE, "--at", "-5m").err()).contains("--at: \"-5m\" is before the start");
        assertThat(run("explain", EXAMPLE, "--at", "-5m").exitCode()).isEqualTo(2);
        assertThat(run("explain", EXAMPLE, "-o", "yaml").exitCode()).isEqualTo(2);
        assertThat(run("explain", Path.of("..", "examples", "no-such-dir.yaml").toString()).exitCode()).isEqualTo(2);
    }
}
