package dev.muster.cli;

import dev.muster.core.quantity.Durations;
import dev.muster.sim.progress.ProgressSnapshot;
import java.util.Locale;

/**
 * The text of the progress display of a simulation: one short line while it runs (kept under 80
 * columns, since a line that wraps cannot be rewritten in place with a carriage return), one
 * summary line at the end. The rate is workloads arrived per wall second: the scheduler's
 * throughput, which means something also in runs where nothing finishes (the openb trace).
 */
final class ProgressLine {

    /** Narrower than the narrowest usual terminal, so that the line never wraps. */
    static final int MAX_WIDTH = 79;

    private ProgressLine() {
    }

    /** While it runs: {@code at 2h13m5s: 1,234/10,851 done, 300 admitted, 20 pending, 880 arrived/s} (virtual time). */
    static String during(ProgressSnapshot s, long wallNanos) {
        String line = "at " + virtual(s.virtualMillis()) + ": " + count(s.finished()) + "/" + count(s.total()) + " done, "
                + count(s.admitted()) + " admitted, " + count(s.pending()) + " pending, " + rate(s.arrived(), wallNanos);
        return line.length() <= MAX_WIDTH ? line : line.substring(0, MAX_WIDTH);
    }

    /** At the end: {@code simulated 2h13m5s of virtual time in 12.3 s: 10,851 workloads, 1,234 done, 300 admitted, 20 pending, 880 arrived/s}. */
    static String end(ProgressSnapshot s, long wallNanos) {
        return "simulated " + virtual(s.virtualMillis()) + " of virtual time in " + String.format(Locale.ROOT, "%.1f s", wallNanos / 1e9)
                + ": " + count(s.total()) + (s.total() == 1 ? " workload, " : " workloads, ") + count(s.finished()) + " done, "
                + count(s.admitted()) + " admitted, " + count(s.pending()) + " pending, " + rate(s.arrived(), wallNanos);
    }

    /** Whole seconds, as Kubernetes writes durations; the milliseconds would flicker. */
    private static String virtual(long millis) {
        return Durations.text(millis - millis % 1000);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String rate(int arrived, long wallNanos) {
        long perSecond = wallNanos <= 0 ? 0 : Math.round(arrived * 1e9 / wallNanos);
        return count(perSecond) + " arrived/s";
    }
}
