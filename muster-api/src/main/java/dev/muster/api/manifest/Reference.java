package dev.muster.api.manifest;

/**
 * A name that points at another object, with the field it was written in, so that a dangling
 * reference found after all documents are read is reported where the user wrote it.
 */
public record Reference(String name, Field field) {

    public void error(String message) {
        field.error(message);
    }
}
