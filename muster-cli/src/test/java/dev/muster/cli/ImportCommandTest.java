package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code muster import} of the README's example: the first 500 Philly jobs, then {@code muster simulate} of them. */
class ImportCommandTest {

    @TempDir
    Path dir;

    @Test
    void theFirst500PhillyJobsImportAndSimulate() {
        Path repo = repositoryRoot();
        Path philly = repo.getParent().resolve("shared/data/philly/philly_jobs.csv");
        Path out = dir.resolve("philly-500");

        Run imported = run("import", "philly", philly.toString(), "--mapping",
                repo.resolve("traces/philly-mapping.yaml").toString(), "--out", out.toString());

        assertThat(imported.exitCode()).as(imported.err()).isZero();
        // counted in philly_jobs.csv's first 500 data lines: 443 of 6214e9, 7 of 11cb48, 50 of the others
        assertThat(imported.out()).startsWith("imported 500 of 82247 rows (0 outside the window, 0 matching no queue, "
                + "81747 beyond rows.first)")
                .contains("  others                   50\n", "  team-11cb48              7\n", "  team-6214e9              443\n");

        Run simulated = run("simulate", out.toString());
        assertThat(simulated.exitCode()).as(simulated.err()).isZero();
        assertThat(simulated.out()).contains("500 workloads");

        // Capacity planning on the import: team-6214e9's quota 64 then 128. Its jobs wait for GPUs that
        // "others" borrowed (the mapping sets no reclaimWithinCohort, so lent quota is not taken
        // back): more quota for it is more for the cohort to lend, and "others" waits no longer for it.
        Run swept = run("compare", out.toString(), "--sweep", "clusterqueue/team-6214e9:nvidia.com/gpu=64..128/64", "-o", "json");
        assertThat(swept.exitCode()).as(swept.err()).isZero();
        com.fasterxml.jackson.databind.JsonNode points = readJson(swept.out()).get("points");
        assertThat(points).hasSize(2);
        assertThat(points.get(0).get("figures").get("waits")).extracting(w -> w.get("admitted").asInt()).containsExactly(50, 7, 443);
        assertThat(p95(points.get(1), "others")).isLessThanOrEqualTo(p95(points.get(0), "others"));

        Run again = run("import", "philly", philly.toString(), "--mapping",
                repo.resolve("traces/philly-mapping.yaml").toString(), "--out", out.toString());
        assertThat(again.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(again.err()).contains("is not empty; give a new directory");
    }

    @Test
    void aMappingForAnotherTraceIsRefusedAndNothingIsWritten() {
        Path repo = repositoryRoot();
        Path out = dir.resolve("x");
        Run r = run("import", "philly", repo.getParent().resolve("shared/data/philly/philly_jobs.csv").toString(),
                "--mapping", repo.resolve("traces/openb-mapping.yaml").toString(), "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(r.err()).contains("openb-mapping.yaml: trace: the mapping is written for openb, not for philly");
        assertThat(out).doesNotExist();
    }

    /**
     * The checkout holding traces/ (the mappings); shared/data sits beside it. A checkout without it
     * beside (a clone outside the workspace) skips these tests, as the other tests of the traces do.
     */
    private static Path repositoryRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("traces")) && Files.isDirectory(d.getParent().resolve("shared/data"))) {
                return d;
            }
        }
        return org.junit.jupiter.api.Assumptions.abort("no checkout with traces/ and ../shared/data above "
                + Path.of("").toAbsolutePath());
    }

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private static com.fasterxml.jackson.databind.JsonNode readJson(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static double p95(com.fasterxml.jackson.databind.JsonNode point, String queue) {
        for (com.fasterxml.jackson.databind.JsonNode w : point.get("figures").get("waits")) {
            if (w.get("queue").asText().equals(queue)) {
                return w.get("p95Seconds").asDouble();
            }
        }
        throw new AssertionError("no queue " + queue + " in " + point);
    }
}
