package dev.muster.sim.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** How the comparison's numbers read in text: fixed rounding, so that the output is the same on every run. */
final class Figures {

    private static final double GI = 1024.0 * 1024 * 1024;

    private Figures() {
    }

    /** 0.615234 → {@code 61.5%}; null → {@code -}. */
    static String percent(Double fraction) {
        return fraction == null ? "-" : String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    /** An amount in base units; memory and storage (bytes) in Gi. */
    static String amount(double units, String flavorResource) {
        boolean bytes = flavorResource.endsWith("/memory") || flavorResource.contains("storage");
        double shown = bytes ? units / GI : units;
        String text = BigDecimal.valueOf(shown).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        return bytes ? text + "Gi" : text;
    }

    /** A change in seconds with its sign: {@code -900s}, {@code +30s}. */
    static String signedSeconds(double seconds) {
        String text = BigDecimal.valueOf(Math.abs(seconds)).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
        return (seconds < 0 ? "-" : "+") + text + "s";
    }
}
