package dev.muster.sim.expect;

import java.math.BigDecimal;
import java.util.List;

/**
 * An expected virtual time in seconds, met by a report time within {@value #TOLERANCE_SECONDS} s of it;
 * or {@code null}: the report's time must be {@code null} too (not admitted, not finished, not removed).
 *
 * <p>The tolerance lets authors write the round numbers of their scenario ({@code 60}) while the
 * simulator is free to take a few scheduling passes of less than a second to get there.
 */
public record ExpectedTime(Double seconds) {

    public static final double TOLERANCE_SECONDS = 1.0;

    /** Absorbs the binary rounding of decimal seconds, so that 61.0 against 60 still passes. */
    private static final double EPSILON = 1e-9;

    public boolean matches(Double actual) {
        if (seconds == null || actual == null) {
            return seconds == null && actual == null;
        }
        return Math.abs(actual - seconds) <= TOLERANCE_SECONDS + EPSILON;
    }

    List<Difference> against(String path, Double actual) {
        if (matches(actual)) {
            return List.of();
        }
        String expected = seconds == null ? "null" : plain(seconds) + " ±" + plain(TOLERANCE_SECONDS);
        return List.of(new Difference(path, expected, actual == null ? "null" : plain(actual)));
    }

    static String plain(double seconds) {
        return BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }
}
