package dev.muster.core.quantity;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A Kubernetes resource quantity held exactly as a count of thousandths of the base unit
 * ("milli-units"): {@code 500m} cpu is 500, {@code 2} cpu is 2000, {@code 1Ki} memory is 1,024,000.
 *
 * <p>One representation for every resource keeps quota arithmetic a matter of adding longs.
 * The range (about 9.2e15 base units) covers 8 PiB of memory and any real cpu or GPU count.
 */
public record Quantity(long milli) implements Comparable<Quantity> {

    public static final Quantity ZERO = new Quantity(0);

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

    public Quantity plus(Quantity other) {
        return new Quantity(Math.addExact(milli, other.milli));
    }

    public Quantity minus(Quantity other) {
        return new Quantity(Math.subtractExact(milli, other.milli));
    }

    public Quantity times(long factor) {
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
            throw new ArithmeticException("out of range");
        }
        return value.longValueExact();
    }
}
