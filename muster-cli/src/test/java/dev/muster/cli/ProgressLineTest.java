package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.sim.progress.ProgressSnapshot;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress line's text, how it rewrites itself on a terminal (a fake clock), and the terminal test. */
class ProgressLineTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void theLineSaysVirtualTimeCountsAndRate() {
        ProgressSnapshot s = new ProgressSnapshot(8_005_123, 10_851, 4_400, 1_234, 300, 2_866);
        assertThat(ProgressLine.during(s, 2 * SECOND))
                .isEqualTo("at 2h13m25s: 1,234/10,851 done, 300 admitted, 2,866 pending, 2,200 arrived/s");
    }

    @Test
    void theLineNeverWrapsOnAnEightyColumnTerminal() {
        ProgressSnapshot huge = new ProgressSnapshot(999L * 3_600_000 + 3_599_000, 1_000_000, 1_000_000, 333_333, 333_333,
                333_334);
        String line = ProgressLine.during(huge, SECOND);
        assertThat(line).hasSize(ProgressLine.MAX_WIDTH).startsWith("at 999h59m59s: 333,333/1,000,000 done");
    }

    @Test
    void theEndLineSumsUpTheRun() {
        ProgressSnapshot s = new ProgressSnapshot(90_000, 1, 1, 1, 0, 0);
        assertThat(ProgressLine.end(s, SECOND / 4))
                .isEqualTo("simulated 1m30s of virtual time in 0.3 s: 1 workload, 1 done, 0 admitted, 0 pending, 4 arrived/s");
        assertThat(ProgressLine.end(new ProgressSnapshot(0, 0, 0, 0, 0, 0), 0)).contains("0 workloads").endsWith("0 arrived/s");
    }

    @Test
    void updatesRewriteTheLineInPlaceAndTheEndLeavesANewline() {
        StringWriter text = new StringWriter();
        AtomicLong clock = new AtomicLong(5 * SECOND);
        TerminalProgress progress = new TerminalProgress(new PrintWriter(text), clock::get);

        clock.addAndGet(SECOND);
        progress.update(new ProgressSnapshot(60_000, 100, 50, 12, 30, 8));
        clock.addAndGet(SECOND);
        progress.update(new ProgressSnapshot(60_500, 100, 10, 2, 3, 5)); // shorter: spaces cover the rest
        clock.addAndGet(SECOND);
        progress.done(new ProgressSnapshot(120_000, 100, 100, 100, 0, 0));

        String first = "at 1m: 12/100 done, 30 admitted, 8 pending, 50 arrived/s";
        String second = "at 1m: 2/100 done, 3 admitted, 5 pending, 5 arrived/s";
        String end = "simulated 2m of virtual time in 3.0 s: 100 workloads, 100 done, 0 admitted, 0 pending, 33 arrived/s";
        assertThat(text.toString()).isEqualTo("\r" + first + "\r" + second + " ".repeat(first.length() - second.length())
                + "\r" + end + "\n");
    }

    @Test
    void onlyATerminalDeviceIsATerminal(@TempDir Path dir) throws Exception {
        Path pts = Files.createSymbolicLink(dir.resolve("pts"), Path.of("/dev/pts/3"));
        Path file = Files.createSymbolicLink(dir.resolve("file"), Path.of("/tmp/err.log"));
        Path pipe = Files.createSymbolicLink(dir.resolve("pipe"), Path.of("pipe:[12345]"));
        Path plain = Files.writeString(dir.resolve("plain"), "");

        assertThat(StderrTerminal.terminalDevice(pts)).contains(true);
        assertThat(StderrTerminal.terminalDevice(file)).contains(false);
        assertThat(StderrTerminal.terminalDevice(pipe)).contains(false);
        assertThat(StderrTerminal.terminalDevice(plain)).isEmpty(); // not a link: the console decides
    }

    @Test
    void theOptionWinsOverTheTerminalTest() {
        ProgressOption auto = new ProgressOption();
        assertThat(auto.shown(() -> true)).isTrue();
        assertThat(auto.shown(() -> false)).isFalse();
        ProgressOption off = new ProgressOption();
        off.progress = false;
        assertThat(off.shown(() -> true)).isFalse();
        ProgressOption on = new ProgressOption();
        on.progress = true;
        assertThat(on.shown(() -> false)).isTrue();
    }
}
