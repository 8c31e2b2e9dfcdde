package dev.muster.api.cluster;

import dev.muster.api.manifest.KubernetesNames;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.validation.ClusterObjectRules;
import dev.muster.core.model.Namespace;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads a Namespace; its labels are what ClusterQueue namespace selectors match. */
public final class NamespaceReader {

    /** The label the API server puts on every namespace, so that selectors can pick one by name. */
    public static final String NAME_LABEL = "kubernetes.io/metadata.name";

    private NamespaceReader() {
    }

    public static Namespace read(ManifestObject object) {
        ClusterObjectRules.namespace(object);
        String name = object.meta().name();
        if (!name.isEmpty()) {
            KubernetesNames.labelProblem(name).ifPresent(object.root().get("metadata").get("name")::error);
        }
        return withNameLabel(name, object.meta().labels());
    }

    /** A namespace with the automatic name label added (or corrected, as the API server does). */
    public static Namespace withNameLabel(String name, Map<String, String> labels) {
        Map<String, String> all = new LinkedHashMap<>(labels);
        all.put(NAME_LABEL, name);
        return new Namespace(name, all);
    }
}
