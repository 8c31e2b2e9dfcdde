package dev.muster.core.model;

import dev.muster.core.quantity.Quantity;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BinaryOperator;

/** An immutable map of resource name to quantity, in resource-name order. Zero entries are dropped. */
public record ResourceList(Map<String, Quantity> amounts) {

    public static final ResourceList EMPTY = new ResourceList(Map.of());

    public ResourceList {
        amounts = amounts instanceof SortedAmounts sorted ? sorted : SortedAmounts.of(amounts);
    }

    /** Equal lists have equal maps (both always {@link SortedAmounts}): compared and hashed by their entries. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ResourceList other && amounts.equals(other.amounts);
    }

    /** Spread over the entries, in name order (see {@link SortedAmounts#spreadHash()}), not the map contract's weak sum. */
    @Override
    public int hashCode() {
        return ((SortedAmounts) amounts).spreadHash();
    }

    /** How many resources it names. */
    public int size() {
        return ((SortedAmounts) amounts).count();
    }

    /** The {@code i}-th resource in name order ({@code 0 <= i < size()}). */
    public String resourceAt(int i) {
        return ((SortedAmounts) amounts).resourceAt(i);
    }

    /** The amount of the {@code i}-th resource in name order, in milli-units. */
    public long milliAt(int i) {
        return ((SortedAmounts) amounts).milliAt(i);
    }

    public static ResourceList of(String resource, Quantity amount) {
        return new ResourceList(Map.of(resource, amount));
    }

    public static ResourceList parse(Map<String, String> text) {
        TreeMap<String, Quantity> m = new TreeMap<>();
        text.forEach((k, v) -> m.put(k, Quantity.parse(v)));
        return new ResourceList(m);
    }

    public Quantity get(String resource) {
        return amounts.getOrDefault(resource, Quantity.ZERO);
    }

    public boolean isEmpty() {
        return amounts.isEmpty();
    }

    /** Per resource, the sum, held at the quantity bound (saturating). */
    public ResourceList plus(ResourceList other) {
        return merge(other, Quantity::plus);
    }

    /**
     * Per resource, the exact sum, for a total that must stay within the quantity bound.
     *
     * @throws ArithmeticException when a sum passes the bound
     */
    public ResourceList plusExact(ResourceList other) {
        return merge(other, Quantity::plusExact);
    }

    /** Per resource, the larger of the two: how Kubernetes combines init containers with the rest. */
    public ResourceList max(ResourceList other) {
        return merge(other, (a, b) -> a.compareTo(b) >= 0 ? a : b);
    }

    /** Per resource, the product, held at the quantity bound (saturating). */
    public ResourceList times(long factor) {
        TreeMap<String, Quantity> m = new TreeMap<>();
        amounts.forEach((k, v) -> m.put(k, v.times(factor)));
        return new ResourceList(m);
    }

    /**
     * Per resource, the exact product, for a total that must stay within the quantity bound.
     *
     * @throws ArithmeticException when a product passes the bound
     */
    public ResourceList timesExact(long factor) {
        TreeMap<String, Quantity> m = new TreeMap<>();
        amounts.forEach((k, v) -> m.put(k, v.timesExact(factor)));
        return new ResourceList(m);
    }

    private ResourceList merge(ResourceList other, BinaryOperator<Quantity> op) {
        TreeMap<String, Quantity> m = new TreeMap<>(amounts);
        other.amounts.forEach((k, v) -> m.merge(k, v, op));
        return new ResourceList(m);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        amounts.forEach((k, v) -> {
            if (!sb.isEmpty()) {
                sb.append(", ");
            }
            sb.append(k).append('=').append(v.format(k));
        });
        return sb.toString();
    }
}
