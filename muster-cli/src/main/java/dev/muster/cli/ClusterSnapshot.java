package dev.muster.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A live cluster's queues, nodes and jobs as a scenario ({@code muster snapshot}).
 *
 * <p>The simulator does not take a Workload's {@code status.admission} as given (a scenario's
 * Workloads are read for their spec only), so the admissions that history made are kept by the
 * order of arrival instead: every object of the cluster arrives at 0 s, then the admitted jobs one
 * a millisecond in the order their quota was reserved, then the waiting ones one a millisecond in
 * the order they were created (their place in the queues). Replaying that order admits the same
 * jobs to the same ClusterQueues, as long as the cluster's scheduling is a fixed point: see
 * {@code docs/traces.md} for when it can differ.
 */
final class ClusterSnapshot {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Namespaces every cluster (and the simulator) has: declaring them again is not needed. */
    private static final Set<String> BUILT_IN_NAMESPACES = Set.of("default", "kube-system", "kube-public", "kube-node-lease");
    private static final String QUEUE_LABEL = "kueue.x-k8s.io/queue-name";

    private final KubernetesClient client;
    private final String namespace;

    /** @param namespace only the jobs and LocalQueues of this namespace; null: all */
    ClusterSnapshot(KubernetesClient client, String namespace) {
        this.client = client;
        this.namespace = namespace;
    }

    /** A job of the cluster with what its Workload says. */
    record LiveJob(JsonNode object, boolean admitted, String reservedAt, String createdAt, String key) {
    }

    /** The scenario's documents, in the order they arrive. */
    List<ObjectNode> documents() throws ClusterFailure {
        List<ObjectNode> docs = new ArrayList<>();
        for (JsonNode ns : list(KubeKind.NAMESPACE)) {
            String name = ns.path("metadata").path("name").asText();
            if (!BUILT_IN_NAMESPACES.contains(name) && (namespace == null || namespace.equals(name))) {
                docs.add(SnapshotObjects.clean(ns, null));
            }
        }
        for (KubeKind k : List.of(KubeKind.RESOURCE_FLAVOR, KubeKind.COHORT, KubeKind.CLUSTER_QUEUE, KubeKind.LOCAL_QUEUE,
                KubeKind.WORKLOAD_PRIORITY_CLASS, KubeKind.KAI_QUEUE, KubeKind.NODE)) {
            list(k).forEach(o -> docs.add(SnapshotObjects.clean(o, null)));
        }
        for (JsonNode pc : list(KubeKind.PRIORITY_CLASS)) {
            if (!pc.path("metadata").path("name").asText().startsWith("system-")) {
                docs.add(SnapshotObjects.clean(pc, null));
            }
        }
        List<LiveJob> jobs = jobs();
        int arrival = 1;
        for (LiveJob j : jobs) {
            docs.add(SnapshotObjects.clean(j.object(), arrival++ + "ms"));
        }
        return docs;
    }

    /**
     * The jobs Kueue manages (a queue-name label) and the Workloads no job owns, without the finished
     * ones: admitted first in the order of their reservation, then waiting in the order of creation.
     */
    List<LiveJob> jobs() throws ClusterFailure {
        Map<String, JsonNode> workloadOfJob = new HashMap<>();
        List<JsonNode> ownerless = new ArrayList<>();
        for (JsonNode w : list(KubeKind.WORKLOAD)) {
            JsonNode owner = controllingOwner(w);
            if (owner == null) {
                ownerless.add(w);
            } else {
                workloadOfJob.put(owner.path("kind").asText() + "/" + w.path("metadata").path("namespace").asText() + "/"
                        + owner.path("name").asText(), w);
            }
        }
        List<LiveJob> jobs = new ArrayList<>();
        for (KubeKind k : List.of(KubeKind.BATCH_JOB, KubeKind.RAY_JOB, KubeKind.RAY_CLUSTER)) {
            for (JsonNode o : list(k)) {
                if (!o.path("metadata").path("labels").has(QUEUE_LABEL)) {
                    continue;
                }
                String key = k.kind() + "/" + o.path("metadata").path("namespace").asText() + "/"
                        + o.path("metadata").path("name").asText();
                liveJob(o, workloadOfJob.get(key), key, jobs);
            }
        }
        for (JsonNode w : ownerless) {
            String key = "Workload/" + w.path("metadata").path("namespace").asText() + "/" + w.path("metadata").path("name").asText();
            liveJob(w, w, key, jobs);
        }
        jobs.sort(Comparator.comparing((LiveJob j) -> !j.admitted())
                .thenComparing(j -> j.admitted() ? j.reservedAt() : "")
                .thenComparing(LiveJob::createdAt)
                .thenComparing(LiveJob::key));
        return jobs;
    }

    private static void liveJob(JsonNode object, JsonNode workload, String key, List<LiveJob> jobs) {
        JsonNode status = workload == null ? null : workload.path("status");
        if (status != null && condition(status, "Finished").path("status").asText().equals("True")) {
            return;
        }
        JsonNode reserved = status == null ? null : condition(status, "QuotaReserved");
        boolean admitted = reserved != null && reserved.path("status").asText().equals("True") && status.has("admission");
        // RFC 3339 times of one server sort as text
        jobs.add(new LiveJob(object, admitted, admitted ? reserved.path("lastTransitionTime").asText("") : "",
                object.path("metadata").path("creationTimestamp").asText(""), key));
    }

    private static JsonNode condition(JsonNode status, String type) {
        for (JsonNode c : status.path("conditions")) {
            if (c.path("type").asText().equals(type)) {
                return c;
            }
        }
        return JSON.createObjectNode();
    }

    private static JsonNode controllingOwner(JsonNode workload) {
        for (JsonNode o : workload.path("metadata").path("ownerReferences")) {
            if (o.path("controller").asBoolean(false)) {
                return o;
            }
        }
        return null;
    }

    /**
     * Every object of a kind, in name order (namespace, name), so that a snapshot is the same text
     * each time; a kind the server does not serve (KAI or KubeRay not installed) is empty.
     */
    private List<JsonNode> list(KubeKind kind) throws ClusterFailure {
        try {
            var resources = client.genericKubernetesResources(kind.context());
            List<GenericKubernetesResource> items = !kind.namespaced() ? resources.list().getItems()
                    : namespace == null ? resources.inAnyNamespace().list().getItems()
                    : resources.inNamespace(namespace).list().getItems();
            List<JsonNode> nodes = new ArrayList<>();
            for (GenericKubernetesResource r : items) {
                ObjectNode n = JSON.valueToTree(r);
                // a list's items may come without apiVersion and kind
                n.put("apiVersion", kind.apiVersion());
                n.put("kind", kind.kind());
                nodes.add(n);
            }
            nodes.sort(Comparator.comparing((JsonNode n) -> n.path("metadata").path("namespace").asText(""))
                    .thenComparing(n -> n.path("metadata").path("name").asText()));
            return nodes;
        } catch (KubernetesClientException e) {
            if (e.getCode() == 404) {
                return List.of();
            }
            throw ClusterFailure.of(e, "list " + kind.plural() + (kind.group().isEmpty() ? "" : "." + kind.group()),
                    client.getMasterUrl().toString());
        }
    }
}
