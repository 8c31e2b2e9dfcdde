package dev.muster.bench.backfill;

/**
 * Whole seconds written as Go's {@code time.Duration.String()} writes them ({@code 1h30m0s},
 * {@code 42m10s}, {@code 36s}): the form of {@code muster.dev/expected-runtime} that a tool in Go
 * would write, so the study's scenarios look like what users' tools produce.
 */
public final class GoDurationText {

    private GoDurationText() {
    }

    public static String of(long seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("a run time is not negative: " + seconds);
        }
        long h = seconds / 3_600;
        long m = seconds % 3_600 / 60;
        long s = seconds % 60;
        if (h > 0) {
            return h + "h" + m + "m" + s + "s";
        }
        return m > 0 ? m + "m" + s + "s" : s + "s";
    }
}
