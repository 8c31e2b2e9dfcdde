package dev.muster.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;

/**
 * Turns a live object into what a scenario holds: the fields a user writes, none the server or a
 * controller set. Kept: apiVersion, kind, metadata name, namespace, labels and annotations (less
 * kubectl's copy of the last applied object), spec; of a Node only its labels, taints and
 * {@code status.allocatable}, which is what the simulator places pods by. Dropped: uid,
 * resourceVersion, generation, timestamps, managedFields, ownerReferences, finalizers and every
 * other status; of a Job, the selector and the template labels its controller adds (they name the
 * old Job's uid, and the simulator's Job controller sets its own).
 */
final class SnapshotObjects {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> DROPPED_ANNOTATIONS = Set.of("kubectl.kubernetes.io/last-applied-configuration");
    /** Labels the Job controller puts on a Job's template (batch/v1): they carry the old Job's uid. */
    private static final List<String> JOB_CONTROLLER_LABELS = List.of("controller-uid", "batch.kubernetes.io/controller-uid",
            "job-name", "batch.kubernetes.io/job-name");

    private SnapshotObjects() {
    }

    /** The object as a scenario document, with {@code arrival} (e.g. {@code 3ms}) when not null. */
    static ObjectNode clean(JsonNode live, String arrival) {
        String kind = live.path("kind").asText();
        ObjectNode out = NODES.objectNode();
        out.put("apiVersion", live.path("apiVersion").asText());
        out.put("kind", kind);
        out.set("metadata", metadata(live.path("metadata"), arrival));
        switch (kind) {
            case "Node" -> node(live, out);
            case "Namespace" -> { }
            // Kueue's WorkloadPriorityClass and PriorityClass keep their top-level fields
            case "WorkloadPriorityClass", "PriorityClass" -> live.properties().forEach(e -> {
                if (!List.of("apiVersion", "kind", "metadata", "status").contains(e.getKey())) {
                    out.set(e.getKey(), e.getValue().deepCopy());
                }
            });
            default -> {
                if (live.has("spec")) {
                    out.set("spec", live.get("spec").deepCopy());
                }
            }
        }
        if (kind.equals("Job") && out.get("spec") instanceof ObjectNode spec) {
            job(spec);
        }
        if (List.of("Job", "RayJob", "RayCluster").contains(kind) && out.get("spec") instanceof ObjectNode spec
                && spec.has("suspend")) {
            // created as Kueue's webhook leaves a job that names a queue: suspended until admitted
            spec.put("suspend", true);
        }
        if (out.get("spec") != null) {
            dropNullTimestamps(out.get("spec"));
        }
        return out;
    }

    private static ObjectNode metadata(JsonNode live, String arrival) {
        ObjectNode m = NODES.objectNode();
        m.put("name", live.path("name").asText());
        if (live.hasNonNull("namespace")) {
            m.put("namespace", live.get("namespace").asText());
        }
        if (live.path("labels").size() > 0) {
            m.set("labels", live.get("labels").deepCopy());
        }
        ObjectNode annotations = NODES.objectNode();
        live.path("annotations").properties().forEach(e -> {
            if (!DROPPED_ANNOTATIONS.contains(e.getKey()) && !e.getKey().startsWith("sim.muster.dev/")) {
                annotations.set(e.getKey(), e.getValue().deepCopy());
            }
        });
        if (arrival != null) {
            annotations.put("sim.muster.dev/arrival", arrival);
        }
        if (annotations.size() > 0) {
            m.set("annotations", annotations);
        }
        return m;
    }

    private static void node(JsonNode live, ObjectNode out) {
        JsonNode taints = live.path("spec").path("taints");
        if (taints.size() > 0) {
            ObjectNode spec = out.putObject("spec");
            var list = spec.putArray("taints");
            // a taint's timeAdded is the server's; key, value and effect are what scheduling reads
            taints.forEach(t -> {
                ObjectNode taint = list.addObject();
                for (String f : List.of("key", "value", "effect")) {
                    if (t.hasNonNull(f)) {
                        taint.set(f, t.get(f).deepCopy());
                    }
                }
            });
        }
        JsonNode allocatable = live.path("status").path("allocatable");
        if (allocatable.size() > 0) {
            out.putObject("status").set("allocatable", allocatable.deepCopy());
        }
    }

    /** Pod templates come back with {@code creationTimestamp: null}, which no one wrote. */
    private static void dropNullTimestamps(JsonNode node) {
        if (node instanceof ObjectNode o) {
            if (o.has("creationTimestamp") && o.get("creationTimestamp").isNull()) {
                o.remove("creationTimestamp");
            }
            o.elements().forEachRemaining(SnapshotObjects::dropNullTimestamps);
        } else if (node.isArray()) {
            node.elements().forEachRemaining(SnapshotObjects::dropNullTimestamps);
        }
    }

    private static void job(ObjectNode spec) {
        spec.remove("selector");
        spec.remove("manualSelector");
        if (spec.path("template").path("metadata").path("labels") instanceof ObjectNode labels) {
            JOB_CONTROLLER_LABELS.forEach(labels::remove);
            if (labels.isEmpty()) {
                ((ObjectNode) spec.get("template").get("metadata")).remove("labels");
            }
        }
    }
}
