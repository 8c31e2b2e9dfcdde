package dev.muster.core.model;

import java.util.Map;

/** A namespace and its labels, which ClusterQueue namespace selectors match against. */
public record Namespace(String name, Map<String, String> labels) {
    public Namespace {
        labels = Map.copyOf(labels);
    }
}
