package dev.muster.core.queue;

import java.util.Map;

/** The admitted count of one pod set and the flavor chosen for each resource it requests. */
public record PodSetAssignment(String name, int count, Map<String, String> flavors) {
    public PodSetAssignment {
        // Sorted, so that reports and logs list resources in the same order on every run.
        flavors = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(flavors));
    }
}
