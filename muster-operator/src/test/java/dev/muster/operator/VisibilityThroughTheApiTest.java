package dev.muster.operator;

import static dev.muster.operator.OperatorCluster.condition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.http.TestTls;
import dev.muster.operator.http.WebhookServer;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.metrics.MusterMetrics;
import dev.muster.operator.visibility.VisibilityApi;
import dev.muster.operator.webhook.SuspendOnCreate;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code muster run}'s visibility API against an API server (fabric8's mock): with one RayJob
 * holding the ClusterQueue's only GPU, the two that wait are listed as Kueue's visibility server
 * lists them — the higher priority first — in the shape of Kueue's PendingWorkloadsSummary
 * (apis/visibility/v1beta1/types.go; the fields compared with test resource
 * visibility/clusterqueue-pendingworkloads.json).
 */
@EnableKubernetesMockClient(crud = true)
class VisibilityThroughTheApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CQ = "/apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/cluster-queue/pendingworkloads";
    private static final String LQ =
            "/apis/visibility.kueue.x-k8s.io/v1beta1/namespaces/default/localqueues/user-queue/pendingworkloads";

    /** The label lines of a RayJob of priority class prod-priority (1000) in user-queue. */
    private static final String PROD = "kueue.x-k8s.io/queue-name: user-queue\n    kueue.x-k8s.io/priority-class: prod-priority";

    @TempDir
    Path dir;

    KubernetesClient client;
    private OperatorCluster cluster;
    private MusterOperator operator;
    private WebhookServer server;
    private HttpClient https;
    private MusterMetrics metrics;

    @BeforeEach
    void startOperator() throws Exception {
        cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("queues.yaml");
        metrics = new MusterMetrics();
        operator = new MusterOperator(client, OperatorOptions.defaults("test").withLeaderElection(false, "default")
                .withForecastInterval(Duration.ofMillis(200)), metrics);
        operator.start();
        TestTls.ServerTls tls = TestTls.keytoolServer(dir);
        server = new WebhookServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), tls.context(),
                new SuspendOnCreate()).serve(VisibilityApi.PATH_PREFIX, operator.visibilityApi()).start();
        https = HttpClient.newBuilder().sslContext(TestTls.trusting(tls.certificate())).build();
    }

    @AfterEach
    void stopOperator() {
        https.close();
        server.close();
        operator.close();
    }

    private static String workloadOf(String job) {
        return KueueWorkloadNames.of("RayJob", new ObjectKey("default", job));
    }

    @Test
    void theWaitingRayJobsAreListedInQueueOrderInKueuesShape() throws Exception {
        // first and urgent of the same high priority, so that urgent waits rather than preempt first.
        cluster.apply("rayjob.yaml", Map.of("NAME", "first", "kueue.x-k8s.io/queue-name: user-queue", PROD));
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(condition(
                cluster.get(KubeKind.WORKLOAD, new ObjectKey("default", workloadOf("first"))), "Admitted")).isTrue());
        cluster.apply("rayjob.yaml", Map.of("NAME", "second"));
        cluster.apply("rayjob.yaml", Map.of("NAME", "urgent", "kueue.x-k8s.io/queue-name: user-queue", PROD));

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                assertThat(JSON.readTree(get(CQ).body()).get("items")).hasSize(2));
        HttpResponse<String> response = get(CQ);
        JsonNode summary = JSON.readTree(response.body());

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode recorded = recorded();
        assertThat(fieldNames(summary)).isEqualTo(fieldNames(recorded));
        assertThat(summary.get("kind")).isEqualTo(recorded.get("kind"));
        assertThat(summary.get("apiVersion")).isEqualTo(recorded.get("apiVersion"));
        assertThat(summary.get("metadata")).isEqualTo(recorded.get("metadata"));
        JsonNode urgent = summary.get("items").get(0);
        JsonNode second = summary.get("items").get(1);
        assertThat(fieldNames(urgent)).isEqualTo(fieldNames(recorded.get("items").get(0)));
        assertThat(fieldNames(urgent.get("metadata"))).isEqualTo(fieldNames(recorded.get("items").get(0).get("metadata")));
        assertThat(urgent.get("metadata").get("name").asText()).isEqualTo(workloadOf("urgent"));
        assertThat(urgent.get("metadata").get("namespace").asText()).isEqualTo("default");
        assertThat(urgent.get("metadata").get("creationTimestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(urgent.get("priority").asInt()).isEqualTo(1000);
        assertThat(urgent.get("localQueueName").asText()).isEqualTo("user-queue");
        assertThat(urgent.get("positionInClusterQueue").asInt()).isZero();
        assertThat(urgent.get("positionInLocalQueue").asInt()).isZero();
        assertThat(second.get("metadata").get("name").asText()).isEqualTo(workloadOf("second"));
        assertThat(second.get("priority").asInt()).isZero();
        assertThat(second.get("positionInClusterQueue").asInt()).isEqualTo(1);
        assertThat(second.get("positionInLocalQueue").asInt()).isEqualTo(1);

        JsonNode inLocalQueue = JSON.readTree(get(LQ + "?offset=1").body());
        assertThat(inLocalQueue.get("items")).singleElement()
                .satisfies(i -> assertThat(i.get("metadata").get("name").asText()).isEqualTo(workloadOf("second")));
    }

    @Test
    void eachWaitingWorkloadCarriesWhenItIsExpectedToBeAdmittedAndTheMetricsTheWaitPerQueue() throws Exception {
        // first holds the only GPU and says it runs 30 minutes; second waits for it.
        cluster.apply("rayjob.yaml", Map.of("NAME", "first", "  labels:\n", "  annotations: {muster.dev/expected-runtime: 30m}\n  labels:\n"));
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(condition(
                cluster.get(KubeKind.WORKLOAD, new ObjectKey("default", workloadOf("first"))), "Admitted")).isTrue());
        cluster.apply("rayjob.yaml", Map.of("NAME", "second"));

        ObjectKey second = new ObjectKey("default", workloadOf("second"));
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(json(cluster.get(KubeKind.WORKLOAD, second))
                .path("metadata").path("annotations").has("muster.dev/expected-admission")).isTrue());
        JsonNode firstObject = json(cluster.get(KubeKind.WORKLOAD, new ObjectKey("default", workloadOf("first"))));
        JsonNode annotations = json(cluster.get(KubeKind.WORKLOAD, second)).path("metadata").path("annotations");
        Instant admitted = Instant.parse(conditionTime(firstObject, "QuotaReserved"));
        Instant expected = Instant.parse(annotations.get("muster.dev/expected-admission").asText());
        // 30 minutes after first's run began: its admission (written in whole seconds, so up to 1 s
        // earlier than the decider's), or its pods' readiness a little later.
        assertThat(expected).isBetween(admitted.plus(Duration.ofMinutes(30)).minusSeconds(1),
                admitted.plus(Duration.ofMinutes(30)).plusSeconds(10));
        assertThat(annotations.get("muster.dev/expected-admission-basis").asText())
                .isEqualTo("when default/" + workloadOf("first") + " finishes (expected to run 30m from its muster.dev/expected-runtime annotation)");
        assertThat(firstObject.path("metadata").path("annotations").has("muster.dev/expected-admission"))
                .as("an admitted workload has no forecast").isFalse();

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(metrics.scrape())
                .containsPattern("muster_forecast_admission_wait_seconds\\{cluster_queue=\"cluster-queue\",quantile=\"1\"} 1[78]\\d\\d")
                .contains("muster_forecast_unknown_workloads{cluster_queue=\"cluster-queue\"} 0.0"));
    }

    private static JsonNode json(io.fabric8.kubernetes.api.model.GenericKubernetesResource object) {
        return io.fabric8.kubernetes.client.utils.Serialization.jsonMapper().valueToTree(object);
    }

    private static String conditionTime(JsonNode workload, String type) {
        for (JsonNode c : workload.path("status").path("conditions")) {
            if (c.path("type").asText().equals(type)) {
                return c.path("lastTransitionTime").asText();
            }
        }
        throw new AssertionError("no condition " + type + " in " + workload);
    }

    @Test
    void anUnknownQueueIsNotFoundAndThePathIsReadOnly() throws Exception {
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(get(CQ).statusCode()).isEqualTo(200));

        HttpResponse<String> unknownCq = get("/apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/no-such-queue/pendingworkloads");
        HttpResponse<String> unknownLq = get(
                "/apis/visibility.kueue.x-k8s.io/v1beta1/namespaces/default/localqueues/no-such-queue/pendingworkloads");
        HttpResponse<String> post = https.send(HttpRequest.newBuilder(uri(CQ)).POST(HttpRequest.BodyPublishers.noBody())
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(unknownCq.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(unknownCq.body()).get("reason").asText()).isEqualTo("NotFound");
        assertThat(unknownLq.statusCode()).isEqualTo(404);
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(JSON.readTree(get(CQ).body()).get("items")).isEmpty();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return https.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("https://127.0.0.1:" + server.port() + path);
    }

    private static JsonNode recorded() throws Exception {
        try (var in = VisibilityThroughTheApiTest.class.getResourceAsStream("/visibility/clusterqueue-pendingworkloads.json")) {
            return JSON.readTree(in);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }
}
