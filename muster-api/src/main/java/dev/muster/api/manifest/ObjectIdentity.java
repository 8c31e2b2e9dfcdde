package dev.muster.api.manifest;

/**
 * Who a document declares, worked out before it is read so that every message about it can name
 * it. {@code name} is {@code null} when the document gives none.
 */
public record ObjectIdentity(String name, String namespace) {

    public String displayName() {
        if (name == null) {
            return null;
        }
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }
}
