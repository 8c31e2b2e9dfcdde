package dev.muster.bench.operator;

import dev.muster.bench.apiserver.IndexedCrudDispatcher;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.CustomResourceAware;
import io.fabric8.kubernetes.client.server.mock.Resetable;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The soak's API server: the indexed CRUD mock, with faults for the controllers' clients only
 * (told apart by their User-Agent, {@link #OPERATOR_AGENT}{@code -N}; the Job creator and runner
 * and the set-up are never faulted) and a {@link VersionLog} of every Job, Workload and Lease
 * version stored.
 *
 * <ul>
 *   <li>A share of the controllers' calls (not watches) is answered 500, 429 with {@code
 *       Retry-After: 1}, or (updates and patches only: a create or read has nothing to conflict on)
 *       409, and not carried out. Which call is chosen comes from a seeded random in the order
 *       calls arrive: the share is fixed, the calls hit depend on the run's timing.</li>
 *   <li>{@link #dropWatches} closes a controller's open watch connections; with {@code gone} its
 *       next watch request on each of those resources is answered 410 Gone, so that its informer
 *       lists again instead of resuming.</li>
 * </ul>
 *
 * Also answers what the mock does not: JOSDK's SelfSubjectRulesReview before it runs for leader
 * (leases may be used), and a JSON Patch whose {@code test} fails (422, as in CountingDispatcher).
 */
final class SoakDispatcher extends Dispatcher implements Resetable, CustomResourceAware {

    static final String OPERATOR_AGENT = "muster-soak-operator";

    private static final String RULES_REVIEW = """
            {"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectRulesReview","metadata":{},
             "status":{"incomplete":false,"resourceRules":[{"apiGroups":["coordination.k8s.io"],
             "resources":["leases"],"verbs":["create","update","get"]}],"nonResourceRules":[]}}""";

    private final IndexedCrudDispatcher store = new IndexedCrudDispatcher();
    private final VersionLog log;
    private final FaultCounts faults;
    private final Random random;
    private final double apiFaultShare;
    /** Open watch connections of the controllers, by User-Agent. */
    private final Map<String, Set<WebSocket>> watches = new ConcurrentHashMap<>();
    /** User-Agent + " " + path: the next watch request answered 410 Gone. */
    private final Set<String> goneNext = ConcurrentHashMap.newKeySet();

    SoakDispatcher(VersionLog log, FaultCounts faults, long seed, double apiFaultShare) {
        this.log = log;
        this.faults = faults;
        this.random = new Random(seed);
        this.apiFaultShare = apiFaultShare;
    }

    @Override
    public void reset() {
        store.reset();
    }

    @Override
    public void expectCustomResource(CustomResourceDefinitionContext rdc) {
        store.expectCustomResource(rdc);
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        String path = request.getPath();
        String method = request.getMethod();
        if (method.equals("POST") && path.startsWith("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")) {
            return new MockResponse().setResponseCode(201).setBody(RULES_REVIEW);
        }
        String agent = request.getHeader("User-Agent");
        boolean operator = agent != null && agent.startsWith(OPERATOR_AGENT);
        boolean watch = method.equals("GET") && path.contains("watch=true");
        if (operator && watch) {
            return watch(agent, request);
        }
        if (operator) {
            MockResponse fault = apiFault(method);
            if (fault != null) {
                return fault;
            }
        }
        MockResponse response = answered(request);
        if (response.code() / 100 == 2 && !method.equals("GET")) {
            String plural = plural(path);
            if (method.equals("DELETE")) {
                if (plural.equals("workloads")) {
                    log.workloadDeleted(store.currentResourceVersion(), namespacedName(path));
                }
            } else if (response.getBody() != null) {
                log.stored(plural, response.getBody().getBytes(), agent);
            }
        }
        return response;
    }

    /**
     * Closes up to {@code count} of the open watch connections of the controller with this
     * User-Agent, chosen at random; with {@code gone}, its next watch of each resource is answered
     * 410 Gone. Returns how many were closed.
     */
    int dropWatches(String agent, int count, boolean gone) {
        List<WebSocket> open = new ArrayList<>(watches.getOrDefault(agent, Set.of()));
        open.sort(java.util.Comparator.comparing(ws -> ws.request().getPath()));
        int closed = 0;
        synchronized (random) {
            java.util.Collections.shuffle(open, random);
        }
        for (WebSocket ws : open.subList(0, Math.min(count, open.size()))) {
            if (gone) {
                goneNext.add(agent + " " + withoutQuery(ws.request().getPath()));
            }
            ws.close(1000, "dropped by the soak");
            faults.injected(Fault.WATCH_DROPPED);
            closed++;
        }
        return closed;
    }

    private MockResponse watch(String agent, RecordedRequest request) {
        if (goneNext.remove(agent + " " + withoutQuery(request.getPath()))) {
            faults.injected(Fault.WATCH_GONE);
            return status(410, "Expired", "too old resource version (the soak)");
        }
        MockResponse response = answered(request);
        WebSocketListener inner = response.getWebSocketListener();
        if (inner != null) {
            response.withWebSocketUpgrade(new TrackedWatch(agent, inner));
        }
        return response;
    }

    private MockResponse apiFault(String method) {
        double draw;
        int kind;
        synchronized (random) {
            draw = random.nextDouble();
            kind = random.nextInt(3);
        }
        if (draw >= apiFaultShare) {
            return null;
        }
        boolean update = method.equals("PUT") || method.equals("PATCH");
        if (kind == 2 && !update) {
            kind = draw < apiFaultShare / 2 ? 0 : 1; // a create, read or delete has nothing to conflict on
        }
        return switch (kind) {
            case 0 -> {
                faults.injected(Fault.API_500);
                yield status(500, "InternalError", "injected by the soak");
            }
            case 1 -> {
                faults.injected(Fault.API_429);
                yield status(429, "TooManyRequests", "injected by the soak").setHeader("Retry-After", "1");
            }
            default -> {
                faults.injected(Fault.API_409);
                yield status(409, "Conflict", "the object has been modified (injected by the soak)");
            }
        };
    }

    /** The store's answer; a JSON Patch whose {@code test} fails gets 422, where the mock would not answer. */
    private MockResponse answered(RecordedRequest request) {
        try {
            return store.dispatch(request);
        } catch (RuntimeException e) {
            return status(422, "Invalid", String.valueOf(e.getMessage()));
        }
    }

    private static MockResponse status(int code, String reason, String message) {
        String m = message.replace("\\", "\\\\").replace("\"", "\\\"");
        return new MockResponse().setResponseCode(code).setBody("{\"kind\":\"Status\",\"apiVersion\":\"v1\","
                + "\"status\":\"Failure\",\"reason\":\"" + reason + "\",\"code\":" + code + ",\"message\":\"" + m + "\"}");
    }

    private static String withoutQuery(String path) {
        int q = path.indexOf('?');
        return q < 0 ? path : path.substring(0, q);
    }

    /** {@code jobs} of {@code /apis/batch/v1/namespaces/ns/jobs/name/status}. */
    static String plural(String path) {
        String[] s = withoutQuery(path).replaceAll("^/+", "").split("/");
        int i = s.length > 0 && s[0].equals("api") ? 2 : 3;
        if (i < s.length && s[i].equals("namespaces") && i + 2 < s.length) {
            i += 2;
        }
        return i < s.length ? s[i] : "";
    }

    /** {@code ns/name} of {@code /apis/.../namespaces/ns/workloads/name}. */
    static String namespacedName(String path) {
        String[] s = withoutQuery(path).split("/");
        for (int i = 0; i + 3 < s.length; i++) {
            if (s[i].equals("namespaces")) {
                return s[i + 1] + "/" + s[i + 3];
            }
        }
        return "?";
    }

    /** The mock's watch listener, with the connection remembered while it is open so that it can be dropped. */
    private final class TrackedWatch extends WebSocketListener {

        private final String agent;
        private final WebSocketListener inner;

        TrackedWatch(String agent, WebSocketListener inner) {
            this.agent = agent;
            this.inner = inner;
        }

        @Override
        public void onBeforeAccept(WebSocket ws, Response r) {
            inner.onBeforeAccept(ws, r);
        }

        @Override
        public void onOpen(WebSocket ws, Response r) {
            watches.computeIfAbsent(agent, a -> ConcurrentHashMap.newKeySet()).add(ws);
            inner.onOpen(ws, r);
        }

        @Override
        public void onMessage(WebSocket ws, String text) {
            inner.onMessage(ws, text);
        }

        @Override
        public void onMessage(WebSocket ws, byte[] bytes) {
            inner.onMessage(ws, bytes);
        }

        @Override
        public void onClosing(WebSocket ws, int code, String reason) {
            forget(ws);
            inner.onClosing(ws, code, reason);
        }

        @Override
        public void onClosed(WebSocket ws, int code, String reason) {
            forget(ws);
            inner.onClosed(ws, code, reason);
        }

        @Override
        public void onFailure(WebSocket ws, Throwable t, Response r) {
            forget(ws);
            inner.onFailure(ws, t, r);
        }

        private void forget(WebSocket ws) {
            Set<WebSocket> open = watches.get(agent);
            if (open != null) {
                open.remove(ws);
            }
        }
    }
}
