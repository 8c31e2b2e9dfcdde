package dev.muster.core.model;

/**
 * A pod toleration. Operator {@code Exists} ignores the value; an empty key with Exists tolerates
 * every taint; an empty effect matches every effect.
 */
public record Toleration(String key, String operator, String value, String effect) {

    public boolean tolerates(Taint taint) {
        if (!effect.isEmpty() && !effect.equals(taint.effect())) {
            return false;
        }
        if (key.isEmpty()) {
            return "Exists".equals(operator);
        }
        if (!key.equals(taint.key())) {
            return false;
        }
        return "Exists".equals(operator) || value.equals(taint.value());
    }
}
