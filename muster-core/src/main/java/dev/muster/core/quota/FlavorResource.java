package dev.muster.core.quota;

import java.util.Comparator;

/** A resource in a flavor: the unit in which quota is granted and usage is counted. */
public record FlavorResource(String flavor, String resource) implements Comparable<FlavorResource> {

    private static final Comparator<FlavorResource> ORDER =
            Comparator.comparing(FlavorResource::flavor).thenComparing(FlavorResource::resource);

    @Override
    public int compareTo(FlavorResource o) {
        return ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        return resource + " in flavor " + flavor;
    }
}
