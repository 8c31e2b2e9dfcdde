package dev.muster.api.manifest;

/**
 * One problem in the manifests of a load, located as precisely as the input allows.
 *
 * @param file      the file as the user named it (or as found in a directory they named)
 * @param document  1-based index of the YAML document in the file; 0 when the problem is the file itself
 * @param kind      the object's kind as written, {@code null} when unknown
 * @param name      the object's name ({@code namespace/name} for namespaced kinds), {@code null} when unknown
 * @param fieldPath the field in Kubernetes notation ({@code spec.resourceGroups[0].flavors[0].name},
 *                  {@code metadata.labels[kueue.x-k8s.io/queue-name]}); empty when the whole object is meant
 * @param message   what is wrong, phrased for the person who wrote the file
 */
public record ManifestError(String file, int document, String kind, String name, String fieldPath, String message) {

    public ManifestError {
        fieldPath = fieldPath == null ? "" : fieldPath;
    }

    /** A problem with a file as a whole (missing, unreadable), before any document is read. */
    public static ManifestError ofFile(String file, String message) {
        return new ManifestError(file, 0, null, null, "", message);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(file);
        if (document > 0) {
            sb.append(": document ").append(document);
            if (kind != null && !kind.isEmpty()) {
                sb.append(" (").append(kind);
                if (name != null && !name.isEmpty()) {
                    sb.append(" \"").append(name).append('"');
                }
                sb.append(')');
            }
        }
        sb.append(": ");
        if (!fieldPath.isEmpty()) {
            sb.append(fieldPath).append(": ");
        }
        return sb.append(message).toString();
    }
}
