package dev.muster.core.quantity;

/**
 * Arithmetic on milli-unit amounts that holds a result at the bound ({@link Quantity#MAX}, or its
 * negative) instead of wrapping around or throwing.
 *
 * <p>Every single value Muster reads is within the bound, and so is every pod's and workload's
 * total (both are refused where they are formed otherwise). Only sums over many objects (queues in a
 * cohort, nodes in a cluster, usage over workloads) can pass it; such a sum means "at least this
 * much", which is all quota checks need: nothing real ever asks for more.
 */
public final class Saturating {

    private Saturating() {
    }

    public static long add(long a, long b) {
        long sum = a + b;
        // overflow iff both operands have the sign the sum lacks
        if (((a ^ sum) & (b ^ sum)) < 0) {
            return a < 0 ? -Quantity.MAX_MILLI : Quantity.MAX_MILLI;
        }
        return clamp(sum);
    }

    public static long subtract(long a, long b) {
        return add(a, b == Long.MIN_VALUE ? Quantity.MAX_MILLI : -b);
    }

    public static long multiply(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        if (high == 0 && low >= 0 || high == -1 && low < 0) {
            return clamp(low);
        }
        return (a ^ b) < 0 ? -Quantity.MAX_MILLI : Quantity.MAX_MILLI;
    }

    /** Long.MIN_VALUE has no positive counterpart; the bound is symmetric. */
    private static long clamp(long v) {
        return v == Long.MIN_VALUE ? -Quantity.MAX_MILLI : v;
    }
}
