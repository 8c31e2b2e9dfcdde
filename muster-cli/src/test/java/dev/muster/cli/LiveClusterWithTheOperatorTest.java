package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.cli.dashboard.DashboardServer;
import dev.muster.cli.dashboard.DashboardState;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.MusterOperator;
import dev.muster.operator.OperatorOptions;
import dev.muster.operator.kube.KubeKind;
import dev.muster.testkit.HeadlessChromium;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * End to end: Muster's operator runs a cluster (fabric8's mock) with one GPU of quota; of three
 * Jobs, the first runs and two wait; {@code muster explain} reads the reason the operator wrote
 * into each Workload and the positions its visibility API gives (through {@link ApiServerFront},
 * as through the kube-apiserver's aggregation), and the forecast it wrote; the dashboard
 * ({@code muster run --dashboard-port}) shows the same, in headless Chromium, refreshed as it polls.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class LiveClusterWithTheOperatorTest {

    @TempDir
    Path dir;

    KubernetesClient client;

    @Test
    void theReasonThePositionsAndTheForecastAsExplainAndTheDashboardShowThem() throws Exception {
        MockApiObjects.installCrds(client);
        create(KubeKind.RESOURCE_FLAVOR, """
                {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ResourceFlavor", "metadata": {"name": "default-flavor"}}""");
        create(KubeKind.CLUSTER_QUEUE, """
                {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ClusterQueue", "metadata": {"name": "gpus"},
                 "spec": {"namespaceSelector": {}, "preemption": {"withinClusterQueue": "LowerPriority"},
                   "resourceGroups": [{"coveredResources": ["cpu", "nvidia.com/gpu"], "flavors": [{"name": "default-flavor",
                     "resources": [{"name": "cpu", "nominalQuota": 10}, {"name": "nvidia.com/gpu", "nominalQuota": 1}]}]}]}}""");
        create(KubeKind.LOCAL_QUEUE, """
                {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "LocalQueue", "metadata": {"name": "ml", "namespace": "default"},
                 "spec": {"clusterQueue": "gpus"}}""");
        create(KubeKind.WORKLOAD_PRIORITY_CLASS, """
                {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "WorkloadPriorityClass", "metadata": {"name": "prod"},
                 "value": 1000}""");

        try (MusterOperator operator = new MusterOperator(client, OperatorOptions.defaults("test")
                .withLeaderElection(false, "default").withForecastInterval(Duration.ofMillis(200)))) {
            operator.start();
            // first and urgent of the same priority: urgent waits rather than preempt first; second (priority 0) after it.
            // first says it runs 30 minutes; urgent says nothing, so what waits behind it is not within the forecast.
            job("first", true, "30m");
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(conditionStatus(workload("first"), "QuotaReserved")).isEqualTo("True"));
            job("second", false, null);
            job("urgent", true, null);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertThat(conditionStatus(workload("second"), "QuotaReserved")).isEqualTo("False");
                assertThat(conditionStatus(workload("urgent"), "QuotaReserved")).isEqualTo("False");
            });
            try (ApiServerFront front = new ApiServerFront(client.getMasterUrl().toString(), operator.visibilityApi())) {
                Path kubeconfig = ApiServerFront.kubeconfig(dir, front.url(), ApiServerFront.TOKEN);
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    Run r = run("explain", "--kubeconfig", kubeconfig.toString());
                    assertThat(r.exitCode()).as(r.err()).isZero();
                    // what the operator wrote, read back from the objects themselves
                    assertThat(r.out()).startsWith("2 workloads waiting at")
                            .contains("default/urgent (Job), queue gpus, Workload " + workloadName("urgent") + "\n"
                                    + "  why:   " + why(workload("urgent")) + "\n"
                                    + "  where: 0 ahead of it in its ClusterQueue, 0 in its LocalQueue\n")
                            .contains("default/second (Job), queue gpus, Workload " + workloadName("second") + "\n"
                                    + "  why:   " + why(workload("second")) + "\n"
                                    + "  where: 1 ahead of it in its ClusterQueue, 1 in its LocalQueue\n")
                            .doesNotContain("default/first", "positions unknown");
                    assertThat(r.out().indexOf("default/urgent")).isLessThan(r.out().indexOf("default/second"));
                    // the operator's forecast, from the annotations it wrote
                    String urgent = r.out().substring(r.out().indexOf("default/urgent"), r.out().indexOf("default/second"));
                    assertThat(urgent).containsPattern("  when:  at 20\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\(\\+(29m|30m)")
                            .contains("when default/" + workloadName("first")
                                    + " finishes (expected to run 30m from its muster.dev/expected-runtime annotation)");
                    assertThat(r.out().substring(r.out().indexOf("default/second")))
                            .contains("  when:  not within the forecast: 1 workload holds quota for an unknown time (default/"
                                    + workloadName("urgent"));
                    assertThat(r.out()).contains("The forecast assumes: no new workloads arrive");
                });
                // the operator writes its reason codes (core.model.Pending): one that waits for the only GPU waits for quota
                assertThat(reason(workload("second"))).isEqualTo("WaitingForQuota");
            }
            try (DashboardServer dashboard = new DashboardServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                    () -> operator.decider().flatMap(d -> d.view()).map(v -> new DashboardState(DashboardState.CLUSTER, v)),
                    Optional.empty()).start()) {
                ChromeDriver browser = HeadlessChromium.start(dir.resolve("profile"));
                try {
                    browser.get(dashboard.url());
                    // Polled every 2 s: a second poll shows the page follows the cluster.
                    new WebDriverWait(browser, Duration.ofSeconds(30)).until(d -> Integer.parseInt(String.valueOf(
                            ((JavascriptExecutor) d).executeScript("return document.body.getAttribute('data-polls') || '0';"))) >= 2);
                    String urgent = browser.findElement(By.cssSelector("#waiting-table tr[data-workload='default/"
                            + workloadName("urgent") + "']")).getText();
                    assertThat(urgent).contains("gpus", "0, 0", "WaitingForQuota", "when default/" + workloadName("first") + " finishes")
                            .containsPattern("20\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
                    String second = browser.findElement(By.cssSelector("#waiting-table tr[data-workload='default/"
                            + workloadName("second") + "']")).getText();
                    assertThat(second).contains("1, 1", "WaitingForQuota", "not within the forecast");
                    assertThat(browser.findElement(By.id("status")).getText()).startsWith("live cluster at 20");
                    assertThat(HeadlessChromium.consoleProblems(browser)).isEmpty();
                } finally {
                    browser.quit();
                }
            }
        }
    }

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private void job(String name, boolean prod, String expectedRuntime) {
        create(KubeKind.BATCH_JOB, """
                {"apiVersion": "batch/v1", "kind": "Job",
                 "metadata": {"name": "%s", "namespace": "default", "labels": {"kueue.x-k8s.io/queue-name": "ml"%s}%s},
                 "spec": {"parallelism": 1, "completions": 1, "suspend": true, "template": {"spec": {"restartPolicy": "Never",
                   "containers": [{"name": "main", "image": "trainer",
                     "resources": {"requests": {"cpu": "1", "nvidia.com/gpu": "1"}, "limits": {"nvidia.com/gpu": "1"}}}]}}}}"""
                .formatted(name, prod ? ", \"kueue.x-k8s.io/priority-class\": \"prod\"" : "",
                        expectedRuntime == null ? "" : ", \"annotations\": {\"muster.dev/expected-runtime\": \"" + expectedRuntime + "\"}"));
    }

    private void create(KubeKind kind, String json) {
        MockApiObjects.create(client, kind, json);
    }

    private static String workloadName(String job) {
        return KueueWorkloadNames.of("Job", new ObjectKey("default", job));
    }

    private GenericKubernetesResource workload(String job) {
        return client.genericKubernetesResources(KubeKind.WORKLOAD.context()).inNamespace("default")
                .withName(workloadName(job)).get();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> quotaReserved(GenericKubernetesResource w) {
        if (w == null || !(w.getAdditionalProperties().get("status") instanceof Map<?, ?> status)
                || !(status.get("conditions") instanceof List<?> conditions)) {
            return Map.of();
        }
        return conditions.stream().map(c -> (Map<String, Object>) c).filter(c -> "QuotaReserved".equals(c.get("type")))
                .findFirst().orElse(Map.of());
    }

    private static String conditionStatus(GenericKubernetesResource w, String type) {
        return String.valueOf(quotaReserved(w).get("status"));
    }

    private static String reason(GenericKubernetesResource w) {
        return String.valueOf(quotaReserved(w).get("reason"));
    }

    /** "reason: message", as explain prints the QuotaReserved=False condition. */
    private static String why(GenericKubernetesResource w) {
        return reason(w) + ": " + quotaReserved(w).get("message");
    }
}
