package dev.muster.core.quantity;

import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Kubernetes quantity grammar: a signed decimal number, then a binary, decimal or exponent suffix. */
final class QuantityParser {

    private static final Pattern GRAMMAR =
            Pattern.compile("^([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$");

    /**
     * Kubernetes' decimal suffixes (apimachinery resource/suffix.go), nano and micro included. Muster
     * counts in milli-units: below one, a value rounds up to 1m, as the scheduler's MilliValue does.
     */
    private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
            Map.entry("n", new BigDecimal("0.000000001")),
            Map.entry("u", new BigDecimal("0.000001")),
            Map.entry("m", new BigDecimal("0.001")),
            Map.entry("k", BigDecimal.TEN.pow(3)),
            Map.entry("M", BigDecimal.TEN.pow(6)),
            Map.entry("G", BigDecimal.TEN.pow(9)),
            Map.entry("T", BigDecimal.TEN.pow(12)),
            Map.entry("P", BigDecimal.TEN.pow(15)),
            Map.entry("E", BigDecimal.TEN.pow(18)),
            Map.entry("Ki", BigDecimal.valueOf(1L << 10)),
            Map.entry("Mi", BigDecimal.valueOf(1L << 20)),
            Map.entry("Gi", BigDecimal.valueOf(1L << 30)),
            Map.entry("Ti", BigDecimal.valueOf(1L << 40)),
            Map.entry("Pi", BigDecimal.valueOf(1L << 50)),
            Map.entry("Ei", BigDecimal.valueOf(1L << 60)));

    /** Digits that always fit a long before the unit is applied. */
    private static final int MAX_WHOLE_DIGITS = 15;

    private QuantityParser() {
    }

    /**
     * Applies a decimal exponent. Exponents are bounded first: beyond ±40 a non-zero number is
     * either far too large for any resource or far below a milli-unit (then it rounds up to 1m, as
     * Kubernetes rounds up what it cannot represent).
     */
    private static BigDecimal scaled(String text, BigDecimal number, String exponentText) {
        BigDecimal exponent = new BigDecimal(exponentText);
        if (number.signum() == 0) {
            return BigDecimal.ZERO;
        }
        if (exponent.compareTo(BigDecimal.valueOf(40)) > 0) {
            throw tooLarge(text);
        }
        if (exponent.compareTo(BigDecimal.valueOf(-40)) < 0) {
            return BigDecimal.valueOf(number.signum(), 40);
        }
        return number.scaleByPowerOfTen(exponent.intValueExact());
    }

    private static QuantityFormatException tooLarge(String text) {
        return new QuantityFormatException("\"" + text + "\" is too large a quantity: Muster holds at most " + Quantity.BOUND);
    }

    static Quantity parse(String text) {
        long milli = wholeMilli(text);
        return milli >= 0 ? new Quantity(milli) : parseDecimal(text);
    }

    /**
     * The common case without regular expressions or BigDecimal: unsigned digits and a unit suffix
     * (cpu 4152m, memory 64Gi), the milli-units counted exactly in a long. -1 for anything else,
     * which {@link #parseDecimal} reads, including values that would not fit.
     */
    private static long wholeMilli(String text) {
        if (text == null) {
            return -1;
        }
        int digits = 0;
        while (digits < text.length() && text.charAt(digits) >= '0' && text.charAt(digits) <= '9') {
            digits++;
        }
        if (digits == 0 || digits > MAX_WHOLE_DIGITS) {
            return -1;
        }
        long milliPerUnit = milliPerUnit(text.substring(digits));
        if (milliPerUnit < 0) {
            return -1;
        }
        long number = Long.parseLong(text, 0, digits, 10);
        long milli = number * milliPerUnit;
        return milli / milliPerUnit == number ? milli : -1;
    }

    /** Milli-units in one unit of {@code suffix}, or -1 for a suffix read only by {@link #parseDecimal}. */
    private static long milliPerUnit(String suffix) {
        return switch (suffix) {
            case "" -> 1000L;
            case "m" -> 1L;
            case "k" -> 1000L * 1000;
            case "M" -> 1000L * 1000 * 1000;
            case "G" -> 1000L * 1000 * 1000 * 1000;
            case "T" -> 1000L * 1000 * 1000 * 1000 * 1000;
            case "P" -> 1000L * 1000 * 1000 * 1000 * 1000 * 1000;
            case "Ki" -> 1000L << 10;
            case "Mi" -> 1000L << 20;
            case "Gi" -> 1000L << 30;
            case "Ti" -> 1000L << 40;
            case "Pi" -> 1000L << 50;
            default -> -1;
        };
    }

    private static Quantity parseDecimal(String text) {
        if (text == null || text.isBlank()) {
            throw new QuantityFormatException("an empty value is not a quantity");
        }
        String trimmed = text.strip();
        Matcher m = GRAMMAR.matcher(trimmed);
        if (!m.matches()) {
            throw new QuantityFormatException("\"" + text + "\" is not a Kubernetes quantity"
                    + " (expected a number with an optional suffix, such as 2, 500m, 8G or 16Gi)");
        }
        BigDecimal number = new BigDecimal(m.group(1));
        String suffix = m.group(2);
        BigDecimal units;
        if (suffix == null) {
            units = number;
        } else if (SUFFIXES.containsKey(suffix)) {
            // before exponents: "E" (exa) and "Ei" (exbi) are units, "E3" is an exponent
            units = number.multiply(SUFFIXES.get(suffix));
        } else {
            units = scaled(text, number, suffix.substring(1));
        }
        try {
            return new Quantity(Quantity.milliOf(units));
        } catch (ArithmeticException e) {
            throw tooLarge(text);
        }
    }
}
