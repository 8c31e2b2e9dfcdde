package dev.muster.api.manifest;

import java.util.ArrayList;
import java.util.List;

/** Collects the problems of one load so that all of them are reported together. */
public final class ErrorLog {
    private final List<ManifestError> errors = new ArrayList<>();

    public void add(ManifestError error) {
        errors.add(error);
    }

    public boolean isEmpty() {
        return errors.isEmpty();
    }

    public int size() {
        return errors.size();
    }

    public List<ManifestError> errors() {
        return List.copyOf(errors);
    }

    public void throwIfAny() throws ManifestException {
        if (!errors.isEmpty()) {
            throw new ManifestException(errors);
        }
    }
}
