package dev.muster.bench.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.testkit.HeadlessChromium;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * {@code backfill-study --html}: the page of a comparison made by hand, opened from disk in headless
 * Chromium, shows the figures of the comparison in hours and percent (worked out below), draws no
 * bar for a policy that was not available, and logs no console error. A screenshot goes to
 * {@code target/html-report/backfill-study.png}.
 */
class StudyPageInABrowserTest {

    @TempDir
    static Path dir;

    private static ChromeDriver browser;

    @BeforeAll
    static void startBrowser() {
        browser = HeadlessChromium.start(dir.resolve("profile"));
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    /**
     * Two nodes of 8 GPUs; a 1-GPU job, and a 16-GPU gang an hour later (offered load (3,600 +
     * 57,600) / (16 x 3,600) = 1.06). BestEffortFIFO: the small job waits 1 h
     * (p50 = p95 = max: one job per class), the gang 10 h; 57,600 GPU-seconds used over a 10 h
     * makespan of 16 GPUs = 576,000 GPU-seconds: 10.0 %. Backfill: 0.5 h and 2.5 h, 115,200 over a
     * 4 h makespan (230,400): 50.0 %. While jobs arrive (the first hour): BestEffortFIFO's small job
     * starts at its end, 0.0 %; backfill's runs half of it, 1,800 of 57,600 GPU-seconds: 3.1 %
     * (3.125). StrictFIFO was not available. The gang's floors, given here
     * rather than worked out: none under BestEffortFIFO, 0.5 h under backfill, so backfill's 2.5 h
     * p95 could have been at most 10 h / 0.5 h = 20x shorter than BestEffortFIFO's.
     */
    static Comparison byHand() {
        Demand demand = new Demand("hand", "two jobs made by hand", 16,
                List.of(new StudyJob("small", 1, 0, 3_600), new StudyJob("gang", 16, 3_600, 3_600)));
        PolicyResult fifo = new PolicyResult.Measured(QueuePolicy.BEST_EFFORT_FIFO,
                Map.of(SizeClass.ONE, new WaitSummary(1, 3_600, 3_600, 3_600),
                        SizeClass.NINE_TO_SIXTEEN, new WaitSummary(1, 36_000, 36_000, 36_000)),
                2, 2, 2, 0, new GpuUse(16, 57_600, 36_000, 0, 3_600), new WaitSummary(1, 0, 0, 0));
        PolicyResult strict = new PolicyResult.NotAvailable(QueuePolicy.STRICT_FIFO, "not in this build");
        PolicyResult backfill = new PolicyResult.Measured(QueuePolicy.BACKFILL,
                Map.of(SizeClass.ONE, new WaitSummary(1, 1_800, 1_800, 1_800),
                        SizeClass.NINE_TO_SIXTEEN, new WaitSummary(1, 9_000, 9_000, 9_000)),
                2, 2, 2, 1, new GpuUse(16, 115_200, 14_400, 1_800, 3_600), new WaitSummary(1, 1_800, 1_800, 1_800));
        return new Comparison(demand, RuntimeEstimates.EXACT, List.of(fifo, strict, backfill));
    }

    @Test
    void showsTheStudysFiguresInChartsAndATable() throws IOException {
        Path file = dir.resolve("study.html");
        try (Writer out = Files.newBufferedWriter(file)) {
            StudyPage.write(List.of(byHand()), "backfill-study by hand", out);
        }
        HeadlessChromium.load(browser, file.toUri().toString());
        HeadlessChromium.screenshot(browser, "backfill-study");
        assertThat(HeadlessChromium.consoleProblems(browser)).isEmpty();

        assertThat(names("chart-study-0-p95")).containsExactly("BestEffortFIFO", "backfill");
        assertThat(data("chart-study-0-p95", 0)).containsExactly(1.0, 10.0);
        assertThat(data("chart-study-0-p95", 1)).containsExactly(0.5, 2.5);
        assertThat(data("chart-study-0-p50", 1)).containsExactly(0.5, 2.5);
        List<Object> classes = eval("return window.musterCharts['chart-study-0-p95'].getOption().xAxis[0].data;");
        assertThat(classes).containsExactly("1", "9-16");
        assertThat(data("chart-study-0-totals", 0)).containsExactly(10.0, 50.0);
        assertThat(data("chart-study-0-totals", 1)).containsExactly(0.0, 3.1);
        assertThat(data("chart-study-0-totals", 2)).containsExactly(10.0, 4.0);

        String text = browser.findElement(org.openqa.selenium.By.id("study-0")).getText();
        assertThat(text).contains("hand, exact estimates: 2 jobs on 16 GPUs, offered load 1.06 over 1.0 h")
                .contains("BestEffortFIFO's over: backfill 4.00x")
                .contains("At most, from each run's own states", "backfill 20.00x")
                .contains("StrictFIFO - not available");
    }

    @Test
    void escapesWhatItIsGiven() throws IOException {
        StringWriter out = new StringWriter();
        StudyPage.write(List.of(byHand()), "<script>alert(1)</script>", out);
        assertThat(out.toString()).contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                .doesNotContain("<script>alert(1)</script>"); // the JSON in the page has it as <\/script>
    }

    @SuppressWarnings("unchecked")
    private static <T> T eval(String script) {
        return (T) browser.executeScript(script);
    }

    private static List<String> names(String chart) {
        List<Map<String, Object>> series = eval("return window.musterCharts['" + chart + "'].getOption().series;");
        return series.stream().map(s -> (String) s.get("name")).toList();
    }

    private static List<Double> data(String chart, int series) {
        List<Object> values = eval("return window.musterCharts['" + chart + "'].getOption().series[" + series + "].data;");
        return values.stream().map(v -> v == null ? null : ((Number) v).doubleValue()).toList();
    }
}
