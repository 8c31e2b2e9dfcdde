package dev.muster.operator.decide;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The least time between two cycles: what arrives meanwhile is applied together before one
 * cycle, so that a burst of events costs a few cycles rather than one each. Measured on a
 * monotonic timer (not the decider's clock, which may stand still in tests).
 */
final class CycleGap {

    static final long MIN_GAP_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final long gapNanos;
    private final LongSupplier nanoTime;
    private long lastCycle;
    private boolean cycled;

    CycleGap() {
        this(MIN_GAP_NANOS, System::nanoTime);
    }

    CycleGap(long gapNanos, LongSupplier nanoTime) {
        this.gapNanos = gapNanos;
        this.nanoTime = nanoTime;
    }

    /** How long the next cycle must still wait; 0 when it may run now. */
    long remainingNanos() {
        return cycled ? Math.max(0, lastCycle + gapNanos - nanoTime.getAsLong()) : 0;
    }

    void awaitNext() throws InterruptedException {
        TimeUnit.NANOSECONDS.sleep(remainingNanos());
    }

    /** A cycle ended now. */
    void cycled() {
        lastCycle = nanoTime.getAsLong();
        cycled = true;
    }
}
