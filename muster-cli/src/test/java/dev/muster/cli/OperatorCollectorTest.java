package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The operator runs the same garbage collector however it is started: {@code ./muster run} (the
 * launcher's default), the plain Deployment and the chart's default values. Without it named, a
 * replica under a 1Gi memory limit gets the serial collector and one with 2Gi or more G1, and the
 * throughput measured with the parallel one (docs/performance.md, "The collector users run") is
 * not what runs in the cluster.
 */
class OperatorCollectorTest {

    private static final Path ROOT = Path.of("..");
    private static final String PARALLEL = "-XX:+UseParallelGC";

    @Test
    void theLauncherTheDeploymentAndTheChartAllRunTheParallelCollector() throws IOException {
        String launcher = Files.readString(ROOT.resolve("muster"));
        assertThat(launcher).contains("java_opts+=(" + PARALLEL + ")");

        String operator = Files.readString(ROOT.resolve("deploy/operator.yaml"));
        Matcher m = Pattern.compile("- name: JAVA_TOOL_OPTIONS\\s+value: (.+)").matcher(operator);
        assertThat(m.find()).as("JAVA_TOOL_OPTIONS in deploy/operator.yaml").isTrue();
        assertThat(m.group(1).split(" ")).contains(PARALLEL, "-XX:MaxRAMPercentage=75.0");

        String values = Files.readString(ROOT.resolve("deploy/helm/muster/values.yaml"));
        Matcher v = Pattern.compile("(?m)^javaToolOptions: \"([^\"]*)\"").matcher(values);
        assertThat(v.find()).as("javaToolOptions in values.yaml").isTrue();
        assertThat(v.group(1)).isEqualTo(m.group(1));
    }
}
