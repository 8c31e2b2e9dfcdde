package dev.muster.operator.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * Kueue objects from one served version to the other, field by field, as Kueue's own conversion
 * does: ClusterQueue {@code cohort} ↔ {@code cohortName} and v1beta1's {@code admissionChecks}
 * into {@code admissionChecksStrategy}; Workload {@code priorityClassName} and
 * {@code priorityClassSource} ↔ {@code priorityClassRef}. The other kinds have the same fields in
 * both versions: only their {@code apiVersion} changes. Pure: no I/O.
 */
public final class KueueVersions {

    public static final String GROUP = "kueue.x-k8s.io";
    public static final String V1BETA1 = GROUP + "/v1beta1";
    public static final String V1BETA2 = GROUP + "/v1beta2";
    private static final List<String> SERVED = List.of(V1BETA1, V1BETA2);

    /** v1beta1's priorityClassSource ↔ v1beta2's priorityClassRef group and kind. */
    private static final Map<String, List<String>> SOURCE_TO_REF = Map.of(
            "kueue.x-k8s.io/workloadpriorityclass", List.of("kueue.x-k8s.io", "WorkloadPriorityClass"),
            "scheduling.k8s.io/priorityclass", List.of("scheduling.k8s.io", "PriorityClass"));

    private KueueVersions() {
    }

    /**
     * The object as {@code desiredApiVersion}.
     *
     * @throws IllegalArgumentException naming what cannot be converted (another group, an unknown version)
     */
    public static ObjectNode convert(JsonNode object, String desiredApiVersion) {
        if (!object.isObject()) {
            throw new IllegalArgumentException("not an object");
        }
        String from = object.path("apiVersion").asText("");
        String name = object.path("kind").asText("?") + " " + object.path("metadata").path("name").asText("?");
        if (!SERVED.contains(from)) {
            throw new IllegalArgumentException(name + ": apiVersion " + from + " is not one Muster serves (" + SERVED + ")");
        }
        if (!SERVED.contains(desiredApiVersion)) {
            throw new IllegalArgumentException(name + ": cannot convert to " + desiredApiVersion + ", only to " + SERVED);
        }
        ObjectNode out = ((ObjectNode) object).deepCopy();
        out.put("apiVersion", desiredApiVersion);
        if (from.equals(desiredApiVersion) || !out.path("spec").isObject()) {
            return out;
        }
        ObjectNode spec = (ObjectNode) out.get("spec");
        boolean up = desiredApiVersion.equals(V1BETA2);
        switch (out.path("kind").asText("")) {
            case "ClusterQueue" -> {
                if (up) {
                    rename(spec, "cohort", "cohortName");
                    checksIntoStrategy(spec);
                } else {
                    rename(spec, "cohortName", "cohort");
                }
            }
            case "Workload" -> {
                if (up) {
                    priorityClassRef(spec, name);
                } else {
                    priorityClassNameAndSource(spec, name);
                }
            }
            default -> { } // same fields in both versions
        }
        return out;
    }

    private static void rename(ObjectNode spec, String from, String to) {
        JsonNode value = spec.remove(from);
        if (value != null) {
            spec.set(to, value);
        }
    }

    /** v1beta2 has no plain list of checks: each becomes an admissionChecksStrategy rule for every flavor. */
    private static void checksIntoStrategy(ObjectNode spec) {
        JsonNode checks = spec.remove("admissionChecks");
        if (checks == null || !checks.isArray() || checks.isEmpty()) {
            return;
        }
        ObjectNode strategy = spec.path("admissionChecksStrategy").isObject()
                ? (ObjectNode) spec.get("admissionChecksStrategy") : spec.putObject("admissionChecksStrategy");
        ArrayNode rules = strategy.path("admissionChecks").isArray()
                ? (ArrayNode) strategy.get("admissionChecks") : strategy.putArray("admissionChecks");
        for (JsonNode check : checks) {
            rules.addObject().put("name", check.asText());
        }
    }

    private static void priorityClassRef(ObjectNode spec, String name) {
        JsonNode className = spec.remove("priorityClassName");
        JsonNode source = spec.remove("priorityClassSource");
        if (className == null || className.asText().isEmpty()) {
            return;
        }
        // An empty source is v1beta1's default: the pod PriorityClass that priorityClassName always named.
        List<String> groupKind = SOURCE_TO_REF.getOrDefault(source == null ? "" : source.asText(""),
                SOURCE_TO_REF.get("scheduling.k8s.io/priorityclass"));
        if (source != null && !source.asText("").isEmpty() && !SOURCE_TO_REF.containsKey(source.asText())) {
            throw new IllegalArgumentException(name + ": spec.priorityClassSource " + source.asText()
                    + " is none of " + SOURCE_TO_REF.keySet());
        }
        spec.putObject("priorityClassRef").put("group", groupKind.get(0)).put("kind", groupKind.get(1))
                .put("name", className.asText());
    }

    private static void priorityClassNameAndSource(ObjectNode spec, String name) {
        JsonNode ref = spec.remove("priorityClassRef");
        if (ref == null || !ref.isObject()) {
            return;
        }
        String group = ref.path("group").asText("");
        String kind = ref.path("kind").asText("");
        String source = SOURCE_TO_REF.entrySet().stream()
                .filter(e -> e.getValue().equals(List.of(group, kind))).map(Map.Entry::getKey).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(name + ": spec.priorityClassRef " + group + "/" + kind
                        + " is neither a WorkloadPriorityClass (kueue.x-k8s.io) nor a PriorityClass (scheduling.k8s.io)"));
        spec.put("priorityClassName", ref.path("name").asText(""));
        spec.put("priorityClassSource", source);
    }
}
