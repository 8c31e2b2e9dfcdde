package dev.muster.api.manifest;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Map;

/**
 * Durations written the way Go's {@code time.ParseDuration} reads them, which is what Kubernetes
 * and Kueue use for {@code metav1.Duration} fields: a sign, then one or more decimal numbers each
 * with a unit ({@code 500ms}, {@code 90s}, {@code 1.5h}, {@code 1h30m}); {@code 0} alone needs no
 * unit. Units: ns, us (or µs), ms, s, m, h. Days are not a unit in Go, so {@code 1d} is rejected.
 */
public final class GoDuration {

    private static final Map<String, Long> NANOS_PER_UNIT = Map.of(
            "ns", 1L,
            "us", 1_000L,
            "\u00b5s", 1_000L,
            "\u03bcs", 1_000L,
            "ms", 1_000_000L,
            "s", 1_000_000_000L,
            "m", 60_000_000_000L,
            "h", 3_600_000_000_000L);

    /** Digits that always fit a long before the unit is applied. */
    private static final int MAX_WHOLE_DIGITS = 15;

    private static final String EXPECTED = "expected a number with a unit, such as 500ms, 90s, 5m or 1h30m";

    private GoDuration() {
    }

    /**
     * @throws GoDurationFormatException with a message fit to show a user
     */
    public static Duration parse(String text) {
        if (text == null || text.isEmpty()) {
            throw new GoDurationFormatException("an empty value is not a duration (" + EXPECTED + ")");
        }
        long simple = wholeNanos(text);
        if (simple >= 0) {
            return Duration.ofNanos(simple);
        }
        String s = text;
        boolean negative = false;
        if (s.charAt(0) == '-' || s.charAt(0) == '+') {
            negative = s.charAt(0) == '-';
            s = s.substring(1);
        }
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        if (s.isEmpty()) {
            throw invalid(text);
        }
        BigDecimal nanos = BigDecimal.ZERO;
        int i = 0;
        while (i < s.length()) {
            int start = i;
            while (i < s.length() && (Character.isDigit(s.charAt(i)) && s.charAt(i) < 128 || s.charAt(i) == '.')) {
                i++;
            }
            String number = s.substring(start, i);
            if (number.isEmpty() || number.equals(".") || number.indexOf('.') != number.lastIndexOf('.')) {
                throw invalid(text);
            }
            int unitStart = i;
            while (i < s.length() && !(Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
                i++;
            }
            String unit = s.substring(unitStart, i);
            if (unit.isEmpty()) {
                throw new GoDurationFormatException(
                        "\"" + text + "\" is not a duration: \"" + number + "\" has no unit (" + EXPECTED + ")");
            }
            Long perUnit = NANOS_PER_UNIT.get(unit);
            if (perUnit == null) {
                throw new GoDurationFormatException("\"" + text + "\" is not a duration: unknown unit \"" + unit
                        + "\" (units are ns, us, ms, s, m and h; " + EXPECTED + ")");
            }
            nanos = nanos.add(new BigDecimal(number.endsWith(".") ? number + "0" : number.startsWith(".") ? "0" + number : number)
                    .multiply(BigDecimal.valueOf(perUnit)));
        }
        BigDecimal whole = nanos.setScale(0, RoundingMode.DOWN);
        if (whole.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new GoDurationFormatException("\"" + text + "\" is too long a duration (at most about 2562047h)");
        }
        long n = whole.longValueExact();
        return Duration.ofNanos(negative ? -n : n);
    }

    /**
     * The common case without BigDecimal: unsigned digits and one unit of ASCII letters ({@code 90s},
     * {@code 1500ms}), counted exactly in a long. -1 for anything else, which the general reading
     * handles, including values that would not fit and unknown units (to word the error).
     */
    private static long wholeNanos(String text) {
        int digits = 0;
        while (digits < text.length() && text.charAt(digits) >= '0' && text.charAt(digits) <= '9') {
            digits++;
        }
        if (digits == 0 || digits > MAX_WHOLE_DIGITS || digits == text.length()) {
            return -1;
        }
        Long perUnit = NANOS_PER_UNIT.get(text.substring(digits));
        if (perUnit == null) {
            return -1;
        }
        long number = Long.parseLong(text, 0, digits, 10);
        long nanos = number * perUnit;
        return nanos / perUnit == number ? nanos : -1;
    }

    private static GoDurationFormatException invalid(String text) {
        return new GoDurationFormatException("\"" + text + "\" is not a duration (" + EXPECTED + ")");
    }
}
