package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code --[no-]progress} through the command line. The tests' stderr is no terminal (a
 * StringWriter, and the forked JVM's stream 2 is a pipe), which is the case of CI and scripts:
 * there nothing may be added to what the commands printed before progress existed.
 */
class SimulateProgressTest {

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String example(String name) {
        Path root = Path.of("").toAbsolutePath();
        while (!root.resolve("examples").toFile().isDirectory()) {
            root = root.getParent();
        }
        return root.resolve("examples").resolve(name).toString();
    }

    @Test
    void aStderrThatIsNoTerminalGetsNothingExtra() {
        assertThat(StderrTerminal.isTerminal()).as("the test's own stderr").isFalse();
        String dir = example("quota-and-borrowing");
        Run auto = run("simulate", dir, "--expect", dir + "/quota-and-borrowing.expect.yaml");
        Run off = run("simulate", dir, "--expect", dir + "/quota-and-borrowing.expect.yaml", "--no-progress");

        assertThat(auto.exitCode()).isZero();
        assertThat(auto.err()).isEqualTo("expectations met: " + dir + "/quota-and-borrowing.expect.yaml" + System.lineSeparator());
        assertThat(off).isEqualTo(auto);
    }

    @Test
    void forcedProgressEndsWithItsSummaryLineOnStderrOnly() {
        String dir = example("quota-and-borrowing");
        Run plain = run("simulate", dir);
        Run shown = run("simulate", dir, "--progress");

        assertThat(shown.exitCode()).isZero();
        assertThat(shown.out()).isEqualTo(plain.out());
        assertThat(shown.err()).startsWith("\r").endsWith("\n")
                .containsPattern("\rsimulated \\S+ of virtual time in \\d+\\.\\d s: \\d+ workloads, \\d+ done, \\d+ admitted, \\d+ pending, [\\d,]+ arrived/s\n$");
        // Updates come only after 250 ms of wall time; whatever came before the summary is progress lines.
        assertThat(shown.err().lines().filter(l -> !l.isBlank()))
                .allMatch(l -> l.startsWith("simulated ") || l.startsWith("at "));
    }

    @Test
    void theOptionIsTrueFalseOrNotGiven() {
        assertThat(parsed().progress.progress).isNull();
        assertThat(parsed("--progress").progress.progress).isTrue();
        assertThat(parsed("--no-progress").progress.progress).isFalse();
    }

    private static SimulateCommand parsed(String... options) {
        SimulateCommand command = new SimulateCommand();
        String[] args = java.util.Arrays.copyOf(options, options.length + 1);
        args[options.length] = "some-dir";
        new picocli.CommandLine(command).parseArgs(args);
        return command;
    }

    @Test
    void explainHasTheSameOption() {
        String dir = example("priority-preemption");
        Run plain = run("explain", dir);
        Run shown = run("explain", dir, "--progress");

        assertThat(shown.out()).isEqualTo(plain.out());
        assertThat(plain.err()).doesNotContain("simulated ");
        assertThat(shown.err()).contains("\rsimulated ").endsWith("\n");
    }
}
