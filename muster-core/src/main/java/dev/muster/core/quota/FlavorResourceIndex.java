package dev.muster.core.quota;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Dense, sorted numbering of every flavor-resource the tree knows, so usage lives in arrays. */
public final class FlavorResourceIndex {

    private final List<FlavorResource> byIndex;
    private final Map<FlavorResource, Integer> indexOf = new HashMap<>();

    FlavorResourceIndex(Collection<FlavorResource> all) {
        this.byIndex = List.copyOf(new TreeSet<>(all));
        for (int i = 0; i < byIndex.size(); i++) {
            indexOf.put(byIndex.get(i), i);
        }
    }

    public int size() {
        return byIndex.size();
    }

    public FlavorResource get(int index) {
        return byIndex.get(index);
    }

    /** The index of {@code fr}, or -1 when no queue has quota for it. */
    public int indexOf(FlavorResource fr) {
        return indexOf.getOrDefault(fr, -1);
    }

    public int indexOf(String flavor, String resource) {
        return indexOf(new FlavorResource(flavor, resource));
    }
}
