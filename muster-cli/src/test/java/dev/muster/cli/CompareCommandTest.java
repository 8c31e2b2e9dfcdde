package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code muster compare}'s input errors: each said with what is wrong, exit 2, and nothing run. */
class CompareCommandTest {

    private static final String EXAMPLE = Path.of("..", "examples", "quota-and-borrowing").toString();

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void withoutBOverlayOrSweepNothingIsRun() {
        Result r = run("compare", EXAMPLE);
        assertThat(r.code()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(r.err()).contains("a scenario B, --overlay FILE or --sweep SPEC").contains("nothing was run");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void bAndAnOverlayTogetherAreRefused() throws IOException {
        Path overlay = Files.writeString(dir.resolve("o.yaml"), "apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n");
        Result r = run("compare", EXAMPLE, EXAMPLE, "--overlay", overlay.toString());
        assertThat(r.code()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(r.err()).contains("give one of B, --overlay FILE and --sweep SPEC, not 2");
    }

    @Test
    void anOverlayObjectWithoutANameIsNamedByFileAndDocument() throws IOException {
        Path overlay = Files.writeString(dir.resolve("o.yaml"),
                "apiVersion: kueue.x-k8s.io/v1beta1\nkind: ClusterQueue\nmetadata: {labels: {a: b}}\nspec: {}\n");
        Result r = run("compare", EXAMPLE, "--overlay", overlay.toString());
        assertThat(r.code()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(r.err()).contains("error: " + overlay + ": document 1 (ClusterQueue): metadata.name: an overlay object needs metadata.name");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aProblemTheOverlayBringsIsReportedAgainstTheOverlayFile() throws IOException {
        // A valid overlay object whose content the loader refuses: the error names the overlay, not the example.
        Path overlay = Files.writeString(dir.resolve("o.yaml"), """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata: {name: ml, namespace: team-a}
                spec: {clusterQueue: team-z}
                """);
        Result r = run("compare", EXAMPLE, "--overlay", overlay.toString());
        assertThat(r.code()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(r.err()).contains(overlay + ": document 1 (LocalQueue \"team-a/ml\")").contains("team-z");
    }

    @Test
    void aSweepOfAQuotaInTwoFlavorsAsksWhichAndRunsNothing() {
        Result r = run("compare", EXAMPLE, "--sweep", "clusterqueue/team-a:nvidia.com/gpu=8..32/8");
        assertThat(r.code()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(r.err()).contains("has nvidia.com/gpu in flavors a100, l4; say which").contains("nothing was run");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anHtmlFileThatCannotBeWrittenIsSaidBeforeAnyRun() {
        Result r = run("compare", EXAMPLE, EXAMPLE, "--html", dir.resolve("no-such-dir/page.html").toString());
        assertThat(r.code()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(r.err()).contains("--html").contains("no directory");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void jsonHoldsTheSameFiguresAsTheText() {
        Result r = run("compare", EXAMPLE, "--sweep", "clusterqueue/team-a:a100/nvidia.com/gpu=8..16/8", "-o", "json");
        assertThat(r.code()).as(r.err()).isZero();
        // Two runs: 8 (the example as it is) and 16.
        assertThat(r.out()).contains("\"flavorResource\" : \"a100/nvidia.com/gpu\"", "\"value\" : \"8\"", "\"value\" : \"16\"",
                "\"p95Seconds\" : 1480.0", "\"p95Seconds\" : 580.0");
    }
}
