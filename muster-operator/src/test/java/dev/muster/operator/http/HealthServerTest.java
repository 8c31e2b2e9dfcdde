package dev.muster.operator.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HealthServerTest {

    private final AtomicBoolean ready = new AtomicBoolean(false);
    private final AtomicReference<String> reason = new AtomicReference<>("informers not synced: RayJob, ClusterQueue");
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final HttpClient client = HttpClient.newHttpClient();
    private HealthServer server;

    @BeforeEach
    void start() throws IOException {
        server = new HealthServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                ready::get, reason::get, registry).start();
    }

    @AfterEach
    void stop() {
        server.close();
        client.close();
    }

    private HttpResponse<String> get(String path, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    @Test
    void portZeroBindsAFreePortAndReportsIt() {
        assertThat(server.port()).isPositive();
    }

    @Test
    void healthzAnswersOkWhileTheProcessRuns() throws Exception {
        HttpResponse<String> response = get("/healthz");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ok\n");
    }

    @Test
    void readyzAnswers503WithTheReasonUntilReady() throws Exception {
        HttpResponse<String> response = get("/readyz");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.body()).isEqualTo("informers not synced: RayJob, ClusterQueue\n");
    }

    @Test
    void readyzAnswersOkOnceReady() throws Exception {
        ready.set(true);

        HttpResponse<String> response = get("/readyz");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ok\n");
    }

    @Test
    void readyzFollowsReadinessBothWays() throws Exception {
        ready.set(true);
        assertThat(get("/readyz").statusCode()).isEqualTo(200);

        ready.set(false);
        reason.set("lost the leader lease");

        assertThat(get("/readyz").body()).isEqualTo("lost the leader lease\n");
    }

    @Test
    void aBlankReasonReadsNotReady() throws Exception {
        reason.set(null);

        assertThat(get("/readyz").body()).isEqualTo("not ready\n");
    }

    @Test
    void aReadinessCheckThatThrowsMeansNotReady() throws Exception {
        try (HealthServer failing = new HealthServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                () -> {
                    throw new IllegalStateException("cache closed");
                }, () -> "unused", registry).start()) {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + failing.port() + "/readyz")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.body()).contains("readiness check failed", "cache closed");
        }
    }

    @Test
    void metricsServeTheRegistryInPrometheusTextFormat() throws Exception {
        Counter.builder("kueue_admitted_workloads_total").tag("cluster_queue", "cq").register(registry).increment();

        HttpResponse<String> response = get("/metrics");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValue("text/plain; version=0.0.4; charset=utf-8");
        assertThat(response.body()).contains("kueue_admitted_workloads_total{cluster_queue=\"cq\"} 1.0");
    }

    @Test
    void metricsServeOpenMetricsWhenTheScraperAsksForIt() throws Exception {
        Counter.builder("kueue_admitted_workloads_total").tag("cluster_queue", "cq").register(registry).increment();

        HttpResponse<String> response = get("/metrics",
                "Accept", "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5");

        assertThat(response.headers().firstValue("Content-Type")).get().asString()
                .startsWith("application/openmetrics-text");
        assertThat(response.body()).contains("kueue_admitted_workloads_total{cluster_queue=\"cq\"} 1.0")
                .endsWith("# EOF\n");
    }

    @Test
    void headGetsTheStatusWithoutBody() throws Exception {
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(uri("/healthz")).method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEmpty();
    }

    @Test
    void otherPathsAreNotFound() throws Exception {
        assertThat(get("/").statusCode()).isEqualTo(404);
        assertThat(get("/healthzz").statusCode()).isEqualTo(404);
        assertThat(get("/metrics/extra").statusCode()).isEqualTo(404);
    }

    @Test
    void otherMethodsAreNotAllowed() throws Exception {
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(uri("/healthz")).POST(HttpRequest.BodyPublishers.ofString("x")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.headers().firstValue("Allow")).hasValue("GET, HEAD");
    }
}
