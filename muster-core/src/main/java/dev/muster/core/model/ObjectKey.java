package dev.muster.core.model;

import java.util.Comparator;
import java.util.Objects;

/** Namespace and name of a namespaced object; ordered by namespace, then name. */
public record ObjectKey(String namespace, String name) implements Comparable<ObjectKey> {

    private static final Comparator<ObjectKey> ORDER =
            Comparator.comparing(ObjectKey::namespace).thenComparing(ObjectKey::name);

    public ObjectKey {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
    }

    @Override
    public int compareTo(ObjectKey o) {
        return ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        return namespace + "/" + name;
    }
}
