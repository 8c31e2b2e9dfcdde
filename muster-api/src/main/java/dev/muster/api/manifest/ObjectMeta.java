package dev.muster.api.manifest;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The metadata Muster uses from an object.
 *
 * @param name        the final name; a {@code generateName} already has its suffix
 * @param namespace   the namespace of a namespaced kind ({@code default} when not written); empty for
 *                    cluster-scoped kinds
 * @param labels      in file order
 * @param annotations in file order
 */
public record ObjectMeta(String name, String namespace, Map<String, String> labels, Map<String, String> annotations) {

    public ObjectMeta {
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        annotations = Collections.unmodifiableMap(new LinkedHashMap<>(annotations));
    }

    public boolean isNamespaced() {
        return !namespace.isEmpty();
    }

    /** How messages name the object: {@code namespace/name} for namespaced kinds, else the name. */
    public String displayName() {
        return isNamespaced() ? namespace + "/" + name : name;
    }
}
