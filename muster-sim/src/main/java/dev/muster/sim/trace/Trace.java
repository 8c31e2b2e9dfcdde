package dev.muster.sim.trace;

/** Bounds shared by the trace readers. */
final class Trace {

    /**
     * The longest time a trace may give, in seconds: 100 years. Philly spans 4 months and openb 5; the
     * bound keeps every time, scaled and in milliseconds, far inside a long.
     */
    static final long MAX_SECONDS = 100L * 366 * 24 * 3600;

    private Trace() {
    }
}
