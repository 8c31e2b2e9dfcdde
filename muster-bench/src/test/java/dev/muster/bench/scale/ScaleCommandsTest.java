package dev.muster.bench.scale;

import dev.muster.sim.trace.OpenbCsv;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.bench.placement.PublishedResults;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.ReportFormat;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands on a small made-up data folder laid out like shared/data, so that they run without the traces. */
class ScaleCommandsTest {

    @TempDir
    Path data;

    @TempDir
    Path scenario;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void writeData() throws Exception {
        Files.createDirectories(data.resolve("openb"));
        Files.createDirectories(data.resolve("fgd"));
        StringBuilder nodes = new StringBuilder("sn,cpu_milli,memory_mib,gpu,model\n");
        for (int i = 0; i < 4; i++) {
            nodes.append(String.format("node-%d,32000,131072,2,%s%n", i, i < 2 ? "T4" : "G2"));
        }
        Files.writeString(data.resolve(OpenbCsv.NODE_LIST), nodes);
        Files.writeString(data.resolve("openb/openb_pod_list_tiny.csv"), """
                name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos
                pod-0,4000,8192,1,1000,,LS
                pod-1,2000,4096,1,500,,LS
                pod-2,2000,4096,1,250,T4,LS
                pod-3,8000,16384,0,0,,LS
                pod-4,8000,16384,2,1000,G2,LS
                """);
        Files.writeString(data.resolve(PublishedResults.FILE), "workload,sc_policy,tune,seed,total_gpus,130\n");
    }

    private int run(String... args) {
        return ScaleCommands.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).orElseThrow();
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void openbScenarioWritesTheManifestsAndOpenbAllocationReadsAReportOfThem() throws Exception {
        assertThat(run("openb-scenario", "--list", "tiny", "--seed", "42", "--out", scenario.toString(),
                "--data", data.toString())).isZero();
        assertThat(out()).contains("openb tiny seed 42", "4 nodes (8 GPUs)");
        assertThat(scenario.resolve("3-pods.yaml")).content().contains("gpu-fraction: '0.25'", "values: [T4]");

        Path report = scenario.resolve("report.json");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(report))) {
            ReportFormat.fromOptionName("json").write(Simulation.run(
                    ScenarioLoader.load(List.of(scenario), ScenarioLoader.DEFAULT_SEED), SimulationOptions.DEFAULTS), w);
        }
        out.reset();
        assertThat(run("openb-allocation", scenario.toString(), report.toString())).isZero();
        assertThat(out()).contains("GPU allocation at 130 % arrival (FGD's figure):", "(admitted after their arrival: 0)");
    }

    @Test
    void otherNamesAreNotTheseCommandsAndBadArgumentsExitWith2() {
        assertThat(ScaleCommands.run(new String[] {"baseline"}, System.out, System.err)).isEqualTo(Optional.empty());
        assertThat(run("openb-scenario", "--list", "tiny", "--data", data.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--out is required");
        assertThat(run("openb-scenario", "--out", scenario.toString(), "--scale", "2", "--data", data.toString())).isEqualTo(2);
        assertThat(run("openb-allocation", scenario.toString())).isEqualTo(2);
        assertThat(run("kai-snapshot", "--nodes", "zero")).isEqualTo(2);
    }

    @Test
    void kaiSnapshotPrintsItsCyclesForASmallSnapshot() {
        assertThat(run("kai-snapshot", "--nodes", "4", "--running", "140", "--pending", "10", "--warmup", "0")).isZero();
        assertThat(out()).contains("FULL CYCLE", "AFTER 1 FINISHES").containsPattern("\\s4\\s+140\\s+10\\s");
    }
}
