package dev.muster.api.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.manifest.ErrorLog;
import dev.muster.api.manifest.ManifestDocument;
import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario with some of its objects changed ({@code muster compare A --overlay FILE}): each
 * document of the overlay replaces the scenario's documents of the same object — same apiVersion
 * group, kind, namespace and name — where they stand, and is added at the end when the scenario has
 * no such object. The version within a group does not matter (a {@code kueue.x-k8s.io/v1beta2}
 * ClusterQueue replaces a {@code v1beta1} one of the same name), and a namespaced object without a
 * namespace is in {@code default}, as the loader reads it.
 *
 * <p>Kueue's and Muster's {@code Configuration} have no metadata: a scenario holds at most one of
 * each, so an overlay's Configuration replaces the scenario's of the same group (fair sharing on in
 * B, say) or is added.
 *
 * <p>Replaced documents keep the overlay's file and position, so a problem in them is reported
 * against the overlay file the user wrote.
 */
public final class ScenarioOverlay {

    /**
     * @param documents the scenario's documents with the overlay applied
     * @param replaced  the objects the overlay replaced ({@code Kind namespace/name}), in overlay order
     * @param added     the objects the scenario did not have, in overlay order
     */
    public record Result(List<ManifestDocument> documents, List<String> replaced, List<String> added) {
    }

    /** What makes two documents the same object. {@code namespace} is empty for cluster-scoped kinds. */
    record ObjectKey(String group, String kind, String namespace, String name) {

        @Override
        public String toString() {
            if (name.isEmpty()) {
                return kind + " (" + group + ")"; // a Configuration: one per group, no name
            }
            return kind + " " + (namespace.isEmpty() ? "" : namespace + "/") + name;
        }
    }

    private static final KindRegistry KINDS = new KindRegistry();

    private ScenarioOverlay() {
    }

    /**
     * @throws ManifestException an overlay document says no apiVersion or kind, or no
     *                           {@code metadata.name} (it could not say which object it replaces), or
     *                           two of its documents are the same object
     */
    public static Result apply(List<ManifestDocument> scenario, List<ManifestDocument> overlay) throws ManifestException {
        ErrorLog errors = new ErrorLog();
        Map<ObjectKey, ManifestDocument> changes = new LinkedHashMap<>();
        for (ManifestDocument doc : overlay) {
            ObjectKey key = overlayKey(doc, errors);
            if (key == null) {
                continue;
            }
            ManifestDocument earlier = changes.putIfAbsent(key, doc);
            if (earlier != null) {
                errors.add(new ManifestError(doc.file(), doc.index(), key.kind(), label(key), "",
                        "the overlay holds this object twice; the other is " + earlier.file() + ", document " + earlier.index()));
            }
        }
        errors.throwIfAny();
        List<ManifestDocument> out = new ArrayList<>(scenario.size() + changes.size());
        List<ObjectKey> matched = new ArrayList<>();
        for (ManifestDocument doc : scenario) {
            ObjectKey key = key(doc.root());
            ManifestDocument change = key == null ? null : changes.get(key);
            if (change == null) {
                out.add(doc);
            } else {
                out.add(change);
                if (!matched.contains(key)) {
                    matched.add(key);
                }
            }
        }
        List<String> replaced = new ArrayList<>();
        List<String> added = new ArrayList<>();
        changes.forEach((key, doc) -> {
            if (matched.contains(key)) {
                replaced.add(key.toString());
            } else {
                out.add(doc);
                added.add(key.toString());
            }
        });
        return new Result(List.copyOf(out), List.copyOf(replaced), List.copyOf(added));
    }

    private static ObjectKey overlayKey(ManifestDocument doc, ErrorLog errors) {
        JsonNode root = doc.root();
        String apiVersion = root.path("apiVersion").asText("");
        String kind = root.path("kind").asText("");
        if (apiVersion.isEmpty() || kind.isEmpty()) {
            errors.add(new ManifestError(doc.file(), doc.index(), kind.isEmpty() ? null : kind, null,
                    apiVersion.isEmpty() ? "apiVersion" : "kind",
                    "an overlay object needs apiVersion and kind: they say which of the scenario's objects it replaces"));
            return null;
        }
        ObjectKey key = key(root);
        if (key == null) {
            errors.add(new ManifestError(doc.file(), doc.index(), kind, null, "metadata.name",
                    "an overlay object needs metadata.name: it replaces the scenario's object of that name"
                            + (root.path("metadata").has("generateName")
                            ? " (a generateName makes a new name, which matches none)" : "")));
        }
        return key;
    }

    /** The object a document is; null when it cannot be told (no kind, or no name where a name is needed). */
    static ObjectKey key(JsonNode root) {
        String apiVersion = root.path("apiVersion").asText("");
        String kind = root.path("kind").asText("");
        if (apiVersion.isEmpty() || kind.isEmpty()) {
            return null;
        }
        String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
        KindRegistry.Kind known = KINDS.find(apiVersion, kind).orElse(null);
        if (known != null && !known.hasMetadata()) {
            return new ObjectKey(group, kind, "", "");
        }
        JsonNode metadata = root.path("metadata");
        String name = metadata.path("name").asText("");
        if (name.isEmpty()) {
            return null;
        }
        String namespace = metadata.path("namespace").asText("");
        if (known != null) {
            // As the loader reads them: a cluster-scoped object has no namespace, a namespaced one defaults.
            namespace = !known.namespaced() ? "" : namespace.isEmpty() ? "default" : namespace;
        }
        return new ObjectKey(group, kind, namespace, name);
    }

    private static String label(ObjectKey key) {
        return key.namespace().isEmpty() ? key.name() : key.namespace() + "/" + key.name();
    }
}
