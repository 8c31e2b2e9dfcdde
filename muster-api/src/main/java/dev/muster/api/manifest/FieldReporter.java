package dev.muster.api.manifest;

/** Receives a problem found at a field of one document; it knows which file and object that is. */
@FunctionalInterface
public interface FieldReporter {
    void report(String fieldPath, String message);
}
