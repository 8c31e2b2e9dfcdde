package dev.muster.cli.dashboard;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Muster's dashboard: one page ({@code /}) that polls {@code /state.json} every two seconds and
 * draws the queues, the waiting workloads with why, where and when, and the GPU devices; served by
 * {@code muster run --dashboard-port} on the live state, and by {@code muster simulate --serve} on
 * a finished run (which also serves its HTML report at {@code /report.html}).
 *
 * <p>Read-only: only GET and HEAD, on these paths. No authentication is built in; it binds
 * {@code 127.0.0.1} unless told otherwise, so that it is reached through {@code kubectl
 * port-forward} or an authenticating proxy (docs: deploy/README.md).
 */
public final class DashboardServer implements AutoCloseable {

    public static final String STATE = "/state.json";
    public static final String REPORT = "/report.html";
    static final String ECHARTS = "/echarts.min.js";
    private static final String ECHARTS_RESOURCE = "/META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

    private final HttpServer server;
    private final ExecutorService executor;
    private final Supplier<Optional<DashboardState>> state;
    private final Optional<String> report;
    private final byte[] page;
    private final byte[] echarts;

    /**
     * @param state  the state now; empty while there is none (this replica does not lead, say), answered 503
     * @param report the HTML report of a finished simulation, served at {@value #REPORT}; empty on a cluster
     */
    public DashboardServer(InetSocketAddress address, Supplier<Optional<DashboardState>> state, Optional<String> report)
            throws IOException {
        this.state = state;
        this.report = report;
        this.page = resource("/dev/muster/cli/dashboard/dashboard.html");
        this.echarts = resource(ECHARTS_RESOURCE);
        this.server = HttpServer.create(address, 0);
        this.executor = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    public DashboardServer start() {
        server.start();
        return this;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Where a browser on this machine reaches it. */
    public String url() {
        String host = server.getAddress().getAddress().isAnyLocalAddress() ? "127.0.0.1" : server.getAddress().getHostString();
        return "http://" + host + ":" + port() + "/";
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                send(exchange, 405, "text/plain; charset=utf-8", "read-only: GET or HEAD\n".getBytes(StandardCharsets.UTF_8));
                return;
            }
            String path = exchange.getRequestURI().getPath();
            switch (path) {
                case "/", "/index.html" -> send(exchange, 200, "text/html; charset=utf-8", page);
                case ECHARTS -> send(exchange, 200, "text/javascript; charset=utf-8", echarts);
                case STATE -> {
                    Optional<DashboardState> now = state.get();
                    if (now.isEmpty()) {
                        send(exchange, 503, "application/json", "{\"error\":\"no state yet: this replica does not lead, or its configuration is not valid\"}"
                                .getBytes(StandardCharsets.UTF_8));
                    } else {
                        send(exchange, 200, "application/json", now.get().json().toString().getBytes(StandardCharsets.UTF_8));
                    }
                }
                case REPORT -> {
                    if (report.isPresent()) {
                        send(exchange, 200, "text/html; charset=utf-8", report.get().getBytes(StandardCharsets.UTF_8));
                    } else {
                        send(exchange, 404, "text/plain; charset=utf-8", "no report here\n".getBytes(StandardCharsets.UTF_8));
                    }
                }
                default -> send(exchange, 404, "text/plain; charset=utf-8", "not found\n".getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private static void send(HttpExchange exchange, int code, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(code, head ? -1 : body.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static byte[] resource(String path) {
        try (InputStream in = DashboardServer.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
