package dev.muster.operator.visibility;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.muster.core.explain.QueuePositions;
import dev.muster.operator.http.TestTls;
import dev.muster.operator.http.WebhookServer;
import dev.muster.operator.webhook.SuspendOnCreate;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The visibility API over HTTPS on the webhook's server, answering as Kueue's visibility server
 * does: the responses are compared with ones recorded from Kueue's types (test resources
 * {@code visibility/}, whose README names the sources).
 */
class VisibilityApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long T0 = 1_701_790_923_000L; // 2023-12-05T15:42:03Z

    @TempDir
    static Path dir;

    private static TestTls.ServerTls tls;
    private static HttpClient client;
    private WebhookServer server;
    private final AtomicReference<QueueLookup> unavailable = new AtomicReference<>();

    /** ClusterQueue cluster-queue with LocalQueues default/user-queue and team-b/team-queue. */
    private final PendingWorkloadsSource source = new PendingWorkloadsSource() {
        private final QueuePositions queue = QueuePositions.number("cluster-queue", List.of(
                PendingWorkloadsSummariesTest.workload("default", "job-high", "user-queue", 100, T0),
                PendingWorkloadsSummariesTest.workload("team-b", "job-b", "team-queue", 100, T0 + 1000),
                PendingWorkloadsSummariesTest.workload("default", "job-low", "user-queue", 0, T0 + 2500)));

        @Override
        public QueueLookup clusterQueue(String name) {
            return unavailable.get() != null ? unavailable.get()
                    : name.equals("cluster-queue") ? new QueueLookup.Found(queue) : new QueueLookup.NotFound();
        }

        @Override
        public QueueLookup localQueue(String namespace, String name) {
            boolean known = namespace.equals("default") && name.equals("user-queue")
                    || namespace.equals("team-b") && name.equals("team-queue");
            return known ? new QueueLookup.Found(queue) : new QueueLookup.NotFound();
        }
    };

    @BeforeAll
    static void makeCertificate() throws Exception {
        tls = TestTls.keytoolServer(dir);
        client = HttpClient.newBuilder().sslContext(TestTls.trusting(tls.certificate())).build();
    }

    @AfterAll
    static void closeClient() {
        client.close();
    }

    @BeforeEach
    void serve() throws IOException {
        server = new WebhookServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), tls.context(),
                new SuspendOnCreate()).serve(VisibilityApi.PATH_PREFIX, new VisibilityApi(source)).start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theClusterQueuesPendingWorkloadsAreKueuesPendingWorkloadsSummary() throws Exception {
        HttpResponse<String> r = get("/apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/cluster-queue/pendingworkloads");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).contains("application/json");
        assertThat(JSON.readTree(r.body())).isEqualTo(recorded("clusterqueue-pendingworkloads.json"));
    }

    @Test
    void aLocalQueuesPendingWorkloadsAreItsOwnWithTheirPlacesInTheClusterQueue() throws Exception {
        HttpResponse<String> r = get(
                "/apis/visibility.kueue.x-k8s.io/v1beta2/namespaces/default/localqueues/user-queue/pendingworkloads?offset=1");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(r.body())).isEqualTo(recorded("localqueue-pendingworkloads.json"));
    }

    @Test
    void limitAndOffsetSelectAWindow() throws Exception {
        JsonNode summary = JSON.readTree(
                get("/apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/cluster-queue/pendingworkloads?limit=1&offset=1")
                        .body());

        assertThat(summary.get("items")).singleElement().satisfies(item -> {
            assertThat(item.get("metadata").get("name").asText()).isEqualTo("job-b");
            assertThat(item.get("positionInClusterQueue").asInt()).isEqualTo(1);
        });
    }

    @Test
    void anUnknownQueueIsNotFoundAsKueueSaysIt() throws Exception {
        HttpResponse<String> cq = get("/apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/nonexistent-queue/pendingworkloads");
        HttpResponse<String> lq = get(
                "/apis/visibility.kueue.x-k8s.io/v1beta1/namespaces/other/localqueues/user-queue/pendingworkloads");

        assertThat(cq.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(cq.body())).isEqualTo(recorded("clusterqueue-not-found.json"));
        assertThat(lq.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(lq.body()).get("message").asText())
                .isEqualTo("localqueue.visibility.kueue.x-k8s.io \"user-queue\" not found");
    }

    @Test
    void otherPathsAndVersionsAreNotFound() throws Exception {
        assertThat(get("/apis/visibility.kueue.x-k8s.io/v1alpha1/clusterqueues/cluster-queue/pendingworkloads")
                .statusCode()).isEqualTo(404);
        assertThat(get("/apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/cluster-queue").statusCode()).isEqualTo(404);
        assertThat(get("/apis/kueue.x-k8s.io/v1beta1").statusCode()).isEqualTo(404);
    }

    @Test
    void theApiIsReadOnly() throws Exception {
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri(
                        "/apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/cluster-queue/pendingworkloads"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(405);
        assertThat(r.headers().firstValue("Allow")).contains("GET");
        assertThat(JSON.readTree(r.body()).get("reason").asText()).isEqualTo("MethodNotAllowed");
    }

    @Test
    void aMalformedParameterIsABadRequest() throws Exception {
        HttpResponse<String> r = get("/apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/cluster-queue/pendingworkloads?limit=x");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(r.body()).get("reason").asText()).isEqualTo("BadRequest");
    }

    @Test
    void withoutAnEngineTheApiIsUnavailable() throws Exception {
        unavailable.set(new QueueLookup.Unavailable("this replica of Muster does not lead; the leader answers"));

        HttpResponse<String> r = get("/apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/cluster-queue/pendingworkloads");

        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(r.body()).get("message").asText()).contains("does not lead");
    }

    @Test
    void discoveryListsTheGroupItsVersionsAndTheSubresources() throws Exception {
        JsonNode groups = JSON.readTree(get("/apis").body());
        JsonNode group = JSON.readTree(get("/apis/visibility.kueue.x-k8s.io").body());
        HttpResponse<String> resources = get("/apis/visibility.kueue.x-k8s.io/v1beta1");

        assertThat(groups.get("kind").asText()).isEqualTo("APIGroupList");
        assertThat(groups.get("groups")).singleElement()
                .satisfies(g -> assertThat(g.get("name").asText()).isEqualTo("visibility.kueue.x-k8s.io"));
        assertThat(group.get("kind").asText()).isEqualTo("APIGroup");
        assertThat(group.get("versions").findValuesAsText("version")).containsExactly("v1beta2", "v1beta1");
        assertThat(group.get("preferredVersion").get("version").asText()).isEqualTo("v1beta2");
        assertThat(resources.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(resources.body())).isEqualTo(recorded("apiresourcelist-v1beta1.json"));
    }

    @Test
    void theWebhookStillAnswersOnItsPath() throws Exception {
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri(WebhookServer.MUTATE_PATH)).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).as("/mutate takes POST only").isEqualTo(405);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("https://127.0.0.1:" + server.port() + path);
    }

    static JsonNode recorded(String name) throws IOException {
        try (InputStream in = VisibilityApiTest.class.getResourceAsStream("/visibility/" + name)) {
            return JSON.readTree(in);
        }
    }
}
