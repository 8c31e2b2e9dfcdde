package dev.muster.core.model;

import dev.muster.core.quantity.Quantity;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The map inside a {@link ResourceList}: resource names in order and their amounts, in two arrays.
 * A scheduling cycle reads the requests of thousands of pod sets, each a handful of resources; a
 * tree map behind an unmodifiable view made every read chase an entry, its wrapper and its
 * iterator through memory that the cycle had not touched yet. Arrays are one read each, and the
 * amounts in milli-units are at hand without a {@link Quantity} in between ({@link #milliAt}).
 * Equal to, and hashed as, any map with the same entries.
 */
final class SortedAmounts extends AbstractMap<String, Quantity> {

    static final SortedAmounts NONE = new SortedAmounts(new String[0], new Quantity[0]);

    private final String[] resources;
    private final Quantity[] amounts;
    private final long[] milli;
    /** {@link #spreadHash()} once worked out (0 until then; the entries never change, so it stays right). */
    private int spread;

    private SortedAmounts(String[] resources, Quantity[] amounts) {
        this.resources = resources;
        this.amounts = amounts;
        this.milli = new long[amounts.length];
        for (int i = 0; i < amounts.length; i++) {
            milli[i] = amounts[i].milli();
        }
    }

    /** The non-zero entries of {@code source}, in resource-name order. */
    static SortedAmounts of(Map<String, Quantity> source) {
        String[] names = new String[source.size()];
        int n = 0;
        for (Map.Entry<String, Quantity> e : source.entrySet()) {
            if (!e.getValue().isZero()) {
                names[n++] = e.getKey();
            }
        }
        if (n == 0) {
            return NONE;
        }
        names = Arrays.copyOf(names, n);
        Arrays.sort(names);
        Quantity[] values = new Quantity[n];
        for (int i = 0; i < n; i++) {
            values[i] = source.get(names[i]);
        }
        return new SortedAmounts(names, values);
    }

    int count() {
        return resources.length;
    }

    String resourceAt(int i) {
        return resources[i];
    }

    long milliAt(int i) {
        return milli[i];
    }

    private int indexOf(Object resource) {
        for (int i = 0; i < resources.length; i++) {
            if (resources[i].equals(resource)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int size() {
        return resources.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public Quantity get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : amounts[i];
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super Quantity> action) {
        for (int i = 0; i < resources.length; i++) {
            action.accept(resources[i], amounts[i]);
        }
    }

    /**
     * As {@link AbstractMap#equals}, without an entry object per resource when both are of this
     * class (shape memos compare requests at every lookup).
     */
    @Override
    public boolean equals(Object o) {
        if (o instanceof SortedAmounts other) {
            return Arrays.equals(resources, other.resources) && Arrays.equals(milli, other.milli);
        }
        return super.equals(o);
    }

    /** As {@link AbstractMap#hashCode} (the map contract), without an entry object per resource. */
    @Override
    public int hashCode() {
        int h = 0;
        for (int i = 0; i < resources.length; i++) {
            h += resources[i].hashCode() ^ amounts[i].hashCode();
        }
        return h;
    }

    /**
     * A hash of the entries that spreads better than the map contract's sum of {@code key ^ value}:
     * under that sum the requests of pods, a few resources with small amounts each, collide a lot
     * (cpu 2 with memory 4Gi sums as cpu 4 with memory 2Gi, give or take a bit), and shape memos
     * keyed by them degrade into lists. Only for {@link ResourceList}, whose maps are always of this
     * class, so that equal lists still hash alike.
     */
    int spreadHash() {
        int h = spread;
        if (h == 0 && resources.length > 0) {
            for (int i = 0; i < resources.length; i++) {
                h = 31 * h + resources[i].hashCode();
                h = 31 * h + Long.hashCode(milli[i] * 0x9E3779B97F4A7C15L);
            }
            h = h == 0 ? 1 : h;
            spread = h;
        }
        return h;
    }

    @Override
    public Set<Map.Entry<String, Quantity>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return resources.length;
            }

            @Override
            public Iterator<Map.Entry<String, Quantity>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < resources.length;
                    }

                    @Override
                    public Map.Entry<String, Quantity> next() {
                        if (next >= resources.length) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(resources[i], amounts[i]);
                    }
                };
            }
        };
    }
}
