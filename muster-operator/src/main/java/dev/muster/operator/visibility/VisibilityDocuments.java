package dev.muster.operator.visibility;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The discovery documents an aggregated API server answers for {@code visibility.kueue.x-k8s.io}
 * (what Kueue's generic API server lists from pkg/visibility/storage/storage.go: the ClusterQueue
 * and LocalQueue resources, which serve nothing themselves, and their {@code pendingworkloads}
 * subresources, which answer GET), and the {@code Status} objects its errors are.
 */
public final class VisibilityDocuments {

    /** The versions served, the preferred first (Kueue's PrioritizedVersions). */
    public static final List<String> VERSIONS = List.of("v1beta2", "v1beta1");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String GROUP = PendingWorkloadsSummaries.GROUP;

    private VisibilityDocuments() {
    }

    /** {@code GET /apis}: the group list of this server. */
    public static ObjectNode groupList() {
        ObjectNode list = NODES.objectNode();
        list.put("kind", "APIGroupList");
        list.put("apiVersion", "v1");
        list.putArray("groups").add(group().without(List.of("kind", "apiVersion")));
        return list;
    }

    /** {@code GET /apis/visibility.kueue.x-k8s.io}. */
    public static ObjectNode group() {
        ObjectNode group = NODES.objectNode();
        group.put("kind", "APIGroup");
        group.put("apiVersion", "v1");
        group.put("name", GROUP);
        ArrayNode versions = group.putArray("versions");
        VERSIONS.forEach(v -> versions.add(groupVersion(v)));
        group.set("preferredVersion", groupVersion(VERSIONS.get(0)));
        return group;
    }

    private static ObjectNode groupVersion(String version) {
        ObjectNode v = NODES.objectNode();
        v.put("groupVersion", GROUP + "/" + version);
        v.put("version", version);
        return v;
    }

    /** {@code GET /apis/visibility.kueue.x-k8s.io/<version>}: the APIResourceList the aggregator's discovery reads. */
    public static ObjectNode resourceList(String version) {
        ObjectNode list = NODES.objectNode();
        list.put("kind", "APIResourceList");
        list.put("apiVersion", "v1");
        list.put("groupVersion", GROUP + "/" + version);
        ArrayNode resources = list.putArray("resources");
        resources.add(resource("clusterqueues", "clusterqueue", false));
        resources.add(resource("clusterqueues/pendingworkloads", "", false, "get"));
        resources.add(resource("localqueues", "localqueue", true));
        resources.add(resource("localqueues/pendingworkloads", "", true, "get"));
        return list;
    }

    private static ObjectNode resource(String name, String singularName, boolean namespaced, String... verbs) {
        ObjectNode r = NODES.objectNode();
        r.put("name", name);
        r.put("singularName", singularName);
        r.put("namespaced", namespaced);
        // Kueue's storages all return a PendingWorkloadsSummary from New(), which names the kind.
        r.put("kind", PendingWorkloadsSummaries.KIND);
        ArrayNode v = r.putArray("verbs");
        for (String verb : verbs) {
            v.add(verb);
        }
        return r;
    }

    /** A {@code metav1.Status} failure, as the API machinery writes it. */
    public static ObjectNode failure(int code, String reason, String message) {
        ObjectNode status = NODES.objectNode();
        status.put("kind", "Status");
        status.put("apiVersion", "v1");
        status.putObject("metadata");
        status.put("status", "Failure");
        status.put("message", message);
        status.put("reason", reason);
        status.putObject("details");
        status.put("code", code);
        return status;
    }

    /** Kueue's errors.NewNotFound(visibility.Resource(resource), name): {@code clusterqueue.visibility.kueue.x-k8s.io "x" not found}. */
    public static ObjectNode notFound(String resource, String name) {
        ObjectNode status = failure(404, "NotFound", resource + "." + GROUP + " \"" + name + "\" not found");
        ObjectNode details = status.putObject("details");
        details.put("name", name);
        details.put("group", GROUP);
        details.put("kind", resource);
        return status;
    }
}
