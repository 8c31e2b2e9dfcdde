package dev.muster.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;

/** Reads {@code metadata}: the object's identity first, then a validating read of the rest. */
public final class MetadataReader {

    public static final String DEFAULT_NAMESPACE = "default";

    private MetadataReader() {
    }

    /**
     * The name and namespace a document declares, without reporting anything: the messages about
     * the document need them before its fields are checked. A {@code generateName} without a name
     * draws its suffix here, so that draws follow document order.
     */
    public static ObjectIdentity identify(JsonNode document, boolean namespaced, NameGenerator names) {
        JsonNode meta = document.path("metadata");
        String name = text(meta.path("name"));
        if (name == null || name.isEmpty()) {
            String prefix = text(meta.path("generateName"));
            name = prefix == null || prefix.isEmpty() ? null : names.generate(prefix);
        }
        String namespace = "";
        if (namespaced) {
            String ns = text(meta.path("namespace"));
            namespace = ns == null || ns.isEmpty() ? DEFAULT_NAMESPACE : ns;
        }
        return new ObjectIdentity(name, namespace);
    }

    /** Checks {@code metadata} and returns what Muster uses of it; problems go to the field's reporter. */
    public static ObjectMeta read(Field metadata, ObjectIdentity identity) {
        metadata.requireObject();
        Field nameField = metadata.get("name");
        Field generateName = metadata.get("generateName");
        nameField.string();
        generateName.string();
        if (identity.name() == null) {
            if (!metadata.isPresent()) {
                metadata.error("required: every object needs metadata.name (or metadata.generateName)");
            } else if (!nameField.isPresent() || nameField.node().isTextual()) {
                // A name of the wrong type was reported above already.
                nameField.error("required (or set metadata.generateName)");
            }
        } else {
            KubernetesNames.subdomainProblem(identity.name())
                    .ifPresent(p -> (nameField.isPresent() ? nameField : generateName).error(p));
        }
        Field namespace = metadata.get("namespace");
        if (!identity.namespace().isEmpty()) {
            namespace.string();
            KubernetesNames.labelProblem(identity.namespace()).ifPresent(namespace::error);
        }
        var labels = metadata.get("labels").stringMap();
        var annotations = metadata.get("annotations").stringMap();
        return new ObjectMeta(identity.name() == null ? "" : identity.name(), identity.namespace(), labels, annotations);
    }

    private static String text(JsonNode n) {
        return n.isTextual() ? n.textValue() : null;
    }
}
