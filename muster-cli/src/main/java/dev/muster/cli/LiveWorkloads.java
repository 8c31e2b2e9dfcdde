package dev.muster.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pending workloads of a live cluster, explained: reads Kueue's Workload and LocalQueue objects
 * through one client, asks the visibility API for their positions ({@link VisibilityPositions}),
 * and turns each waiting Workload into an {@link Explanation.Waiting} ({@link LiveWorkload}).
 * Works the same against a cluster run by {@code muster run} or by Kueue; only Muster's operator
 * writes the forecast annotations.
 */
final class LiveWorkloads {

    static final String KUEUE_GROUP = "kueue.x-k8s.io";
    /** The versions whose Workload and LocalQueue fields explain reads (the same in both), in the order tried. */
    private static final List<String> KUEUE_VERSIONS = List.of("v1beta1", "v1beta2");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KubernetesClient client;
    private final ApiGet api;
    private final Clock clock;

    LiveWorkloads(KubernetesClient client, ApiGet api, Clock clock) {
        this.client = client;
        this.api = api;
        this.clock = clock;
    }

    /**
     * The workloads waiting now in {@code namespace} (null: every namespace); only {@code wanted}
     * when given (namespace/name or name, of the job or of the Workload).
     *
     * @throws ClusterFailure when the cluster cannot be read, or {@code wanted} does not wait
     */
    Explanation explain(String namespace, String wanted) throws ClusterFailure {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        String version = kueueVersion();
        List<LiveWorkload> all = new ArrayList<>();
        for (JsonNode w : list("Workload", "workloads", version, namespace)) {
            try {
                all.add(LiveWorkload.of(w));
            } catch (IllegalArgumentException e) {
                throw new ClusterFailure("the API server listed " + e.getMessage());
            }
        }
        List<LiveWorkload> waiting = all.stream().filter(LiveWorkload::pending).toList();
        if (wanted != null) {
            List<LiveWorkload> named = all.stream().filter(w -> w.isNamed(wanted)).toList();
            if (named.isEmpty()) {
                throw new ClusterFailure("no workload " + wanted + " in " + scope(namespace) + " (" + names(waiting) + ")");
            }
            waiting = named.stream().filter(LiveWorkload::pending).toList();
            if (waiting.isEmpty()) {
                LiveWorkload w = named.get(0);
                throw new ClusterFailure(w.jobKey() + " (Workload " + w.name() + ") does not wait: " + w.state().words);
            }
        }
        Map<String, String> clusterQueueOf = waiting.isEmpty() ? Map.of() : clusterQueues(version, namespace);
        List<VisibilityPositions.Queues> queues = new ArrayList<>();
        Map<LiveWorkload, String> clusterQueue = new HashMap<>();
        for (LiveWorkload w : waiting) {
            // A pending Workload's ClusterQueue is its LocalQueue's; one evicted back to waiting may still record it.
            String cq = Optional.ofNullable(w.localQueue()).map(lq -> clusterQueueOf.get(w.namespace() + "/" + lq))
                    .orElse(w.admittedClusterQueue());
            clusterQueue.put(w, cq);
            queues.add(new VisibilityPositions.Queues(cq, w.namespace(), w.localQueue()));
        }
        VisibilityPositions.Result positions = queues.isEmpty() ? new VisibilityPositions.Result(Map.of(), List.of())
                : VisibilityPositions.of(api, queues);
        List<Explanation.Waiting> explained = waiting.stream().map(w -> w.waiting(clusterQueue.get(w),
                positions.positions().get(w.namespace() + "/" + w.name()))).toList();
        return Explanation.live(now, explained, positions.notes());
    }

    /**
     * The version of kueue.x-k8s.io whose Workloads the server lists, from API discovery (which every
     * authenticated user may read).
     */
    private String kueueVersion() throws ClusterFailure {
        for (String v : KUEUE_VERSIONS) {
            ApiGet.Answer answer;
            try {
                answer = api.get("/apis/" + KUEUE_GROUP + "/" + v);
            } catch (IOException e) {
                throw ClusterFailure.unreachable(api.server(), e);
            }
            if (answer.code() == 401 || answer.code() == 403) {
                throw new ClusterFailure("the API server at " + api.server() + " answered " + answer.code()
                        + " to API discovery (GET /apis/" + KUEUE_GROUP + "/" + v + "); check the kubeconfig's user");
            }
            if (answer.code() == 200 && servesWorkloads(answer.body())) {
                return v;
            }
        }
        throw new ClusterFailure("the API server at " + api.server() + " serves no Kueue Workloads (" + KUEUE_GROUP + " "
                + String.join(" or ", KUEUE_VERSIONS) + "): are Kueue's CRDs installed (deploy/crds)?");
    }

    private static boolean servesWorkloads(String resourceList) {
        try {
            for (JsonNode r : JSON.readTree(resourceList).path("resources")) {
                if (r.path("name").asText("").equals("workloads")) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** namespace/LocalQueue name → its spec.clusterQueue. */
    private Map<String, String> clusterQueues(String version, String namespace) throws ClusterFailure {
        Map<String, String> out = new HashMap<>();
        for (JsonNode lq : list("LocalQueue", "localqueues", version, namespace)) {
            String cq = lq.path("spec").path("clusterQueue").asText("");
            if (!cq.isEmpty()) {
                out.put(lq.path("metadata").path("namespace").asText() + "/" + lq.path("metadata").path("name").asText(), cq);
            }
        }
        return out;
    }

    private List<JsonNode> list(String kind, String plural, String version, String namespace) throws ClusterFailure {
        ResourceDefinitionContext context = new ResourceDefinitionContext.Builder().withGroup(KUEUE_GROUP)
                .withVersion(version).withKind(kind).withPlural(plural).withNamespaced(true).build();
        try {
            var resources = client.genericKubernetesResources(context);
            List<GenericKubernetesResource> items = namespace == null ? resources.inAnyNamespace().list().getItems()
                    : resources.inNamespace(namespace).list().getItems();
            return items.stream().map(r -> (JsonNode) JSON.valueToTree(r)).toList();
        } catch (KubernetesClientException e) {
            throw ClusterFailure.of(e, "list " + plural + "." + KUEUE_GROUP + " in " + scope(namespace), api.server());
        }
    }

    private static String scope(String namespace) {
        return namespace == null ? "all namespaces" : "namespace " + namespace;
    }

    private static String names(List<LiveWorkload> waiting) {
        if (waiting.isEmpty()) {
            return "none waits now";
        }
        List<String> keys = waiting.stream().map(LiveWorkload::jobKey).sorted().toList();
        return "waiting now: " + String.join(", ", keys.subList(0, Math.min(10, keys.size())))
                + (keys.size() > 10 ? " and " + (keys.size() - 10) + " more" : "");
    }
}
