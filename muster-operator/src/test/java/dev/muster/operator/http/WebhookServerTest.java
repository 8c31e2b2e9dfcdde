package dev.muster.operator.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.muster.operator.webhook.AdmissionHandler;
import dev.muster.operator.webhook.SuspendOnCreate;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The webhook over HTTPS, with a certificate from keytool handed over as an SSLContext. */
class WebhookServerTest {

    static final String QUEUED_RAYJOB_REVIEW = """
            {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
             "request": {"uid": "0b3a-77", "operation": "CREATE", "namespace": "default",
                         "kind": {"group": "ray.io", "version": "v1", "kind": "RayJob"},
                         "resource": {"group": "ray.io", "version": "v1", "resource": "rayjobs"},
                         "object": {"apiVersion": "ray.io/v1", "kind": "RayJob",
                                    "metadata": {"name": "pytorch-text-classifier",
                                                 "labels": {"kueue.x-k8s.io/queue-name": "user-queue"}},
                                    "spec": {"shutdownAfterJobFinishes": true,
                                             "rayClusterSpec": {"headGroupSpec": {}}}}}}
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private static TestTls.ServerTls tls;
    private static HttpClient trustingClient;
    private WebhookServer server;

    @BeforeAll
    static void makeCertificate() throws Exception {
        tls = TestTls.keytoolServer(dir);
        trustingClient = HttpClient.newBuilder().sslContext(TestTls.trusting(tls.certificate())).build();
    }

    @AfterAll
    static void closeClient() {
        trustingClient.close();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private WebhookServer serve(AdmissionHandler handler) throws IOException {
        server = new WebhookServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), tls.context(), handler)
                .start();
        return server;
    }

    private URI uri(String path) {
        return URI.create("https://127.0.0.1:" + server.port() + path);
    }

    private HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        return trustingClient.send(HttpRequest.newBuilder(uri(path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A ConversionReview of one v1beta1 ClusterQueue (cohort "team") to {@code desired}. */
    private static String clusterQueueConversion(String uid, String desired) {
        return "{\"apiVersion\": \"apiextensions.k8s.io/v1\", \"kind\": \"ConversionReview\", \"request\": {\"uid\": \""
                + uid + "\", \"desiredAPIVersion\": \"" + desired + "\", \"objects\": [{\"apiVersion\": \"kueue.x-k8s.io/v1beta1\", "
                + "\"kind\": \"ClusterQueue\", \"metadata\": {\"name\": \"cq\"}, \"spec\": {\"cohort\": \"team\"}}]}}";
    }

    @Test
    void mutateAnswersTheReviewWithTheSuspendPatch() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = post("/mutate", QUEUED_RAYJOB_REVIEW);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode answer = JSON.readTree(response.body());
        assertThat(answer.at("/apiVersion").asText()).isEqualTo("admission.k8s.io/v1");
        assertThat(answer.at("/kind").asText()).isEqualTo("AdmissionReview");
        assertThat(answer.at("/response/uid").asText()).isEqualTo("0b3a-77");
        assertThat(answer.at("/response/allowed").asBoolean()).isTrue();
        assertThat(answer.at("/response/patchType").asText()).isEqualTo("JSONPatch");
        String patch = new String(Base64.getDecoder().decode(answer.at("/response/patch").asText()),
                StandardCharsets.UTF_8);
        assertThat(JSON.readTree(patch)).isEqualTo(
                JSON.readTree("[{\"op\":\"add\",\"path\":\"/spec/suspend\",\"value\":true}]"));
    }

    @Test
    void convertAnswersTheCrdConversionReview() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = post("/convert", clusterQueueConversion("c-1", "kueue.x-k8s.io/v1beta2"));

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode answer = JSON.readTree(response.body());
        assertThat(answer.at("/response/uid").asText()).isEqualTo("c-1");
        assertThat(answer.at("/response/result/status").asText()).isEqualTo("Success");
        assertThat(answer.at("/response/convertedObjects/0/spec/cohortName").asText()).isEqualTo("team");
    }

    @Test
    void aBodyThatIsNotJsonIsABadRequest() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = post("/mutate", "{not json");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).startsWith("the body is not JSON");
    }

    @Test
    void jsonThatIsNoAdmissionReviewIsABadRequest() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = post("/mutate", "{\"apiVersion\": \"v1\", \"kind\": \"Pod\"}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("expected apiVersion admission.k8s.io/v1 kind AdmissionReview");
    }

    @Test
    void aFailingHandlerIsAnInternalError() throws Exception {
        serve(review -> {
            throw new IllegalStateException("boom");
        });

        HttpResponse<String> response = post("/mutate", QUEUED_RAYJOB_REVIEW);

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).contains("boom");
    }

    @Test
    void onlyPostIsAllowed() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = trustingClient.send(HttpRequest.newBuilder(uri("/mutate")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.headers().firstValue("Allow")).hasValue("POST");
    }

    @Test
    void otherPathsAreNotFound() throws Exception {
        serve(new SuspendOnCreate());

        assertThat(post("/validate", QUEUED_RAYJOB_REVIEW).statusCode()).isEqualTo(404);
        assertThat(post("/mutate/extra", QUEUED_RAYJOB_REVIEW).statusCode()).isEqualTo(404);
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateCannotConnect() throws Exception {
        serve(new SuspendOnCreate());

        try (HttpClient stranger = HttpClient.newHttpClient()) {
            assertThatThrownBy(() -> stranger.send(HttpRequest.newBuilder(uri("/mutate"))
                            .POST(HttpRequest.BodyPublishers.ofString(QUEUED_RAYJOB_REVIEW)).build(),
                    HttpResponse.BodyHandlers.ofString()))
                    .isInstanceOf(SSLHandshakeException.class);
        }
    }

    @Test
    void plainHttpIsNotServed() throws Exception {
        serve(new SuspendOnCreate());

        try (HttpClient plain = HttpClient.newHttpClient()) {
            assertThatThrownBy(() -> plain.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/mutate"))
                            .POST(HttpRequest.BodyPublishers.ofString(QUEUED_RAYJOB_REVIEW)).build(),
                    HttpResponse.BodyHandlers.ofString()))
                    .isInstanceOf(IOException.class);
        }
    }
    // Bad requests (issue 17, item 4): each gets a clear 4xx, or an allowed answer that says why; never a crash or a hang.

    @Test
    void aBodyAboveTheLimitIsRefused() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = post("/mutate", "x".repeat(WebhookServer.MAX_BODY_BYTES + 1));

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.body()).contains("larger than " + WebhookServer.MAX_BODY_BYTES + " bytes");
        assertThat(post("/mutate", QUEUED_RAYJOB_REVIEW).statusCode()).as("and the server goes on").isEqualTo(200);
    }

    @Test
    void anAdmissionReviewOfAnotherApiVersionIsABadRequest() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = post("/mutate", QUEUED_RAYJOB_REVIEW.replace("admission.k8s.io/v1", "admission.k8s.io/v1beta1"));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("expected apiVersion admission.k8s.io/v1 kind AdmissionReview");
    }

    @Test
    void anAdmissionReviewWithoutARequestIsABadRequest() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = post("/mutate", "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\"}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).isNotBlank();
    }

    @Test
    void anObjectOfAKindMusterDoesNotManageIsAllowedUnchanged() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = post("/mutate", QUEUED_RAYJOB_REVIEW.replace("\"RayJob\"", "\"MPIJob\""));

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode answer = JSON.readTree(response.body());
        assertThat(answer.at("/response/allowed").asBoolean()).isTrue();
        assertThat(answer.at("/response/patch").isMissingNode()).as("nothing to suspend").isTrue();
    }

    @Test
    void aConversionReviewThatIsMalformedIsABadRequest() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> notJson = post("/convert", "[1, 2");
        HttpResponse<String> otherVersion = post("/convert", "{\"apiVersion\": \"apiextensions.k8s.io/v1beta1\", "
                + "\"kind\": \"ConversionReview\", \"request\": {\"uid\": \"c-2\"}}");
        HttpResponse<String> noUid = post("/convert", "{\"apiVersion\": \"apiextensions.k8s.io/v1\", "
                + "\"kind\": \"ConversionReview\", \"request\": {}}");

        assertThat(notJson.statusCode()).isEqualTo(400);
        assertThat(notJson.body()).startsWith("the body is not JSON");
        assertThat(otherVersion.statusCode()).isEqualTo(400);
        assertThat(otherVersion.body()).contains("not a ConversionReview");
        assertThat(noUid.statusCode()).isEqualTo(400);
        assertThat(noUid.body()).contains("has no uid");
    }

    @Test
    void aConversionToAVersionNotServedFailsTheReviewWithItsReason() throws Exception {
        serve(new SuspendOnCreate());

        HttpResponse<String> response = post("/convert", clusterQueueConversion("c-3", "kueue.x-k8s.io/v9"));

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode answer = JSON.readTree(response.body());
        assertThat(answer.at("/response/uid").asText()).isEqualTo("c-3");
        assertThat(answer.at("/response/result/status").asText()).isEqualTo("Failure");
        assertThat(answer.at("/response/result/message").asText()).contains("kueue.x-k8s.io/v9");
    }

    /** A client that sends half a body and stalls holds its own exchange only: other reviews are answered meanwhile. */
    @Test
    void aClientThatStallsMidBodyDoesNotHoldUpOthers() throws Exception {
        serve(new SuspendOnCreate());
        javax.net.ssl.SSLContext trusting = TestTls.trusting(tls.certificate());
        try (javax.net.ssl.SSLSocket stalled = (javax.net.ssl.SSLSocket) trusting.getSocketFactory()
                .createSocket("127.0.0.1", server.port())) {
            stalled.startHandshake();
            var out = stalled.getOutputStream();
            out.write(("POST /mutate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100000\r\n\r\n{\"apiVersion\": ").getBytes(StandardCharsets.UTF_8));
            out.flush();

            for (int i = 0; i < 3; i++) {
                assertThat(post("/mutate", QUEUED_RAYJOB_REVIEW).statusCode()).isEqualTo(200);
            }
        }
    }
}
