package dev.muster.core.queue;

import dev.muster.core.quantity.Quantity;

/**
 * What a queue's pending pod sets ask for of one resource, and how many of them name it.
 *
 * <p>Workloads are added and removed one at a time, so the sum is kept exactly even past the
 * quantity bound (a wrapping low word and a count of wraps: removals cancel additions exactly) and
 * read saturated: many huge pending workloads ask for "at least the bound", never a negative amount.
 */
final class Demand {
    /** The sum modulo 2^64. */
    private long low;
    /** How many times the sum passed the long range upwards, minus downwards. */
    private long wraps;
    int namedBy;

    void add(long milli) {
        long sum = low + milli;
        if (((low ^ sum) & (milli ^ sum)) < 0) {
            wraps += milli > 0 ? 1 : -1;
        }
        low = sum;
    }

    long milli() {
        return wraps > 0 ? Quantity.MAX_MILLI : wraps < 0 ? -Quantity.MAX_MILLI : low;
    }
}
