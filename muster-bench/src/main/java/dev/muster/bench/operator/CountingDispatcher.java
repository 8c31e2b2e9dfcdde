package dev.muster.bench.operator;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.CustomResourceAware;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.Resetable;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The mock API server's dispatcher in CRUD mode (fabric8's own store, or the indexed one of
 * {@code dev.muster.bench.apiserver}), counting the requests it serves and the time it spends on them, by method and
 * resource: {@code PATCH jobs}, {@code PUT workloads/status}, {@code GET workloads}, {@code WATCH
 * jobs}... The time is the dispatcher's own (finding, patching and storing the object, notifying
 * watchers), not the HTTP transport.
 *
 * <p>One fix to the mock: a request it fails on (a JSON Patch whose {@code test} does not hold)
 * gets 422, as from an API server, instead of no answer.
 */
final class CountingDispatcher extends Dispatcher implements Resetable, CustomResourceAware {

    /** Requests of one kind: how many, and the server's nanos on them. */
    record Count(String request, long count, long nanos) {
    }

    private final Map<String, LongAdder[]> counts = new ConcurrentHashMap<>();
    private final KubernetesCrudDispatcher store;
    private final VersionLog log;
    private volatile boolean counting;

    CountingDispatcher(KubernetesCrudDispatcher store) {
        this(store, null);
    }

    /** @param log where every Job and Workload version the store answers a write with is recorded (null: none) */
    CountingDispatcher(KubernetesCrudDispatcher store, VersionLog log) {
        this.store = store;
        this.log = log;
    }

    @Override
    public void reset() {
        store.reset();
    }

    @Override
    public void expectCustomResource(CustomResourceDefinitionContext rdc) {
        store.expectCustomResource(rdc);
    }

    /** Counts from now on (the set-up before the run is not counted). */
    void start() {
        counts.clear();
        counting = true;
    }

    void stop() {
        counting = false;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        if (!counting) {
            return logged(request, answered(request));
        }
        long started = System.nanoTime();
        try {
            return logged(request, answered(request));
        } finally {
            LongAdder[] c = counts.computeIfAbsent(kind(request.getMethod(), request.getPath()),
                    k -> new LongAdder[] {new LongAdder(), new LongAdder()});
            c[0].increment();
            c[1].add(System.nanoTime() - started);
        }
    }

    /**
     * The mock's answer; a JSON Patch whose {@code test} operation fails is answered 422 Unprocessable
     * Entity, as an API server does, where the mock lets the exception escape and never answers.
     */
    private MockResponse answered(RecordedRequest request) {
        try {
            return store.dispatch(request);
        } catch (RuntimeException e) {
            String message = String.valueOf(e.getMessage()).replace("\\", "\\\\").replace("\"", "\\\"");
            return new MockResponse().setResponseCode(422).setBody("{\"kind\":\"Status\",\"apiVersion\":\"v1\","
                    + "\"status\":\"Failure\",\"reason\":\"Invalid\",\"code\":422,\"message\":\"" + message + "\"}");
        }
    }

    /** Records the version a successful write stored (deletions are not: nothing here deletes Jobs or Workloads). */
    private MockResponse logged(RecordedRequest request, MockResponse response) {
        String method = request.getMethod();
        if (log != null && response.code() / 100 == 2 && !method.equals("GET") && !method.equals("DELETE")
                && response.getBody() != null) {
            log.stored(SoakDispatcher.plural(request.getPath()), response.getBody().getBytes());
        }
        return response;
    }

    List<Count> counts() {
        return counts.entrySet().stream()
                .map(e -> new Count(e.getKey(), e.getValue()[0].sum(), e.getValue()[1].sum()))
                .sorted(Comparator.comparingLong(Count::nanos).reversed())
                .toList();
    }

    /** {@code GET /apis/kueue.x-k8s.io/v1beta1/namespaces/ns/workloads/w/status} → {@code GET workloads/status}. */
    static String kind(String method, String path) {
        int q = path.indexOf('?');
        String query = q < 0 ? "" : path.substring(q + 1);
        String[] s = (q < 0 ? path : path.substring(0, q)).replaceAll("^/+", "").split("/");
        int i = s.length > 0 && s[0].equals("api") ? 2 : 3; // /api/v1/... or /apis/group/version/...
        if (i < s.length && s[i].equals("namespaces") && i + 2 < s.length) {
            i += 2;
        }
        String plural = i < s.length ? s[i] : "(root)";
        boolean named = i + 1 < s.length;
        String sub = i + 2 < s.length ? "/" + s[i + 2] : "";
        String verb = method.equals("GET") && query.contains("watch=true") ? "WATCH"
                : method.equals("GET") && !named ? "LIST" : method;
        return verb + " " + plural + sub;
    }
}
