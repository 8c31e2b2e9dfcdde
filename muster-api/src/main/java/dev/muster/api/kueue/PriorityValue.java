package dev.muster.api.kueue;

/** A named priority: a WorkloadPriorityClass or a PriorityClass, both a name and a value. */
public record PriorityValue(String name, int value) {
}
