package dev.muster.operator.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator's plain-HTTP endpoints for the kubelet and Prometheus:
 * <ul>
 *   <li>{@code GET /healthz}: 200 {@code ok} while the process serves requests (liveness);</li>
 *   <li>{@code GET /readyz}: 200 {@code ok} when the supplied readiness says so, else 503 with the
 *       supplied reason (readiness: informers synced, leader elected or standing by, ...);</li>
 *   <li>{@code GET /metrics}: the registry in the Prometheus text format (0.0.4), or OpenMetrics
 *       when the scraper's {@code Accept} header asks for {@code application/openmetrics-text}.</li>
 * </ul>
 * Other paths answer 404, other methods than GET and HEAD 405.
 *
 * <p>The socket is bound by the constructor (port 0 picks a free port, {@link #port()} tells which);
 * {@link #start()} begins serving, {@link #close()} stops. Requests run on virtual threads.
 */
public final class HealthServer implements AutoCloseable {

    /** The port the deployment's probes and scrape annotations use. */
    public static final int DEFAULT_PORT = 8080;
    public static final String HEALTHZ = "/healthz";
    public static final String READYZ = "/readyz";
    public static final String METRICS = "/metrics";

    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    static final String OPENMETRICS_TEXT = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    private static final Logger LOG = LoggerFactory.getLogger(HealthServer.class);

    private final HttpServer server;
    private final ExecutorService executor;
    private final BooleanSupplier ready;
    private final Supplier<String> notReadyReason;
    private final PrometheusMeterRegistry registry;

    /** Binds all interfaces on {@code port} (0: any free port). */
    public HealthServer(int port, BooleanSupplier ready, Supplier<String> notReadyReason,
            PrometheusMeterRegistry registry) throws IOException {
        this(new InetSocketAddress(port), ready, notReadyReason, registry);
    }

    /** Binds {@code address}. */
    public HealthServer(InetSocketAddress address, BooleanSupplier ready, Supplier<String> notReadyReason,
            PrometheusMeterRegistry registry) throws IOException {
        this.ready = Objects.requireNonNull(ready, "ready");
        this.notReadyReason = Objects.requireNonNull(notReadyReason, "notReadyReason");
        this.registry = Objects.requireNonNull(registry, "registry");
        this.server = HttpServer.create(address, 0);
        this.executor = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    /** Starts serving; returns this. */
    public HealthServer start() {
        server.start();
        LOG.info("health and metrics on http://{}:{} ({}, {}, {})", server.getAddress().getHostString(), port(),
                HEALTHZ, READYZ, METRICS);
        return this;
    }

    /** The bound port (the chosen one when constructed with port 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops serving: requests in progress get up to a second to finish. */
    @Override
    public void close() {
        server.stop(1);
        executor.close();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!Exchanges.method(exchange, "GET", "HEAD")) {
                return;
            }
            switch (exchange.getRequestURI().getPath()) {
                case HEALTHZ -> Exchanges.text(exchange, 200, "ok\n");
                case READYZ -> readyz(exchange);
                case METRICS -> metrics(exchange);
                default -> Exchanges.text(exchange, 404, "not found: " + exchange.getRequestURI().getPath()
                        + " (serving " + HEALTHZ + ", " + READYZ + ", " + METRICS + ")\n");
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("{} {} failed", exchange.getRequestMethod(), exchange.getRequestURI(), e);
            throw e;
        }
    }

    private void readyz(HttpExchange exchange) throws IOException {
        boolean isReady;
        String reason;
        try {
            isReady = ready.getAsBoolean();
            reason = isReady ? "" : notReadyReason.get();
        } catch (RuntimeException e) {
            isReady = false;
            reason = "readiness check failed: " + e;
        }
        if (isReady) {
            Exchanges.text(exchange, 200, "ok\n");
        } else {
            String text = reason == null || reason.isBlank() ? "not ready" : reason.strip();
            Exchanges.text(exchange, 503, text + "\n");
        }
    }

    private void metrics(HttpExchange exchange) throws IOException {
        String accept = exchange.getRequestHeaders().getFirst("Accept");
        String contentType = accept != null && accept.contains("application/openmetrics-text")
                ? OPENMETRICS_TEXT : PROMETHEUS_TEXT;
        String body = registry.scrape(contentType);
        Exchanges.send(exchange, 200, contentType, body.getBytes(StandardCharsets.UTF_8));
    }
}
