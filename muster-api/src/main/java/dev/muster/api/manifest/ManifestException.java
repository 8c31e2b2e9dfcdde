package dev.muster.api.manifest;

import java.util.List;

/**
 * The manifests could not be loaded; holds every problem found, not only the first, so that a user
 * fixes them all in one round. Checked, because bad input is an expected outcome the caller must
 * turn into a message and an exit code.
 */
public final class ManifestException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<ManifestError> errors;

    public ManifestException(List<ManifestError> errors) {
        super(describe(errors));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a ManifestException needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    public List<ManifestError> errors() {
        return errors;
    }

    private static String describe(List<ManifestError> errors) {
        if (errors.size() == 1) {
            return errors.get(0).toString();
        }
        StringBuilder sb = new StringBuilder().append(errors.size()).append(" problems in the manifests:");
        for (ManifestError e : errors) {
            sb.append(System.lineSeparator()).append("  ").append(e);
        }
        return sb.toString();
    }
}
