package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.cli.dashboard.DashboardServer;
import dev.muster.cli.dashboard.DashboardState;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.Report;
import dev.muster.sim.report.html.HtmlReport;
import dev.muster.testkit.HeadlessChromium;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The dashboard of {@code muster simulate --serve} in headless Chromium: examples/quota-and-borrowing
 * stopped at 40s, when team-b/sweep and team-a/big-train wait (README, "Why is my job waiting").
 */
class DashboardInABrowserTest {

    @TempDir
    static Path dir;

    private static ChromeDriver browser;
    private static DashboardServer server;

    @BeforeAll
    static void serve() throws Exception {
        Simulation simulation = new Simulation(ScenarioLoader.load(List.of(Path.of("..", "examples", "quota-and-borrowing")), 1),
                new SimulationOptions(OptionalLong.of(40_000)).withSeries());
        Report report = simulation.run();
        StringWriter page = new StringWriter();
        HtmlReport.write(report, simulation.series().orElseThrow(), "quota-and-borrowing", page);
        DashboardState state = SimulationDashboard.state(simulation);
        server = new DashboardServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), () -> Optional.of(state),
                Optional.of(page.toString())).start();
        browser = HeadlessChromium.start(dir.resolve("profile"));
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theWaitingWorkloadsTheQueuesAndTheirUsageAreShownWithoutAConsoleError() throws Exception {
        HeadlessChromium.load(browser, server.url());
        HeadlessChromium.screenshot(browser, "dashboard-quota-and-borrowing");
        assertThat(HeadlessChromium.consoleProblems(browser)).isEmpty();

        // At 40s: sweep (team-b) and big-train (team-a) wait for a100 GPUs, each first in its ClusterQueue.
        List<WebElement> rows = browser.findElements(By.cssSelector("#waiting-table tbody tr"));
        assertThat(rows).extracting(r -> r.getAttribute("data-workload")).containsExactlyInAnyOrder("team-b/sweep", "team-a/big-train");
        WebElement sweep = browser.findElement(By.cssSelector("#waiting-table tr[data-workload='team-b/sweep']"));
        assertThat(sweep.getText()).contains("team-b", "0, 0", "WaitingForQuota", "at 10m20s",
                "when team-b/eval finishes (expected to run 10m from its muster.dev/expected-runtime annotation)");

        // The tree: the cohort research with its two ClusterQueues.
        List<String> queueRows = browser.findElements(By.cssSelector("#queues-table tbody tr")).stream()
                .map(r -> r.getAttribute("data-queue")).toList();
        assertThat(queueRows).containsExactly("research", "team-a", "team-b");

        // GPUs per queue: team-a holds pretrain's 6 and finetune's 4, team-b eval's 4; their quotas are
        // 8 a100 + 4 l4 (team-a) and 8 a100 (team-b), as examples/quota-and-borrowing/01-queues.yaml says.
        JavascriptExecutor js = browser;
        assertThat((Object) js.executeScript("return window.musterCharts['chart-queues'].getOption().xAxis[0].data;"))
                .isEqualTo(List.of("team-a", "team-b"));
        assertThat((Object) js.executeScript("return window.musterCharts['chart-queues'].getOption().series[0].data;"))
                .isEqualTo(List.of(10L, 4L));
    }

    static java.util.stream.Stream<String> examples() throws java.io.IOException {
        return BundledExamples.names();
    }

    /** Every example, at its end: the page draws with no console error and lists what the view holds. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("examples")
    void everyExampleIsShownWithoutAConsoleError(String example) throws Exception {
        Simulation simulation = new Simulation(ScenarioLoader.load(List.of(Path.of("..", "examples", example)), 1),
                SimulationOptions.DEFAULTS.withSeries());
        simulation.run();
        DashboardState state = SimulationDashboard.state(simulation);
        try (DashboardServer one = new DashboardServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                () -> Optional.of(state), Optional.empty()).start()) {
            HeadlessChromium.load(browser, one.url());
            HeadlessChromium.screenshot(browser, "dashboard-" + example);
            assertThat(HeadlessChromium.consoleProblems(browser)).as(example).isEmpty();
            assertThat(browser.findElements(By.cssSelector("#queues-table tbody tr"))).hasSize(state.view().queues().size());
            int waiting = state.view().waiting().size();
            assertThat(browser.findElements(By.cssSelector("#waiting-table tbody tr[data-workload]"))).hasSize(waiting);
            if (!state.view().nodes().isEmpty()) {
                Number cells = (Number) ((JavascriptExecutor) browser).executeScript(
                        "return window.musterCharts['chart-nodes'].getOption().series[0].data.length;");
                assertThat(cells.intValue()).isEqualTo(state.view().nodes().stream().mapToInt(n -> n.devices().size()).sum());
            }
        }
    }

    @Test
    void itIsReadOnlyAndServesTheRunsReport() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> report = http.send(HttpRequest.newBuilder(URI.create(server.url() + "report.html")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(report.statusCode()).isEqualTo(200);
        assertThat(report.body()).contains("id=\"muster-data\"");
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(URI.create(server.url() + "state.json"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
        HttpResponse<String> other = http.send(HttpRequest.newBuilder(URI.create(server.url() + "admin")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(other.statusCode()).isEqualTo(404);
    }
}
