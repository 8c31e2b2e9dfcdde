package dev.muster.api.manifest;

/** Receives a problem found at a field of one document; it knows which file and object that is. */
@FunctionalInterface
public interface FieldReporter {
    void report(String fieldPath, String message);

    /**
     * Whether a field the reader does not know is a problem: it is in a file (a misspelling, as
     * {@code kubectl --validate=strict} says), not in an object the API server has already taken
     * (a field of a newer Kubernetes, KubeRay or Kueue than Muster knows is theirs to check).
     */
    default boolean unknownFieldsAreErrors() {
        return true;
    }

    /** {@code reporter}, for objects the API server took: fields it does not know are not reported. */
    static FieldReporter toleratingUnknownFields(FieldReporter reporter) {
        return new FieldReporter() {
            @Override
            public void report(String fieldPath, String message) {
                reporter.report(fieldPath, message);
            }

            @Override
            public boolean unknownFieldsAreErrors() {
                return false;
            }
        };
    }
}
