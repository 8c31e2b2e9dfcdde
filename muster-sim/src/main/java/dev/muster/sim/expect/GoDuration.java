package dev.muster.sim.expect;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A span of virtual time written the way Go and Kubernetes write durations: {@code 500ms}, {@code 90s},
 * {@code 5m}, {@code 1h30m}, {@code 1.5h}. Used for {@code until} in expectation files, {@code --until}
 * and the {@code sim.muster.dev/arrival} and {@code duration} annotations.
 *
 * <p>Virtual time has millisecond resolution, so a duration finer than that ({@code 1500us}) is
 * rejected rather than rounded: rounding would make two distinct arrivals silently coincide. Negative
 * durations are rejected too; no simulation setting can use one.
 */
public record GoDuration(long millis) implements Comparable<GoDuration> {

    public static final GoDuration ZERO = new GoDuration(0);

    private static final Pattern SEGMENT = Pattern.compile("(\\d+\\.?\\d*|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)");

    private static final Map<String, BigDecimal> NANOS_PER_UNIT = Map.of(
            "ns", BigDecimal.ONE,
            "us", BigDecimal.valueOf(1_000L),
            "µs", BigDecimal.valueOf(1_000L),
            "μs", BigDecimal.valueOf(1_000L),
            "ms", BigDecimal.valueOf(1_000_000L),
            "s", BigDecimal.valueOf(1_000_000_000L),
            "m", BigDecimal.valueOf(60_000_000_000L),
            "h", BigDecimal.valueOf(3_600_000_000_000L));

    public GoDuration {
        if (millis < 0) {
            throw new IllegalArgumentException("negative duration: " + millis + "ms");
        }
    }

    public static GoDuration ofSeconds(long seconds) {
        return new GoDuration(Math.multiplyExact(seconds, 1000L));
    }

    /**
     * Parses a Go duration string.
     *
     * @throws GoDurationFormatException with a message fit to show a user
     */
    public static GoDuration parse(String text) {
        return new GoDuration(parseMillis(text));
    }

    /** Like {@link #parse(String)}, for callers that only want the milliseconds. */
    public static long parseMillis(String text) {
        if (text == null || text.isBlank()) {
            throw new GoDurationFormatException("empty duration; expected e.g. 90s, 5m or 1h30m");
        }
        String s = text.strip();
        if (s.startsWith("-")) {
            throw new GoDurationFormatException("duration \"" + text + "\" is negative");
        }
        if (s.startsWith("+")) {
            s = s.substring(1);
        }
        if (s.equals("0")) {
            return 0;
        }
        BigDecimal nanos = BigDecimal.ZERO;
        Matcher m = SEGMENT.matcher(s);
        int position = 0;
        while (position < s.length()) {
            m.region(position, s.length());
            if (!m.lookingAt()) {
                throw new GoDurationFormatException("invalid duration \"" + text
                        + "\"; expected numbers with units ns, us, ms, s, m, h, e.g. 500ms, 90s, 1h30m");
            }
            nanos = nanos.add(new BigDecimal(m.group(1)).multiply(NANOS_PER_UNIT.get(m.group(2))));
            position = m.end();
        }
        BigDecimal millis = nanos.movePointLeft(6).stripTrailingZeros();
        if (millis.scale() > 0) {
            throw new GoDurationFormatException(
                    "duration \"" + text + "\" is finer than a millisecond, the resolution of virtual time");
        }
        try {
            return millis.longValueExact();
        } catch (ArithmeticException e) {
            throw new GoDurationFormatException("duration \"" + text + "\" is too long");
        }
    }

    public double seconds() {
        return millis / 1000.0;
    }

    public Duration toDuration() {
        return Duration.ofMillis(millis);
    }

    @Override
    public int compareTo(GoDuration other) {
        return Long.compare(millis, other.millis);
    }

    /** As Go prints durations: {@code 0s}, {@code 500ms}, {@code 1m30.5s}, {@code 1h30m0s}. */
    @Override
    public String toString() {
        if (millis == 0) {
            return "0s";
        }
        if (millis < 1000) {
            return millis + "ms";
        }
        long hours = millis / 3_600_000;
        long minutes = millis / 60_000 % 60;
        BigDecimal seconds = BigDecimal.valueOf(millis % 60_000, 3).stripTrailingZeros();
        StringBuilder text = new StringBuilder();
        if (hours > 0) {
            text.append(hours).append('h');
        }
        if (hours > 0 || minutes > 0) {
            text.append(minutes).append('m');
        }
        return text.append(seconds.signum() == 0 ? "0" : seconds.toPlainString()).append('s').toString();
    }
}
