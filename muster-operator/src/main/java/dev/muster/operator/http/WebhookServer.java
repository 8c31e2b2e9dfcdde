package dev.muster.operator.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.muster.operator.webhook.AdmissionHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The webhooks over HTTPS, as the API server calls them: {@code POST /mutate} with an
 * {@code admission.k8s.io/v1} AdmissionReview, answered by an {@link AdmissionHandler}
 * (normally {@link dev.muster.operator.webhook.SuspendOnCreate}), and {@code POST /convert} with an
 * {@code apiextensions.k8s.io/v1} ConversionReview for the Kueue kinds served in two versions
 * ({@link dev.muster.operator.webhook.ConversionReviews}).
 *
 * <p>Answers: 200 with the AdmissionReview response; 400 when the body is not an AdmissionReview
 * v1; 404 on other paths; 405 for other methods than POST; 413 above {@link #MAX_BODY_BYTES};
 * 500 when the handler fails. With {@code failurePolicy: Ignore} the API server lets the object
 * through unchanged on any answer but 200.
 *
 * <p>TLS comes from an {@link SSLContext}, usually {@link PemTls#serverContext(Path)} over the
 * mounted {@code kubernetes.io/tls} Secret ({@link #DEFAULT_CERT_DIR}), which follows certificate
 * renewals without a restart.
 */
public final class WebhookServer implements AutoCloseable {

    /** controller-runtime's webhook port, which webhook Services usually target. */
    public static final int DEFAULT_PORT = 9443;
    /** Where the deployment mounts the webhook's {@code kubernetes.io/tls} Secret. */
    public static final Path DEFAULT_CERT_DIR = Path.of("/etc/muster/tls");
    /** The path a MutatingWebhookConfiguration's {@code clientConfig.service.path} names. */
    public static final String MUTATE_PATH = "/mutate";
    /** The path the CRDs' {@code spec.conversion.webhook.clientConfig.service.path} names. */
    public static final String CONVERT_PATH = "/convert";
    /** The largest AdmissionReview read (object and oldObject of the largest objects fit). */
    public static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(WebhookServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpsServer server;
    private final ExecutorService executor;
    /** The handler of each path: /mutate (AdmissionReview) and /convert (ConversionReview). */
    private final java.util.Map<String, AdmissionHandler> handlers;

    /** Binds all interfaces on {@code port} (0: any free port). */
    public WebhookServer(int port, SSLContext tls, AdmissionHandler mutate) throws IOException {
        this(new InetSocketAddress(port), tls, mutate);
    }

    /** Binds {@code address}, serving TLS from {@code tls}. */
    public WebhookServer(InetSocketAddress address, SSLContext tls, AdmissionHandler mutate) throws IOException {
        this(address, tls, mutate, new dev.muster.operator.webhook.ConversionReviews());
    }

    /** Binds {@code address}, with {@code convert} answering the CRDs' conversion reviews on {@link #CONVERT_PATH}. */
    public WebhookServer(InetSocketAddress address, SSLContext tls, AdmissionHandler mutate, AdmissionHandler convert)
            throws IOException {
        Objects.requireNonNull(tls, "tls");
        this.handlers = java.util.Map.of(MUTATE_PATH, Objects.requireNonNull(mutate, "mutate"),
                CONVERT_PATH, Objects.requireNonNull(convert, "convert"));
        this.server = HttpsServer.create(address, 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        this.executor = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    /**
     * A server on {@code port} with the certificate and key of a {@code kubernetes.io/tls}
     * Secret mounted at {@code certDir} ({@code tls.crt}, {@code tls.key}).
     */
    public static WebhookServer withPemDirectory(int port, Path certDir, AdmissionHandler mutate)
            throws IOException, GeneralSecurityException {
        return new WebhookServer(port, PemTls.serverContext(certDir), mutate);
    }

    /**
     * Serves the requests whose path starts with {@code pathPrefix} with {@code handler} as well, on
     * the same port and certificate (the visibility API, {@link dev.muster.operator.visibility.VisibilityApi});
     * returns this.
     */
    public WebhookServer serve(String pathPrefix, com.sun.net.httpserver.HttpHandler handler) {
        server.createContext(pathPrefix, Objects.requireNonNull(handler, "handler"));
        return this;
    }

    /** Starts serving; returns this. */
    public WebhookServer start() {
        server.start();
        LOG.info("admission webhook on https://{}:{}{}", server.getAddress().getHostString(), port(), MUTATE_PATH);
        return this;
    }

    /** The bound port (the chosen one when constructed with port 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops serving: reviews in progress get up to a second to finish. */
    @Override
    public void close() {
        server.stop(1);
        executor.close();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            AdmissionHandler handler = handlers.get(path);
            if (!Exchanges.exactPath(exchange, handler == null ? MUTATE_PATH : path) || !Exchanges.method(exchange, "POST")) {
                return;
            }
            byte[] body = Exchanges.body(exchange, MAX_BODY_BYTES);
            if (body == null) {
                Exchanges.text(exchange, 413, "AdmissionReview larger than " + MAX_BODY_BYTES + " bytes\n");
                return;
            }
            JsonNode answer;
            try {
                answer = handler.review(JSON.readTree(body));
            } catch (JsonProcessingException e) {
                Exchanges.text(exchange, 400, "the body is not JSON: " + e.getOriginalMessage() + "\n");
                return;
            } catch (IllegalArgumentException e) {
                Exchanges.text(exchange, 400, e.getMessage() + "\n");
                return;
            } catch (RuntimeException e) {
                LOG.error("the admission webhook failed on a review", e);
                Exchanges.text(exchange, 500, "the admission webhook failed: " + e + "\n");
                return;
            }
            if (LOG.isDebugEnabled()) {
                JsonNode response = answer.path("response");
                LOG.debug("review {}: allowed={} patched={}", response.path("uid").asText(),
                        response.path("allowed").asBoolean(), response.has("patch"));
            }
            Exchanges.send(exchange, 200, "application/json", JSON.writeValueAsBytes(answer));
        }
    }
}
