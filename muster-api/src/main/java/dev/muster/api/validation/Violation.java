package dev.muster.api.validation;

import java.util.Objects;

/**
 * One rule an object breaks: the field, in Kubernetes' path notation
 * ({@code spec.template.spec.restartPolicy}), and what is wrong with it.
 */
public record Violation(String field, String message) {

    public Violation {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(message, "message");
    }

    /** {@code field: message}, the form an API server's denial lists. */
    @Override
    public String toString() {
        return field.isEmpty() ? message : field + ": " + message;
    }
}
