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
    /** The same by flavor, then resource: asked by name in every flavor assignment, with no key to build. */
    private final Map<String, Map<String, Integer>> byName = new HashMap<>();

    FlavorResourceIndex(Collection<FlavorResource> all) {
        this.byIndex = List.copyOf(new TreeSet<>(all));
        for (int i = 0; i < byIndex.size(); i++) {
            indexOf.put(byIndex.get(i), i);
            byName.computeIfAbsent(byIndex.get(i).flavor(), f -> new HashMap<>()).put(byIndex.get(i).resource(), i);
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
        // A flavor assignment asks the same pair again and again, with the same string instances
        // (the ClusterQueue's): compared by identity, the last answer spares two hash lookups.
        LastAnswer last = lastAnswer;
        if (last.flavor() == flavor && last.resource() == resource) {
            return last.index();
        }
        Map<String, Integer> resources = byName.get(flavor);
        Integer index = resources == null ? null : resources.get(resource);
        int answer = index == null ? -1 : index;
        lastAnswer = new LastAnswer(flavor, resource, answer);
        return answer;
    }

    /** Immutable, so that an index read from several threads never pairs one question with another's answer. */
    private record LastAnswer(String flavor, String resource, int index) {
    }

    private LastAnswer lastAnswer = new LastAnswer(null, null, -1);
}
