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

    /**
     * Written out rather than generated: the engine looks workloads up by key in maps as large as
     * the cluster, and the generated method goes through method handles that a JVM not yet warm
     * runs several times slower (a fifth of a KAI cycle's samples in a fresh `muster simulate`).
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof ObjectKey k && name.equals(k.name) && namespace.equals(k.namespace);
    }

    @Override
    public int hashCode() {
        return 31 * namespace.hashCode() + name.hashCode();
    }

    @Override
    public String toString() {
        return namespace + "/" + name;
    }
}
