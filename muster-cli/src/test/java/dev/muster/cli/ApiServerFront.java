package dev.muster.cli;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A stand-in for the kube-apiserver's front door in tests: plain HTTP on the loopback address, it
 * checks the bearer token, answers {@code /apis/visibility.kueue.x-k8s.io/...} with the handler
 * given (as the aggregation layer proxies to the APIService's server), and forwards everything
 * else to fabric8's mock API server, which serves no aggregated API.
 */
final class ApiServerFront implements AutoCloseable {

    static final String TOKEN = "explain-test-token";

    private final HttpServer server;
    private final HttpClient forward = HttpClient.newHttpClient();
    private final String mock;
    private final HttpHandler visibility;
    /** Whether the visibility API is registered; when not, its paths answer the aggregator's 404. */
    volatile boolean visibilityServed = true;
    /** Whether listing Workloads is forbidden to the kubeconfig's user (an RBAC 403). */
    volatile boolean workloadsForbidden;

    ApiServerFront(String mockUrl, HttpHandler visibility) throws IOException {
        this.mock = mockUrl.replaceAll("/+$", "");
        this.visibility = visibility;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** A kubeconfig in {@code dir} whose one context, "lab", reaches {@code server} with {@code token}. */
    static Path kubeconfig(Path dir, String server, String token) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "kubeconfig", ".yaml"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: lab
                  cluster:
                    server: %s
                contexts:
                - name: lab
                  context:
                    cluster: lab
                    user: dev
                current-context: lab
                users:
                - name: dev
                  user:
                    token: %s
                """.formatted(server, token));
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        if (!("Bearer " + TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
            status(exchange, 401, "Unauthorized", "Unauthorized");
        } else if (path.startsWith("/apis/visibility.kueue.x-k8s.io")) {
            if (visibilityServed) {
                visibility.handle(exchange);
            } else {
                status(exchange, 404, "NotFound", "the server could not find the requested resource");
            }
        } else if (workloadsForbidden && path.endsWith("/workloads")) {
            status(exchange, 403, "Forbidden", "workloads.kueue.x-k8s.io is forbidden: User \"dev\" cannot list resource"
                    + " \"workloads\" in API group \"kueue.x-k8s.io\" at the cluster scope");
        } else {
            forward(exchange);
        }
    }

    /** Passes a request on to the mock API server, as the kube-apiserver serves its own resources. */
    private void forward(HttpExchange exchange) throws IOException {
        try (exchange) {
            URI target = URI.create(mock + exchange.getRequestURI());
            byte[] body = exchange.getRequestBody().readAllBytes();
            HttpRequest.Builder request = HttpRequest.newBuilder(target).method(exchange.getRequestMethod(),
                    body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
            String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
            if (contentType != null) {
                request.header("Content-Type", contentType);
            }
            HttpResponse<byte[]> response = forward.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            response.headers().firstValue("Content-Type").ifPresent(v -> exchange.getResponseHeaders().set("Content-Type", v));
            send(exchange, response.statusCode(), response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** A metav1.Status failure, as the API server writes one. */
    private static void status(HttpExchange exchange, int code, String reason, String message) throws IOException {
        try (exchange) {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            send(exchange, code, JsonMapper.builder().build().writeValueAsBytes(Map.of("kind", "Status", "apiVersion", "v1",
                    "metadata", Map.of(), "status", "Failure", "message", message, "reason", reason, "code", code)));
        }
    }

    private static void send(HttpExchange exchange, int code, byte[] body) throws IOException {
        exchange.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        forward.close();
    }
}
