package dev.muster.api.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.manifest.ErrorLog;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.FieldReporter;
import dev.muster.api.manifest.ManifestDocument;
import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.MetadataReader;
import dev.muster.api.manifest.NameGenerator;
import dev.muster.api.manifest.ObjectIdentity;
import dev.muster.api.manifest.ObjectMeta;
import dev.muster.api.validation.ObjectMetaRules;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one document: finds its kind, names the object for every message about it, checks its
 * metadata and simulation annotations, and hands it to the reader of its kind.
 */
final class DocumentReader {

    private final KindRegistry registry;
    private final NameGenerator names;
    private final ErrorLog errors;
    private final ScenarioDraft draft;

    DocumentReader(KindRegistry registry, NameGenerator names, ErrorLog errors, ScenarioDraft draft) {
        this.registry = registry;
        this.names = names;
        this.errors = errors;
        this.draft = draft;
    }

    void read(ManifestDocument doc) {
        JsonNode root = doc.root();
        if (!root.isObject()) {
            errors.add(new ManifestError(doc.file(), doc.index(), null, null, "",
                    "must be a Kubernetes object (a map with apiVersion, kind and metadata), not "
                            + (root.isArray() ? "a list" : "a single value")));
            return;
        }
        // kubectl's "kind: List" wraps several objects in one document (kubectl get -o yaml writes it).
        if ("v1".equals(root.path("apiVersion").asText()) && "List".equals(root.path("kind").asText())) {
            JsonNode items = root.path("items");
            for (int i = 0; i < items.size(); i++) {
                readObject(doc, items.get(i), "items[" + i + "]");
            }
            return;
        }
        readObject(doc, root, "");
    }

    private void readObject(ManifestDocument doc, JsonNode node, String pathPrefix) {
        String apiVersion = node.path("apiVersion").isTextual() ? node.path("apiVersion").textValue() : "";
        String kindName = node.path("kind").isTextual() ? node.path("kind").textValue() : "";
        Optional<KindRegistry.Kind> kind = registry.find(apiVersion, kindName);
        boolean namespaced = kind.map(KindRegistry.Kind::namespaced).orElse(false);
        boolean hasMetadata = kind.map(KindRegistry.Kind::hasMetadata).orElse(true);
        ObjectIdentity identity = hasMetadata
                ? MetadataReader.identify(node, namespaced, names)
                : new ObjectIdentity(null, "");
        SourceLocation origin = new SourceLocation(doc.file(), doc.index(),
                kindName.isEmpty() ? null : kindName, identity.displayName());
        FieldReporter inFile = (path, message) -> errors.add(
                new ManifestError(origin.file(), origin.document(), origin.kind(), origin.name(), path, message));
        FieldReporter reporter = doc.fromTheApiServer() ? FieldReporter.toleratingUnknownFields(inFile) : inFile;
        Field root = pathPrefix.isEmpty() ? Field.root(node, reporter) : Field.root(node, pathPrefix, reporter);

        if (!node.isObject()) {
            root.error("must be a Kubernetes object (a map with apiVersion, kind and metadata)");
            return;
        }
        Field apiVersionField = root.get("apiVersion");
        Field kindField = root.get("kind");
        apiVersionField.string();
        kindField.string();
        if (apiVersion.isEmpty() || kindName.isEmpty()) {
            // "" is as missing as no field at all (a value of another type was reported above)
            if (apiVersion.isEmpty() && (!apiVersionField.isPresent() || apiVersionField.node().isTextual())) {
                apiVersionField.error("required (for example kueue.x-k8s.io/v1beta1, ray.io/v1 or v1)");
            }
            if (kindName.isEmpty() && (!kindField.isPresent() || kindField.node().isTextual())) {
                kindField.error("required (for example ClusterQueue, RayJob or Pod)");
            }
            return;
        }
        if (kind.isEmpty()) {
            kindField.error(registry.unknownMessage(apiVersion, kindName));
            return;
        }
        ObjectMeta meta = hasMetadata
                ? MetadataReader.read(root.get("metadata"), identity)
                : new ObjectMeta("", "", Map.of(), Map.of());
        if (hasMetadata) {
            ObjectMetaRules.check(root.get("metadata"));
        }
        ManifestObject object = new ManifestObject(apiVersion, kindName, meta, root);
        SimulatedRun run = hasMetadata ? SimAnnotations.read(object, kind.get().workload()) : SimulatedRun.DEFAULT;
        if (!draft.claim(object, origin)) {
            return;
        }
        // Kueue's manager ConfigMap lives in Kueue's own namespace, not in one the scenario makes.
        if (kind.get().namespaced() && !kindName.equals("ConfigMap")) {
            draft.namespacedObjects.add(new Declared<>(object, origin));
        }
        kind.get().handler().read(object, origin, run, draft);
    }
}
