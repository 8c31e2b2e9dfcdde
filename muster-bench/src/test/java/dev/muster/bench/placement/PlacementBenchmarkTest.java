package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbCsv;
import dev.muster.sim.trace.OpenbPod;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command on a small made-up data folder laid out like shared/data, so that it runs without the traces. */
class PlacementBenchmarkTest {

    @TempDir
    Path data;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void writeData() throws Exception {
        Files.createDirectories(data.resolve("openb"));
        Files.createDirectories(data.resolve("fgd"));
        StringBuilder nodes = new StringBuilder("sn,cpu_milli,memory_mib,gpu,model\n");
        for (int i = 0; i < 6; i++) {
            nodes.append(String.format("node-%d,32000,131072,%d,%s%n", i, i % 2 == 0 ? 2 : 4, i < 3 ? "T4" : "G2"));
        }
        Files.writeString(data.resolve(OpenbCsv.NODE_LIST), nodes);
        StringBuilder pods = new StringBuilder("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos\n");
        for (int i = 0; i < 30; i++) {
            String shape = switch (i % 5) {
                case 0 -> "4000,8192,1,1000,";
                case 1 -> "2000,4096,1,500,";
                case 2 -> "2000,4096,1,250,T4";
                case 3 -> "8000,16384,0,0,";
                default -> "8000,16384,2,1000,G2|V100M32";
            };
            pods.append(String.format("pod-%02d,%s,LS%n", i, shape));
        }
        Files.writeString(data.resolve("openb/openb_pod_list_tiny.csv"), pods);
        StringBuilder published = new StringBuilder("workload,sc_policy,tune,seed,total_gpus");
        for (int a = 0; a <= 130; a++) {
            published.append(',').append(a);
        }
        published.append('\n');
        for (int seed = 42; seed <= 43; seed++) {
            published.append("openb_pod_list_tiny,01-Random,1.3,").append(seed).append(",18");
            for (int a = 0; a <= 130; a++) {
                published.append(',').append(a == 130 ? (seed == 42 ? "80.0" : "82.0") : "");
            }
            published.append('\n');
        }
        Files.writeString(data.resolve(PublishedResults.FILE), published);
    }

    private int run(String... args) {
        return PlacementBenchmark.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void printsEveryPolicyBesideThePublishedMeanAndWritesTheCurves() throws Exception {
        Path csv = data.resolve("curves.csv");
        int rc = run("--data", data.toString(), "--lists", "tiny", "--seeds", "2", "--warmup", "0", "--csv", csv.toString());

        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(rc).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(text).contains("6 nodes, 18 GPUs").contains("seeds     2 (42..43)");
        for (Policy p : Policy.values()) {
            assertThat(text.lines().map(l -> l.trim().split("\\s+")).filter(w -> w[0].equals("tiny") && w[1].equals(p.label())))
                    .as(p.label()).hasSize(1);
        }
        assertThat(text.lines().filter(l -> l.contains(" Random ")).findFirst().orElseThrow()).contains("81.00 %");
        assertThat(text).contains("Muster-frag-profile");
        List<String> rows = Files.readAllLines(csv);
        assertThat(rows).hasSize(1 + 2 * Policy.values().length);
        assertThat(rows.get(0)).startsWith("workload,sc_policy,tune,seed,total_gpus,pods,failed,wall_ms,0,1,");
        assertThat(rows.get(1)).startsWith("openb_pod_list_tiny,Random,1.3,42,18,");
    }

    @Test
    void theSameSeedGivesTheSameAllocationForEveryPolicy() {
        PlacementExperiment experiment = new PlacementExperiment(OpenbCsv.readNodes(data.resolve(OpenbCsv.NODE_LIST)));
        List<OpenbPod> pods = OpenbCsv.readPods(OpenbCsv.podList(data, "tiny"));
        for (Policy p : Policy.values()) {
            PlacementExperiment.Run a = experiment.run("tiny", pods, p, 42);
            PlacementExperiment.Run b = experiment.run("tiny", pods, p, 42);
            assertThat(a.curve().bins()).as(p.label()).containsExactly(b.curve().bins());
            assertThat(a.failed()).as(p.label()).isEqualTo(b.failed());
            assertThat(a.pods()).isGreaterThanOrEqualTo(30); // all 30 pods come, and more while they stay under 130 %
        }
    }

    @Test
    void badArgumentsExitWithTwo() {
        assertThat(run("--seeds", "0", "--data", data.toString())).isEqualTo(2);
        assertThat(run("--policies", "Nope", "--data", data.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown policy Nope");
        assertThat(run("--data", data.toString(), "--lists", "missing", "--warmup", "0")).isEqualTo(2);
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("usage: java -jar muster-bench.jar placement");
    }
}
