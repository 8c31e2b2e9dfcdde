package dev.muster.core.admission;

import java.util.Map;

/** The admitted count of one pod set and the flavor chosen for each resource it requests. */
public record PodSetAssignment(String name, int count, Map<String, String> flavors) {
    public PodSetAssignment {
        flavors = Map.copyOf(flavors);
    }
}
