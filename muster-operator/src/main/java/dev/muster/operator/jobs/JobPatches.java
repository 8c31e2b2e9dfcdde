package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.muster.core.model.ResourceFlavorSpec;
import dev.muster.core.model.Toleration;
import java.util.Map;

/**
 * JSON Patches (RFC 6902) on the fields Muster owns in a job: {@code spec.suspend}, and the node
 * selectors and tolerations of its pod templates. Muster touches nothing else of an object it does
 * not own. What a template had before admission is kept in an annotation, so that eviction puts it
 * back exactly, even after a restart of the controller.
 */
public final class JobPatches {

    /** Where the templates' own node selectors and tolerations wait while Muster's are in place. */
    public static final String ORIGINALS_ANNOTATION = "muster.dev/pod-template-originals";

    private static final String RESOURCE_VERSION = "/metadata/resourceVersion";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JobPatches() {
    }

    /**
     * Whether a patch holds only if the object is unchanged since it was read (it sets the
     * resourceVersion): a conflict then means "decide again", not "write the same patch again".
     */
    public static boolean preconditioned(ArrayNode patch) {
        for (JsonNode op : patch) {
            if (RESOURCE_VERSION.equals(op.path("path").asText())) {
                return true;
            }
        }
        return false;
    }

    public static ArrayNode suspend() {
        ArrayNode ops = JSON.arrayNode();
        ops.add(op("add", "/spec/suspend", JSON.booleanNode(true)));
        return ops;
    }

    /**
     * Unsuspends the job with each pod set's flavors' node labels and tolerations merged into its
     * pod template (Kueue's "run with pod set info").
     *
     * @param flavorsByPodSet the flavors assigned to each pod set (the values of its resource → flavor map)
     */
    public static ArrayNode start(JsonNode job, JobAdapter adapter, Map<String, java.util.Collection<ResourceFlavorSpec>> flavorsByPodSet) {
        return start(job, adapter, flavorsByPodSet, Map.of());
    }

    /**
     * As {@link #start(JsonNode, JobAdapter, Map)}, with annotations admission checks add to pod
     * sets' pods (a provisioned request's, so that its pods consume the capacity booked for them).
     */
    public static ArrayNode start(JsonNode job, JobAdapter adapter, Map<String, java.util.Collection<ResourceFlavorSpec>> flavorsByPodSet,
            Map<String, Map<String, String>> annotationsByPodSet) {
        ArrayNode ops = JSON.arrayNode();
        ObjectNode originals = JSON.objectNode();
        for (PodTemplatePath t : adapter.podTemplates(job)) {
            JsonNode template = job.at(t.pointer());
            java.util.Collection<ResourceFlavorSpec> flavors = flavorsByPodSet.getOrDefault(t.podSet(), java.util.List.of());
            Map<String, String> annotations = annotationsByPodSet.getOrDefault(t.podSet(), Map.of());
            if (template.isMissingNode()) {
                continue;
            }
            if (!annotations.isEmpty()) {
                JsonNode meta = template.path("metadata");
                originals.putObject(t.podSet() + "/annotations").set("annotations",
                        meta.has("annotations") ? meta.get("annotations") : JSON.nullNode());
                if (!template.has("metadata")) {
                    ops.add(op("add", t.pointer() + "/metadata", JSON.objectNode()));
                }
                if (!meta.has("annotations")) {
                    ops.add(op("add", t.pointer() + "/metadata/annotations", JSON.objectNode()));
                }
                new java.util.TreeMap<>(annotations).forEach((k, v) ->
                        ops.add(op("add", t.pointer() + "/metadata/annotations/" + escape(k), JSON.textNode(v))));
            }
            if (flavors.stream().allMatch(f -> f.nodeLabels().isEmpty() && f.tolerations().isEmpty())) {
                continue;
            }
            JsonNode podSpec = template.path("spec");
            ObjectNode original = originals.putObject(t.podSet());
            original.set("nodeSelector", podSpec.has("nodeSelector") ? podSpec.get("nodeSelector") : JSON.nullNode());
            original.set("tolerations", podSpec.has("tolerations") ? podSpec.get("tolerations") : JSON.nullNode());
            ObjectNode selector = podSpec.path("nodeSelector").isObject()
                    ? ((ObjectNode) podSpec.get("nodeSelector")).deepCopy() : JSON.objectNode();
            ArrayNode tolerations = podSpec.path("tolerations").isArray()
                    ? ((ArrayNode) podSpec.get("tolerations")).deepCopy() : JSON.arrayNode();
            for (ResourceFlavorSpec f : flavors) {
                f.nodeLabels().forEach(selector::put);
                for (Toleration tol : f.tolerations()) {
                    tolerations.add(toleration(tol));
                }
            }
            if (!template.has("spec")) {
                ops.add(op("add", t.pointer() + "/spec", JSON.objectNode()));
            }
            ops.add(op("add", t.pointer() + "/spec/nodeSelector", selector));
            ops.add(op("add", t.pointer() + "/spec/tolerations", tolerations));
        }
        if (!originals.isEmpty()) {
            if (!job.path("metadata").has("annotations")) {
                ops.add(op("add", "/metadata/annotations", JSON.objectNode()));
            }
            ops.add(op("add", "/metadata/annotations/" + escape(ORIGINALS_ANNOTATION), JSON.textNode(text(originals))));
        }
        ops.add(op("add", "/spec/suspend", JSON.booleanNode(false)));
        return ops;
    }

    /**
     * Suspends the job and gives its pod templates back their own node selectors and tolerations,
     * only if the job is still as last seen: the patch carries the job's resourceVersion, which the
     * API server takes as a precondition (409 Conflict when the job changed since). Kueue stops a
     * job with an Update of the object it read, so a stop decided on a stale view (the job finished
     * meanwhile) is refused rather than suspending a finished job; the decider owes the stop and
     * decides again on the job as it is now ({@code JobWrites.retryFailed}).
     */
    public static ArrayNode stop(JsonNode job, JobAdapter adapter) {
        ArrayNode ops = JSON.arrayNode();
        String resourceVersion = job.path("metadata").path("resourceVersion").asText("");
        if (!resourceVersion.isEmpty()) {
            ops.add(op("replace", RESOURCE_VERSION, JSON.textNode(resourceVersion)));
        }
        String saved = job.path("metadata").path("annotations").path(ORIGINALS_ANNOTATION).asText("");
        if (!saved.isEmpty()) {
            JsonNode originals = parse(saved);
            for (PodTemplatePath t : adapter.podTemplates(job)) {
                JsonNode savedAnnotations = originals.path(t.podSet() + "/annotations");
                if (!savedAnnotations.isMissingNode() && !job.at(t.pointer() + "/metadata").isMissingNode()) {
                    JsonNode value = savedAnnotations.path("annotations");
                    if (value.isNull() || value.isMissingNode()) {
                        ops.add(op("remove", t.pointer() + "/metadata/annotations", null));
                    } else {
                        ops.add(op("add", t.pointer() + "/metadata/annotations", value));
                    }
                }
                JsonNode original = originals.path(t.podSet());
                JsonNode podSpec = job.at(t.pointer() + "/spec");
                if (original.isMissingNode() || podSpec.isMissingNode()) {
                    continue;
                }
                for (String field : new String[] {"nodeSelector", "tolerations"}) {
                    JsonNode value = original.path(field);
                    if (value.isNull() || value.isMissingNode()) {
                        if (podSpec.has(field)) {
                            ops.add(op("remove", t.pointer() + "/spec/" + field, null));
                        }
                    } else {
                        ops.add(op("add", t.pointer() + "/spec/" + field, value));
                    }
                }
            }
            ops.add(op("remove", "/metadata/annotations/" + escape(ORIGINALS_ANNOTATION), null));
        }
        ops.add(op("add", "/spec/suspend", JSON.booleanNode(true)));
        return ops;
    }

    static ObjectNode toleration(Toleration t) {
        ObjectNode n = JSON.objectNode();
        if (!t.key().isEmpty()) {
            n.put("key", t.key());
        }
        n.put("operator", t.operator().isEmpty() ? "Equal" : t.operator());
        if (!t.value().isEmpty()) {
            n.put("value", t.value());
        }
        if (!t.effect().isEmpty()) {
            n.put("effect", t.effect());
        }
        return n;
    }

    static ObjectNode op(String op, String path, JsonNode value) {
        ObjectNode n = JSON.objectNode();
        n.put("op", op);
        n.put("path", path);
        if (value != null) {
            n.set("value", value);
        }
        return n;
    }

    /** A JSON Pointer reference token: {@code ~} and {@code /} escaped. */
    static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    private static String text(JsonNode n) {
        try {
            return MAPPER.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return MAPPER.createObjectNode(); // an annotation someone broke: nothing to restore
        }
    }
}
