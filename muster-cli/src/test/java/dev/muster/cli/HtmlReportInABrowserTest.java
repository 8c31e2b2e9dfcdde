package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.muster.testkit.HeadlessChromium;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * {@code muster simulate --html} opened from disk in headless Chromium: every example renders with
 * no console error, and its charts hold the run — checked against the JSON report of the same run
 * (not the page's own data), and for one example against figures worked out by hand. Screenshots
 * go to {@code target/html-report/}.
 */
class HtmlReportInABrowserTest {

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

    /** The page of one run, opened; and the JSON report of that run, from the same command. */
    private record Opened(JsonNode report, JavascriptExecutor js) {

        @SuppressWarnings("unchecked")
        <T> T eval(String script) {
            return (T) js.executeScript(script);
        }

        long seriesCount(String chart) {
            return ((Number) eval("return window.musterCharts['" + chart + "'].getOption().series.length;")).longValue();
        }

        long dataCount(String chart, int series) {
            return ((Number) eval("return window.musterCharts['" + chart + "'].getOption().series[" + series + "].data.length;"))
                    .longValue();
        }
    }

    private static Opened open(String example, String... extra) throws IOException {
        Path page = dir.resolve(example + ".html");
        List<String> args = new ArrayList<>(List.of("simulate", EXAMPLES.resolve(example).toString(), "-o", "json",
                "--html", page.toString()));
        args.addAll(List.of(extra));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(String[]::new));
        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString()).contains("muster: wrote " + page);
        HeadlessChromium.load(browser, page.toUri().toString());
        HeadlessChromium.screenshot(browser, example);
        assertThat(HeadlessChromium.consoleProblems(browser)).as("console errors and warnings of %s", example).isEmpty();
        return new Opened(JsonMapper.builder().build().readTree(out.toString()), browser);
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleRendersWithoutAConsoleErrorAndItsChartsHoldTheRun(String example) throws IOException {
        Opened o = open(example);
        JsonNode report = o.report();
        List<JsonNode> workloads = new ArrayList<>();
        report.get("workloads").forEach(workloads::add);
        List<JsonNode> created = workloads.stream().filter(w -> w.hasNonNull("createdAtSeconds"))
                .sorted(Comparator.comparingDouble(w -> w.get("createdAtSeconds").asDouble())).toList();

        // The timeline: a row per workload in creation order, a run per admission, a mark per eviction.
        List<String> rows = o.eval("return window.musterCharts['chart-timeline'].getOption().yAxis[0].data;");
        assertThat(rows).containsExactlyElementsOf(created.stream().map(HtmlReportInABrowserTest::name).toList());
        int admissions = created.stream().mapToInt(w -> w.get("admissionsAtSeconds").size()).sum();
        int evictions = created.stream().mapToInt(w -> w.get("evictions").size()).sum();
        assertThat(o.dataCount("chart-timeline", 1)).as("runs").isEqualTo(admissions);
        assertThat(o.dataCount("chart-timeline", 2)).as("evictions").isEqualTo(evictions);

        // Wait times: one category per queue of the workloads (one with no queue waits in none).
        Set<String> queues = new TreeSet<>();
        created.forEach(w -> queueOf(w).ifPresent(queues::add));
        List<String> waitQueues = o.eval("return window.musterCharts['chart-waits'].getOption().xAxis[0].data;");
        assertThat(waitQueues).containsExactlyElementsOf(queues);

        // Usage: every queue that used something at its peak has a chart with a series for each flavor/resource it used.
        for (JsonNode q : report.get("queues")) {
            Set<String> used = new TreeSet<>();
            q.path("run").path("peakUsage").fields().forEachRemaining(f -> f.getValue().fieldNames()
                    .forEachRemaining(r -> used.add(f.getKey() + "/" + r)));
            if (used.isEmpty()) {
                continue;
            }
            List<String> names = o.eval("var el = document.querySelector('[data-queue=\"" + q.get("name").asText() + "\"]');"
                    + " return el ? window.musterCharts[el.id].getOption().series.map(function (s) { return s.name; }) : null;");
            assertThat(names).as("the usage chart of %s", q.get("name").asText()).isNotNull().containsAll(used);
        }

        // Pending: a series for every queue in which a workload waited.
        Set<String> waited = new TreeSet<>();
        for (JsonNode w : created) {
            JsonNode first = w.get("admissionsAtSeconds").isEmpty() ? null : w.get("admissionsAtSeconds").get(0);
            if (first == null || first.asDouble() > w.get("createdAtSeconds").asDouble()) {
                queueOf(w).ifPresent(waited::add);
            }
        }
        List<String> pendingSeries = o.eval("return window.musterCharts['chart-pending'].getOption().series.map(function (s) { return s.name; });");
        assertThat(pendingSeries).containsAll(waited);

        // GPUs: never more held than there are.
        double capacity = ((Number) o.eval("return JSON.parse(document.getElementById('muster-data').textContent).gpus.capacity;")).doubleValue();
        double maxHeld = ((Number) o.eval("return Math.max.apply(null, [0].concat(window.musterCharts['chart-gpus'].getOption()"
                + ".series[0].data.map(function (p) { return p[1]; })));")).doubleValue();
        assertThat(maxHeld).isLessThanOrEqualTo(capacity);
    }

    private static java.util.Optional<String> queueOf(JsonNode w) {
        String q = w.hasNonNull("clusterQueue") ? w.get("clusterQueue").asText() : w.path("queue").asText("");
        return q.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(q);
    }

    private static String name(JsonNode w) {
        return w.get("namespace").asText() + "/" + w.get("name").asText();
    }

    @Test
    void quotaAndBorrowingShowsTheFiguresWorkedOutByHand() throws IOException {
        Opened o = open("quota-and-borrowing");
        // At 40s team-a's pretrain (6) and finetune (4) and team-b's eval (4) hold a100 GPUs: 14 at most,
        // and again 14 when the sweep (4) replaces the eval at 620s.
        Number maxHeld = o.eval("return Math.max.apply(null, window.musterCharts['chart-gpus'].getOption()"
                + ".series[0].data.map(function (p) { return p[1]; }));");
        assertThat(maxHeld.doubleValue()).isEqualTo(14.0);
        // Waits: team-a's pretrain and finetune 0, big-train created at 40s and admitted at 1520s: 1480;
        // nearest rank of [0, 0, 1480]: median 0, p95 1480. team-b's eval 0, sweep 30s → 620s: 590; median 0, p95 590.
        List<Number> medians = o.eval("return window.musterCharts['chart-waits'].getOption().series[0].data;");
        List<Number> p95s = o.eval("return window.musterCharts['chart-waits'].getOption().series[1].data;");
        assertThat(medians).extracting(Number::doubleValue).containsExactly(0.0, 0.0);
        assertThat(p95s).extracting(Number::doubleValue).containsExactly(1480.0, 590.0);
        // No GPU nodes: the heat map of devices is hidden, and the page says why.
        assertThat((String) o.eval("return document.getElementById('nodes-note').textContent;")).startsWith("No GPU nodes");
        assertThat((Object) o.eval("return window.musterCharts['chart-nodes'] || null;")).isNull();
        // The tables of the text report are there.
        assertThat(((Number) o.eval("return document.querySelectorAll('#workloads-table tbody tr').length;")).intValue()).isEqualTo(5);
        assertThat((String) o.eval("return document.getElementById('text-report').textContent;")).contains("Workloads", "team-b/sweep");
    }

    @Test
    void sharedGpuDevicesAreMarkedOnTheNodesHeatMap() throws IOException {
        Opened o = open("kai-gpu-sharing");
        List<Map<String, Object>> cells = o.eval("return window.musterCharts['chart-nodes'].getOption().series[0].data;");
        assertThat(cells).isNotEmpty();
        assertThat(cells).anySatisfy(c -> assertThat(((Number) c.get("pods")).intValue()).isGreaterThan(1));
    }

    @Test
    void preemptionsAreMarkedOnTheTimelineWithTheirReason() throws IOException {
        Opened o = open("priority-preemption");
        List<Map<String, Object>> marks = o.eval("return window.musterCharts['chart-timeline'].getOption().series[2].data;");
        assertThat(marks).isNotEmpty();
        assertThat(marks).allSatisfy(m -> assertThat((String) m.get("tip")).startsWith("evicted at ").contains("Preempted"));
    }
}
