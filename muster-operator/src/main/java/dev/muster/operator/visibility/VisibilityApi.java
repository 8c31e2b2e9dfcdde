package dev.muster.operator.visibility;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kueue's visibility API ({@code visibility.kueue.x-k8s.io}, versions v1beta2 and v1beta1) as an
 * aggregated API server serves it, for the kube-apiserver to proxy to once an APIService names
 * this server; {@code kubectl get --raw} and tools written for Kueue read it unchanged:
 * <ul>
 *   <li>{@code GET /apis/visibility.kueue.x-k8s.io/<v>/clusterqueues/<name>/pendingworkloads}</li>
 *   <li>{@code GET /apis/visibility.kueue.x-k8s.io/<v>/namespaces/<ns>/localqueues/<name>/pendingworkloads}</li>
 * </ul>
 * with the query parameters {@code offset} and {@code limit} ({@link PendingWorkloadsOptions}),
 * answering a {@code PendingWorkloadsSummary} ({@link PendingWorkloadsSummaries}); and the
 * discovery documents {@code /apis}, {@code /apis/<group>} and {@code /apis/<group>/<v>}
 * ({@link VisibilityDocuments}). Read-only: other methods than GET answer 405. Errors are
 * {@code Status} objects: 404 for an unknown queue or path, 400 for a malformed parameter, 503
 * when this replica has no engine (it does not lead, or its configuration is not valid).
 *
 * <p>The kube-apiserver authenticates and authorizes the user (RBAC on
 * {@code clusterqueues/pendingworkloads} and {@code localqueues/pendingworkloads}) before it
 * proxies a request here.
 */
public final class VisibilityApi implements HttpHandler {

    /** The path prefix this handler serves. */
    public static final String PATH_PREFIX = "/apis";

    private static final Logger LOG = LoggerFactory.getLogger(VisibilityApi.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GROUP_PATH = PATH_PREFIX + "/" + PendingWorkloadsSummaries.GROUP;

    private final PendingWorkloadsSource source;

    public VisibilityApi(PendingWorkloadsSource source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod())) {
                exchange.getResponseHeaders().set("Allow", "GET");
                send(exchange, 405, VisibilityDocuments.failure(405, "MethodNotAllowed",
                        "the server does not allow this method on the requested resource"));
                return;
            }
            Answer answer = answer(exchange.getRequestURI().getPath(), exchange.getRequestURI().getRawQuery());
            send(exchange, answer.code(), answer.body());
        } catch (RuntimeException e) {
            LOG.error("the visibility API failed on {}", exchange.getRequestURI(), e);
            throw e;
        }
    }

    private record Answer(int code, JsonNode body) {
    }

    /** What GET {@code path} answers. */
    private Answer answer(String path, String query) {
        if (path.equals(PATH_PREFIX) || path.equals(PATH_PREFIX + "/")) {
            return ok(VisibilityDocuments.groupList());
        }
        if (path.equals(GROUP_PATH)) {
            return ok(VisibilityDocuments.group());
        }
        if (!path.startsWith(GROUP_PATH + "/")) {
            return notFound();
        }
        List<String> parts = List.of(path.substring(GROUP_PATH.length() + 1).split("/", -1));
        String version = parts.get(0);
        if (!VisibilityDocuments.VERSIONS.contains(version)) {
            return notFound();
        }
        List<String> rest = parts.subList(1, parts.size());
        if (rest.isEmpty()) {
            return ok(VisibilityDocuments.resourceList(version));
        }
        PendingWorkloadsOptions options;
        try {
            options = PendingWorkloadsOptions.parse(query);
        } catch (IllegalArgumentException e) {
            return new Answer(400, VisibilityDocuments.failure(400, "BadRequest", e.getMessage()));
        }
        if (rest.size() == 3 && rest.get(0).equals("clusterqueues") && rest.get(2).equals("pendingworkloads")
                && !rest.get(1).isEmpty()) {
            String name = rest.get(1);
            return switch (source.clusterQueue(name)) {
                case QueueLookup.Found f -> ok(PendingWorkloadsSummaries.clusterQueue(f.positions(), options, version));
                case QueueLookup.NotFound n -> new Answer(404, VisibilityDocuments.notFound("clusterqueue", name));
                case QueueLookup.Unavailable u -> unavailable(u);
            };
        }
        if (rest.size() == 5 && rest.get(0).equals("namespaces") && rest.get(2).equals("localqueues")
                && rest.get(4).equals("pendingworkloads") && !rest.get(1).isEmpty() && !rest.get(3).isEmpty()) {
            String namespace = rest.get(1);
            String name = rest.get(3);
            return switch (source.localQueue(namespace, name)) {
                case QueueLookup.Found f ->
                        ok(PendingWorkloadsSummaries.localQueue(f.positions(), namespace, name, options, version));
                case QueueLookup.NotFound n -> new Answer(404, VisibilityDocuments.notFound("localqueue", name));
                case QueueLookup.Unavailable u -> unavailable(u);
            };
        }
        return notFound();
    }

    private static Answer ok(JsonNode body) {
        return new Answer(200, body);
    }

    private static Answer notFound() {
        return new Answer(404, VisibilityDocuments.failure(404, "NotFound", "the server could not find the requested resource"));
    }

    private static Answer unavailable(QueueLookup.Unavailable u) {
        return new Answer(503, VisibilityDocuments.failure(503, "ServiceUnavailable", u.why()));
    }

    private static void send(HttpExchange exchange, int code, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(code, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
