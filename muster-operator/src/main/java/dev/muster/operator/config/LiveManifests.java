package dev.muster.operator.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Objects read from the API as the manifests Muster reads: what the API server adds to an object
 * (uid, resourceVersion, managedFields, status) is dropped, so that the same readers, with the
 * same checks and error messages, serve files and live objects (read as trees, never written
 * out as YAML text and parsed again).
 */
public final class LiveManifests {

    private LiveManifests() {
    }

    /** The object as a manifest: apiVersion, kind, metadata (name, namespace, labels, annotations), spec and data fields. */
    public static ObjectNode manifest(JsonNode live) {
        ObjectNode out = ((ObjectNode) live).deepCopy();
        JsonNode meta = live.path("metadata");
        ObjectNode metadata = out.putObject("metadata");
        copy(meta, metadata, "name");
        copy(meta, metadata, "namespace");
        copy(meta, metadata, "labels");
        copy(meta, metadata, "annotations");
        if (metadata.has("annotations")) {
            ((ObjectNode) metadata.get("annotations")).remove("kubectl.kubernetes.io/last-applied-configuration");
        }
        if (!"Node".equals(live.path("kind").asText())) {
            out.remove("status"); // a Node's status says what it can hold; other statuses are Muster's own output
        } else if (out.path("status").isObject()) {
            ObjectNode status = (ObjectNode) out.get("status");
            status.retain("allocatable", "capacity");
        }
        return out;
    }

    /** How messages name a live object: {@code RayJob default/train}, as a file name would name a file. */
    public static String origin(JsonNode live) {
        JsonNode meta = live.path("metadata");
        String ns = meta.path("namespace").asText("");
        return live.path("kind").asText() + " " + (ns.isEmpty() ? "" : ns + "/") + meta.path("name").asText();
    }

    private static void copy(JsonNode from, ObjectNode to, String field) {
        if (from.has(field) && !from.get(field).isNull()) {
            to.set(field, from.get(field).deepCopy());
        }
    }
}
