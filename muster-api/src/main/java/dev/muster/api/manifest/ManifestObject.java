package dev.muster.api.manifest;

/**
 * One object of a manifest, ready for the reader of its kind: its metadata already checked and
 * its root field bound to a reporter that names the file, document and object.
 */
public record ManifestObject(String apiVersion, String kind, ObjectMeta meta, Field root) {

    public Field spec() {
        return root.get("spec");
    }

    /** The version part of {@code apiVersion} ({@code v1beta2} of {@code kueue.x-k8s.io/v1beta2}). */
    public String version() {
        int slash = apiVersion.lastIndexOf('/');
        return slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
    }
}
