package dev.muster.core.queue;

import java.util.Map;

/** The admitted count of one pod set and the flavor chosen for each resource it requests. */
public record PodSetAssignment(String name, int count, Map<String, String> flavors) {
    public PodSetAssignment {
        // Sorted, so that reports and logs list resources in the same order on every run (one
        // resource is in order as it is: every admission of a one-resource pod set copies it).
        flavors = flavors.size() == 1 ? oneFlavor(flavors)
                : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(flavors));
    }

    private static Map<String, String> oneFlavor(Map<String, String> flavors) {
        Map.Entry<String, String> only = flavors.entrySet().iterator().next();
        return Map.of(only.getKey(), only.getValue());
    }
}
