package dev.muster.bench.apiserver;

import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.crud.AttributeType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The mock API server's objects (attributes → JSON), indexed by name and by resource: a request
 * that names an object, or lists a resource, looks at the few entries that can match instead of
 * testing every stored object. Order is the insertion order, as in the mock's own map, so lists
 * come out as they would from it.
 */
final class IndexedEntries extends LinkedHashMap<AttributeSet, String> {

    private static final long serialVersionUID = 1L;
    /** Attributes a request fixes exactly and that every stored object has: what the index is by. */
    private static final List<String> INDEXED = List.of(KubernetesAttributesExtractor.NAME, KubernetesAttributesExtractor.PLURAL);

    private final transient Map<Attribute, Set<AttributeSet>> byAttribute = new HashMap<>();
    /** Entries without one of the indexed attributes: always candidates. */
    private final transient Set<AttributeSet> unindexed = new LinkedHashSet<>();

    @Override
    public String put(AttributeSet key, String value) {
        String old = super.put(key, value);
        if (old == null) {
            index(key);
        }
        return old;
    }

    @Override
    public String remove(Object key) {
        String old = super.remove(key);
        if (old != null) {
            unindex((AttributeSet) key);
        }
        return old;
    }

    @Override
    public void clear() {
        super.clear();
        byAttribute.clear();
        unindexed.clear();
    }

    private void index(AttributeSet key) {
        for (String name : INDEXED) {
            Attribute a = key.getAttribute(name);
            if (a == null) {
                unindexed.add(key);
            } else {
                byAttribute.computeIfAbsent(a, k -> new LinkedHashSet<>()).add(key);
            }
        }
    }

    private void unindex(AttributeSet key) {
        unindexed.remove(key);
        for (String name : INDEXED) {
            Attribute a = key.getAttribute(name);
            if (a != null) {
                Set<AttributeSet> set = byAttribute.get(a);
                if (set != null && set.remove(key) && set.isEmpty()) {
                    byAttribute.remove(a);
                }
            }
        }
    }

    /**
     * The entries that may match a query: those that share its name, or else its resource, plus the
     * unindexed ones; null when the query fixes neither (the caller then tests every entry).
     */
    Collection<AttributeSet> candidates(AttributeSet query) {
        for (String name : INDEXED) {
            Attribute a = query.getAttribute(name);
            if (a != null && a.getType() == AttributeType.WITH) {
                List<AttributeSet> out = new ArrayList<>(byAttribute.getOrDefault(a, Set.of()));
                out.addAll(unindexed);
                return out;
            }
        }
        return null;
    }
}
