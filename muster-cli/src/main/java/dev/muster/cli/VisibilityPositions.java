package dev.muster.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The positions of pending workloads in their queues, read from Kueue's visibility API through the
 * API server (which proxies {@code visibility.kueue.x-k8s.io} to Muster's operator, or to Kueue,
 * by an APIService): one {@code clusterqueues/<cq>/pendingworkloads} per ClusterQueue, whose items
 * carry both positions; the {@code localqueues} form where the ClusterQueue is not known or its
 * listing is forbidden (a user with rights in one namespace only). The API not being served is not
 * a failure of the command: it becomes one note, and the workloads go without positions.
 */
final class VisibilityPositions {

    /** v1beta1 first: Muster serves it, and so does every Kueue release with the visibility API; v1beta2 after. */
    private static final List<String> VERSIONS = List.of("v1beta1", "v1beta2");
    private static final String GROUP_PATH = "/apis/visibility.kueue.x-k8s.io/";
    /** Kueue's MaxPendingWorkloadsLimit: one request covers any queue Kueue itself would list. */
    private static final String QUERY = "?limit=100000";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The ClusterQueue (null when not known), namespace and LocalQueue of a workload whose positions are wanted. */
    record Queues(String clusterQueue, String namespace, String localQueue) {
    }

    /**
     * @param positions by namespace/Workload name
     * @param notes     what could not be learnt, one line each
     */
    record Result(Map<String, QueuePosition> positions, List<String> notes) {
    }

    private final ApiGet api;
    private int version;
    private boolean versionSettled;
    private boolean unserved;
    private final Map<String, QueuePosition> positions = new HashMap<>();
    private final Set<String> notes = new LinkedHashSet<>();

    private VisibilityPositions(ApiGet api) {
        this.api = api;
    }

    static Result of(ApiGet api, Collection<Queues> wanted) {
        VisibilityPositions v = new VisibilityPositions(api);
        v.read(wanted);
        return new Result(Map.copyOf(v.positions), List.copyOf(v.notes));
    }

    private void read(Collection<Queues> wanted) {
        Map<String, Set<List<String>>> localQueuesOf = new TreeMap<>();
        Set<List<String>> withoutClusterQueue = new TreeSet<>(VisibilityPositions::compare);
        for (Queues q : wanted) {
            if (q.clusterQueue() != null) {
                localQueuesOf.computeIfAbsent(q.clusterQueue(), k -> new TreeSet<>(VisibilityPositions::compare))
                        .add(q.localQueue() == null ? List.of() : List.of(q.namespace(), q.localQueue()));
            } else if (q.localQueue() != null) {
                withoutClusterQueue.add(List.of(q.namespace(), q.localQueue()));
            }
        }
        for (Map.Entry<String, Set<List<String>>> cq : localQueuesOf.entrySet()) {
            if (unserved) {
                return;
            }
            if (ask("clusterqueues/" + encode(cq.getKey()) + "/pendingworkloads", "ClusterQueue " + cq.getKey())) {
                // forbidden: the user may still read the LocalQueues of their namespace
                cq.getValue().stream().filter(lq -> !lq.isEmpty()).forEach(withoutClusterQueue::add);
            }
        }
        for (List<String> lq : withoutClusterQueue) {
            if (unserved) {
                return;
            }
            ask("namespaces/" + encode(lq.get(0)) + "/localqueues/" + encode(lq.get(1)) + "/pendingworkloads",
                    "LocalQueue " + lq.get(0) + "/" + lq.get(1));
        }
    }

    /** Asks for one queue's pending workloads and keeps their positions; true when it was forbidden. */
    private boolean ask(String resource, String queue) {
        String path = GROUP_PATH + VERSIONS.get(version) + "/" + resource + QUERY;
        ApiGet.Answer answer;
        try {
            answer = api.get(path);
        } catch (IOException e) {
            unserved("the visibility API could not be reached (" + e.getMessage() + ")");
            return false;
        }
        if (answer.code() == 200) {
            versionSettled = true;
            try {
                positions.putAll(positions(answer.body()));
            } catch (IllegalArgumentException e) {
                unserved("the visibility API's answer to GET " + path + " is not a PendingWorkloadsSummary: " + e.getMessage());
            }
            return false;
        }
        Status status = Status.of(answer);
        if (answer.code() == 403) {
            versionSettled = true;
            notes.add("positions unknown in " + queue + ": forbidden (403, RBAC): " + status.message());
            return true;
        }
        if (answer.code() == 404 && status.isQueue()) {
            versionSettled = true;
            notes.add("positions unknown in " + queue + ": the visibility API does not know it (" + status.message() + ")");
            return false;
        }
        if (answer.code() == 404 && !versionSettled && version + 1 < VERSIONS.size()) {
            // maybe a Kueue that serves only a later version
            version++;
            return ask(resource, queue);
        }
        unserved("the visibility API answered " + answer.code() + " (" + status.message() + ") to GET " + path
                + (answer.code() == 404 ? "; is its APIService registered (deploy/visibility.yaml)?" : ""));
        return false;
    }

    private void unserved(String why) {
        unserved = true;
        notes.add("positions unknown: " + why);
    }

    /**
     * The positions in a PendingWorkloadsSummary, by namespace/name.
     *
     * @throws IllegalArgumentException naming what is wrong when it is not one
     */
    static Map<String, QueuePosition> positions(String summaryJson) {
        JsonNode summary;
        try {
            summary = JSON.readTree(summaryJson);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON (" + e.getOriginalMessage() + ")");
        }
        if (summary == null || !summary.path("items").isArray()) {
            throw new IllegalArgumentException("it has no items list");
        }
        Map<String, QueuePosition> out = new HashMap<>();
        int i = 0;
        for (JsonNode item : summary.path("items")) {
            String name = item.path("metadata").path("name").asText("");
            String namespace = item.path("metadata").path("namespace").asText("");
            if (name.isEmpty() || namespace.isEmpty()) {
                throw new IllegalArgumentException("items[" + i + "] has no metadata.name or metadata.namespace");
            }
            out.put(namespace + "/" + name, new QueuePosition(integer(item.path("positionInClusterQueue")),
                    integer(item.path("positionInLocalQueue"))));
            i++;
        }
        return out;
    }

    private static Integer integer(JsonNode n) {
        return n.isIntegralNumber() ? n.asInt() : null;
    }

    /** A metav1.Status answer's message, and whether it is Kueue's "no such queue" (details.kind clusterqueue or localqueue). */
    private record Status(String message, boolean isQueue) {

        static Status of(ApiGet.Answer answer) {
            try {
                JsonNode s = JSON.readTree(answer.body());
                if (s != null && s.path("message").isTextual()) {
                    String kind = s.path("details").path("kind").asText("");
                    return new Status(s.path("message").asText(), kind.equals("clusterqueue") || kind.equals("localqueue"));
                }
            } catch (IOException e) {
                // not a Status: the body's first line says what it is
            }
            String body = answer.body().lines().findFirst().orElse("").strip();
            return new Status(body.isEmpty() ? "no message" : body.length() > 200 ? body.substring(0, 200) + "..." : body, false);
        }
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static int compare(List<String> a, List<String> b) {
        return String.join("/", a).compareTo(String.join("/", b));
    }
}
