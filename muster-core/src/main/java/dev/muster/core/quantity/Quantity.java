package dev.muster.core.quantity;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A Kubernetes resource quantity held exactly as a count of thousandths of the base unit
 * ("milli-units"): {@code 500m} cpu is 500, {@code 2} cpu is 2000, {@code 1Ki} memory is 1,024,000.
 *
 * <p>One representation for every resource keeps quota arithmetic a matter of adding longs.
 *
 * <p><b>The bound.</b> A quantity holds at most {@link #MAX}: 2^63-1 milli-units, about 9.2e15 base
 * units (8 PiB of memory, 9.2 quadrillion cpus). That is the range of the int64 the Kubernetes
 * scheduler uses for a milli-value ({@code resource.Quantity.MilliValue()}); apimachinery parses
 * larger decimal values but its int64 accessors overflow on them. Values beyond it are refused when
 * they are parsed, and so are pod and workload totals that pass it (their readers check with
 * {@link #plusExact} and {@link #timesExact}). Sums over many objects, {@link #plus}, {@link #minus}
 * and {@link #times}, saturate at the bound instead of wrapping or throwing: see {@link Saturating}.
 */
public record Quantity(long milli) implements Comparable<Quantity> {

    public static final Quantity ZERO = new Quantity(0);

    /** The largest amount, in milli-units: 2^63-1. */
    public static final long MAX_MILLI = Long.MAX_VALUE;

    /** The largest quantity Muster holds, and what a sum that would pass it is held at. */
    public static final Quantity MAX = new Quantity(MAX_MILLI);

    /** The bound as users read it in messages. */
    public static final String BOUND = "9223372036854775807m (2^63-1 milli-units: 8 PiB of memory, 9.2e15 cpus)";

    public static Quantity ofUnits(long units) {
        return new Quantity(Math.multiplyExact(units, 1000L));
    }

    public static Quantity ofMilli(long milli) {
        return new Quantity(milli);
    }

    /**
     * Parses a Kubernetes quantity string ({@code "2"}, {@code "500m"}, {@code "8G"}, {@code "16Gi"},
     * {@code "1e3"}). Values finer than a milli-unit are rounded up, as Kubernetes does.
     *
     * @throws QuantityFormatException with a message fit to show a user
     */
    public static Quantity parse(String text) {
        return QuantityParser.parse(text);
    }

    /** The sum, held at the bound (saturating): for sums over queues, cohorts, nodes and usage. */
    public Quantity plus(Quantity other) {
        return new Quantity(Saturating.add(milli, other.milli));
    }

    public Quantity minus(Quantity other) {
        return new Quantity(Saturating.subtract(milli, other.milli));
    }

    /** The product, held at the bound (saturating). */
    public Quantity times(long factor) {
        return new Quantity(Saturating.multiply(milli, factor));
    }

    /**
     * The exact sum, for a total that must stay within the bound (a pod's containers).
     *
     * @throws ArithmeticException beyond the bound; the reader that forms the total reports it
     */
    public Quantity plusExact(Quantity other) {
        return new Quantity(Math.addExact(milli, other.milli));
    }

    /**
     * The exact product, for a total that must stay within the bound (requests times replicas).
     *
     * @throws ArithmeticException beyond the bound; the reader that forms the total reports it
     */
    public Quantity timesExact(long factor) {
        return new Quantity(Math.multiplyExact(milli, factor));
    }

    public boolean isZero() {
        return milli == 0;
    }

    @Override
    public int compareTo(Quantity o) {
        return Long.compare(milli, o.milli);
    }

    /** The value in base units as a decimal, e.g. 1.5 for {@code 1500m}. */
    public BigDecimal toUnits() {
        return BigDecimal.valueOf(milli, 3).stripTrailingZeros();
    }

    /**
     * Formats the quantity the way a person reads Kubernetes quantities: memory-like resources with
     * binary suffixes when they divide evenly ({@code 4Gi}), otherwise decimal ones ({@code 8G});
     * counts such as cpu and GPUs as plain numbers or milli-units ({@code 16}, {@code 500m}).
     */
    public String format(String resourceName) {
        return QuantityFormatter.format(this, ResourceKind.of(resourceName));
    }

    @Override
    public String toString() {
        return QuantityFormatter.format(this, ResourceKind.COUNT);
    }

    /** Converts a decimal number of base units into milli-units, rounding up like Kubernetes. */
    static long milliOf(BigDecimal units) {
        BigDecimal milli = units.movePointRight(3).setScale(0, RoundingMode.CEILING);
        BigInteger value = milli.toBigIntegerExact();
        if (value.bitLength() > 63) {
            throw new ArithmeticException("beyond the bound");
        }
        return value.longValueExact();
    }
}
