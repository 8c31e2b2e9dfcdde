package dev.muster.operator.webhook;

import java.util.Objects;

/**
 * One reason an object is invalid: the path of the field, as Kubernetes writes it
 * ({@code spec.shutdownAfterJobFinishes}), and what is wrong with it.
 */
public record FieldError(String field, String detail) {

    public FieldError {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(detail, "detail");
    }

    /** {@code field: detail}, the form the denial message lists. */
    @Override
    public String toString() {
        return field + ": " + detail;
    }
}
