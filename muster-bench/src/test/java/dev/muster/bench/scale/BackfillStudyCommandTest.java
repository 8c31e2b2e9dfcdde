package dev.muster.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BackfillStudyCommandTest {

    @TempDir
    Path out;

    private record Ran(int status, String out, String err) {
    }

    private static Ran run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ScaleCommands.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).orElseThrow();
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theSameOptionsPrintTheSameTablesWithThePoliciesSideBySide() {
        Ran first = run("backfill-study", "--workload", "synthetic", "--jobs", "150", "--estimates", "noisy");
        Ran second = run("backfill-study", "--workload", "synthetic", "--jobs", "150", "--estimates", "noisy");

        assertThat(first.status()).isZero();
        assertThat(first.out()).isEqualTo(second.out());
        assertThat(first.out()).contains("synthetic: 150 jobs on 128 GPUs (16 nodes of 8)",
                "x a factor drawn log-uniformly from [0.5, 2.0]", "BestEffortFIFO P50", "StrictFIFO P50", "backfill P50",
                "largest gangs (33-64 GPUs), p95 wait: BestEffortFIFO / StrictFIFO = ");
        // wall times go to stderr, apart from the results
        assertThat(first.err()).contains("backfill-study: 4 runs in");
        assertThat(run("backfill-study", "--workload", "synthetic", "--jobs", "150", "--estimates", "noisy", "--seed", "43")
                .out()).isNotEqualTo(first.out());
    }

    @Test
    void outKeepsEveryRunAsAScenarioDirectoryThatLoads() throws Exception {
        Ran r = run("backfill-study", "--workload", "synthetic", "--jobs", "20", "--gpus", "64", "--out", out.toString());

        assertThat(r.status()).isZero();
        try (var dirs = Files.list(out)) {
            assertThat(dirs.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly(
                    "synthetic-exact-backfill", "synthetic-exact-backfill-preempt", "synthetic-exact-besteffortfifo",
                    "synthetic-exact-strictfifo", "synthetic-noisy-backfill", "synthetic-noisy-backfill-preempt",
                    "synthetic-noisy-besteffortfifo", "synthetic-noisy-strictfifo");
        }
        assertThat(ScenarioLoader.load(List.of(out.resolve("synthetic-noisy-strictfifo")), 1).workloads()).hasSize(20);
    }

    @Test
    void reservationDepthGoesIntoTheBackfillRunsConfigurationOnly() throws Exception {
        Ran r = run("backfill-study", "--workload", "synthetic", "--jobs", "20", "--gpus", "64", "--estimates", "exact",
                "--reservation-depth", "3", "--out", out.toString());

        assertThat(r.status()).as(r.err()).isZero();
        for (String policy : List.of("backfill", "backfill-preempt")) {
            assertThat(Files.readString(out.resolve("synthetic-exact-" + policy).resolve("0-muster.yaml")))
                    .contains("reservationDepth: 3");
        }
        assertThat(out.resolve("synthetic-exact-besteffortfifo").resolve("0-muster.yaml")).doesNotExist();
        // the backfill runs ran (a depth Muster refuses would make them "not available")
        assertThat(r.out()).doesNotContain("not available");
    }

    @Test
    void htmlWritesThePageWithAChartOfEachKindPerComparison() throws Exception {
        Path page = out.resolve("study.html");
        Ran r = run("backfill-study", "--workload", "synthetic", "--jobs", "20", "--gpus", "64", "--estimates", "exact",
                "--html", page.toString());

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("page written to " + page);
        String html = Files.readString(page);
        for (String chart : List.of("p95", "p50", "totals")) {
            assertThat(html).contains("id=\"chart-study-0-" + chart + "\"").doesNotContain("chart-study-1-" + chart);
        }
        assertThat(html).contains("synthetic, exact estimates: 20 jobs on 64 GPUs").contains("backfill+preempt");
    }

    @Test
    void aPageThatCannotBeWrittenIsAnErrorNamingTheFile() {
        Path page = out.resolve("no-such-dir").resolve("study.html");
        Ran r = run("backfill-study", "--workload", "synthetic", "--jobs", "20", "--gpus", "64", "--estimates", "exact",
                "--html", page.toString());

        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).contains("error: " + page + ": the page could not be written");
    }

    @Test
    void badArgumentsExitWithTwo() {
        assertThat(run("backfill-study", "--workload", "kueue").status()).isEqualTo(2);
        assertThat(run("backfill-study", "--estimates", "wild").status()).isEqualTo(2);
        assertThat(run("backfill-study", "--gpus", "100").status()).isEqualTo(2);
        assertThat(run("backfill-study", "--gpus", "32").status()).isEqualTo(2);
        assertThat(run("backfill-study", "--load", "0").status()).isEqualTo(2);
        assertThat(run("backfill-study", "stray").status()).isEqualTo(2);
        assertThat(run("backfill-study", "--reservation-depth", "0").status()).isEqualTo(2);
        Ran tooDeep = run("backfill-study", "--reservation-depth", "17");
        assertThat(tooDeep.status()).isEqualTo(2);
        assertThat(tooDeep.err()).contains("--reservation-depth must be between 1 and 16");
        assertThat(run("backfill-study", "--help").out()).contains("usage: java -jar muster-bench.jar backfill-study");
    }
}
