package dev.muster.core.model;

import java.util.Objects;

/** Namespace and name of a namespaced object; ordered by namespace, then name. */
public record ObjectKey(String namespace, String name) implements Comparable<ObjectKey> {

    public ObjectKey {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
    }

    @Override
    public int compareTo(ObjectKey o) {
        int c = namespace.compareTo(o.namespace);
        return c != 0 ? c : name.compareTo(o.name);
    }

    @Override
    public String toString() {
        return namespace + "/" + name;
    }
}
