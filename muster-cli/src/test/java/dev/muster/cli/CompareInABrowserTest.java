package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.testkit.HeadlessChromium;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * {@code muster compare --html} and {@code --sweep --html} opened from disk in headless Chromium:
 * no console error, and the charts hold the runs' figures (worked out by hand for
 * examples/quota-and-borrowing in {@code QuotaAndBorrowingWhatIfTest}). Screenshots go to
 * {@code target/html-report/}.
 */
class CompareInABrowserTest {

    private static final Path EXAMPLES = Path.of("..", "examples");
    private static final Path SCREENSHOTS = Path.of("target", "html-report");

    @TempDir
    static Path dir;

    private static ChromeDriver browser;

    @BeforeAll
    static void startBrowser() throws IOException {
        Files.createDirectories(SCREENSHOTS);
        browser = HeadlessChromium.start(dir.resolve("profile"));
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    static Stream<String> examples() throws IOException {
        return BundledExamples.names();
    }

    /** Runs {@code muster compare ARGS --html PAGE}, opens the page, and returns the text output. */
    private static String open(String page, String... args) throws IOException {
        Path file = dir.resolve(page + ".html");
        List<String> all = new ArrayList<>(List.of("compare"));
        all.addAll(List.of(args));
        all.addAll(List.of("--html", file.toString()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
        assertThat(code).as(err.toString()).isZero();
        HeadlessChromium.load(browser, file.toUri().toString());
        HeadlessChromium.screenshot(browser, page);
        assertThat(HeadlessChromium.consoleProblems(browser)).as("console errors and warnings of %s", page).isEmpty();
        return out.toString();
    }

    @SuppressWarnings("unchecked")
    private static <T> T eval(String script) {
        return (T) browser.executeScript(script);
    }

    private static List<Double> data(String chart, int series) {
        List<Object> values = eval("return window.musterCharts['" + chart + "'].getOption().series[" + series + "].data;");
        return values.stream().map(v -> v instanceof List<?> point ? point.get(1) : v)
                .map(v -> v == null ? null : ((Number) v).doubleValue()).toList();
    }

    @Test
    void theComparisonOfTeamAWithSixteenGpusShowsTheFiguresWorkedOutByHand() throws IOException {
        Path overlay = dir.resolve("team-a-16.yaml");
        String queues = Files.readString(EXAMPLES.resolve("quota-and-borrowing/01-queues.yaml"));
        // The example's own team-a, its a100 GPU quota (the first "nvidia.com/gpu, nominalQuota: 8") raised to 16.
        String teamA = queues.substring(queues.indexOf("apiVersion: kueue.x-k8s.io/v1beta1\nkind: ClusterQueue"),
                queues.indexOf("---", queues.indexOf("name: team-a")));
        Files.writeString(overlay, teamA.replaceFirst("nvidia.com/gpu, nominalQuota: 8", "nvidia.com/gpu, nominalQuota: 16"));

        String text = open("compare-quota-and-borrowing", EXAMPLES.resolve("quota-and-borrowing").toString(),
                "--overlay", overlay.toString());

        assertThat(text).contains("replaced ClusterQueue team-a");
        assertThat(eval("return window.musterCharts['chart-waits'].getOption().xAxis[0].data;").toString())
                .isEqualTo("[team-a, team-b]");
        // Grouped bars: A p50, B p50, A p95, B p95, one value per queue.
        assertThat((Long) eval("return window.musterCharts['chart-waits'].getOption().series.length;")).isEqualTo(4);
        assertThat(data("chart-waits", 0)).containsExactly(0.0, 0.0);
        assertThat(data("chart-waits", 1)).containsExactly(0.0, 0.0);
        assertThat(data("chart-waits", 2)).containsExactly(1480.0, 590.0);
        assertThat(data("chart-waits", 3)).containsExactly(580.0, 0.0);
        // Utilization: A and B per flavor/resource; a100 GPUs 50400 GPU-seconds over 16×5120 and 24×4220.
        List<String> keys = eval("return window.musterCharts['chart-utilization'].getOption().xAxis[0].data;");
        assertThat(keys).hasSize(6).contains("a100/nvidia.com/gpu", "l4/nvidia.com/gpu");
        int gpu = keys.indexOf("a100/nvidia.com/gpu");
        assertThat(data("chart-utilization", 0).get(gpu)).isEqualTo(61.5);
        assertThat(data("chart-utilization", 1).get(gpu)).isEqualTo(49.8);
        // The changed admissions: big-train 1520s → 620s, sweep 620s → 30s.
        assertThat((String) eval("return document.getElementById('changed-table').textContent;"))
                .contains("RayJob team-a/big-train1520s620s-900s", "Job team-b/sweep620s30s-590s");
    }

    @Test
    void theSweepDrawsAP50AndAP95LinePerQueueAgainstTheQuota() throws IOException {
        open("sweep-quota-and-borrowing", EXAMPLES.resolve("quota-and-borrowing").toString(),
                "--sweep", "clusterqueue/team-a:a100/nvidia.com/gpu=8..32/8");

        List<String> names = eval("return window.musterCharts['chart-sweep-waits'].getOption().series"
                + ".map(function (s) { return s.name; });");
        assertThat(names).containsExactly("team-a p50", "team-a p95", "team-b p50", "team-b p95");
        List<List<Number>> teamAp95 = eval("return window.musterCharts['chart-sweep-waits'].getOption().series[1].data;");
        assertThat(teamAp95).extracting(p -> p.get(0).doubleValue()).containsExactly(8.0, 16.0, 24.0, 32.0);
        assertThat(data("chart-sweep-waits", 1)).containsExactly(1480.0, 580.0, 0.0, 0.0);
        assertThat(data("chart-sweep-waits", 3)).containsExactly(590.0, 0.0, 0.0, 0.0);
        assertThat((Long) eval("return window.musterCharts['chart-sweep-utilization'].getOption().series.length;"))
                .isEqualTo(1);
        // 50400 A100 GPU-seconds in every run: over 16×5120, 24×4220, 32×3640 and 40×3640.
        assertThat(data("chart-sweep-utilization", 0)).containsExactly(61.5, 49.8, 43.3, 34.6);
    }

    /** Any scenario compares: every example against itself changes nothing, and its page renders. */
    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleComparedWithItselfChangesNothing(String example) throws IOException {
        String path = EXAMPLES.resolve(example).toString();
        String text = open("self-compare-" + example, path, path);

        assertThat(text).contains("No workload's first admission changed.");
        long queues = eval("return JSON.parse(document.getElementById('muster-data').textContent).queues.length;");
        assertThat(data("chart-waits", 0)).hasSize((int) queues).isEqualTo(data("chart-waits", 1));
        assertThat(data("chart-waits", 2)).isEqualTo(data("chart-waits", 3));
        assertThat(data("chart-utilization", 0)).isEqualTo(data("chart-utilization", 1));
    }
}
