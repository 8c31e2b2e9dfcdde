package dev.muster.core.model;

/** A node taint; {@code value} may be empty. Effects: NoSchedule, PreferNoSchedule, NoExecute. */
public record Taint(String key, String value, String effect) {
}
