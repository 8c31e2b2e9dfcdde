package dev.muster.sim.progress;

import java.util.function.LongSupplier;

/**
 * Decides when a simulation tells its progress: at most once per interval of wall time. The clock
 * is read only every {@code stepsPerClockRead} steps, so that a step costs a counter increment,
 * not a system call, on runs with millions of events.
 */
public final class ProgressThrottle {

    /** A few updates a second, as a terminal user reads them; the clock read every 64 steps. */
    public static ProgressThrottle wallClock() {
        return new ProgressThrottle(System::nanoTime, 250_000_000L, 64);
    }

    private final LongSupplier nanoClock;
    private final long intervalNanos;
    private final int stepsPerClockRead;
    private int steps;
    private long last;

    /**
     * @param nanoClock          a monotonic clock in nanoseconds ({@code System::nanoTime}, or a fake in tests)
     * @param intervalNanos      the least wall time between two updates
     * @param stepsPerClockRead  how many calls of {@link #due} read the clock once
     */
    public ProgressThrottle(LongSupplier nanoClock, long intervalNanos, int stepsPerClockRead) {
        if (intervalNanos < 0 || stepsPerClockRead < 1) {
            throw new IllegalArgumentException("interval " + intervalNanos + " ns, every " + stepsPerClockRead + " steps");
        }
        this.nanoClock = nanoClock;
        this.intervalNanos = intervalNanos;
        this.stepsPerClockRead = stepsPerClockRead;
        this.last = nanoClock.getAsLong(); // the first update comes one interval after the start
    }

    /** One step of the run; true when an update is due (and then the interval starts again). */
    public boolean due() {
        if (++steps < stepsPerClockRead) {
            return false;
        }
        steps = 0;
        long now = nanoClock.getAsLong();
        if (now - last < intervalNanos) {
            return false;
        }
        last = now;
        return true;
    }
}
