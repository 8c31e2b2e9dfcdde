package dev.muster.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class KueuePerfReplayTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return KueuePerfReplay.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String tiny() throws URISyntaxException {
        return Path.of(KueuePerfReplayTest.class.getResource("kueue/tiny").toURI()).toString();
    }

    @Test
    void printsMustersFiguresBesideKueues() throws Exception {
        int rc = run(tiny(), "--warmup", "0", "--repeat", "2", "--preemption", "off");

        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(rc).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(text)
                .contains("2 cohorts, 6 ClusterQueues")
                .contains("174 workloads")
                .contains("identical on all 2 runs")
                .contains("WORKLOAD CLASS")
                .contains("KUEUE AVG (MEASURED)")
                .contains("CQ CLASS")
                .contains("ADMISSIONS/S")
                .contains("Kueue  wall 1,000 ms (gate 2,000 ms)");
        assertThat(text.lines().filter(l -> l.trim().startsWith("large "))).singleElement()
                .satisfies(l -> assertThat(l).contains("100 ms").contains("1,000 ms"));
    }

    @Test
    void badArgumentsExitWithTwo() {
        assertThat(run()).isEqualTo(2);
        assertThat(run("baseline", "--repeat", "0")).isEqualTo(2);
        assertThat(run("baseline", "--preemption", "sometimes")).isEqualTo(2);
        assertThat(run("no-such-shape")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no-such-shape: no such shape");
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("usage: java -jar muster-bench.jar");
    }
}
