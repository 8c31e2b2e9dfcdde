package dev.muster.sim.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Virtual times in the text report: plain seconds, {@code 60s}, {@code 90.5s}, to the millisecond.
 *
 * <p>Plain seconds rather than {@code 1m30s} because expectation files and the JSON report both count
 * in seconds ({@code admittedAtSeconds: 90}): what a user reads here is what they write there.
 */
public final class SecondsText {

    private SecondsText() {
    }

    /** {@code null} (not happened) is shown as {@code -}. */
    public static String format(Double seconds) {
        if (seconds == null) {
            return "-";
        }
        if (seconds.isNaN() || seconds.isInfinite()) {
            return seconds + "s";
        }
        BigDecimal value = BigDecimal.valueOf(seconds).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
        if (value.signum() == 0) {
            return "0s";
        }
        return value.toPlainString() + "s";
    }
}
