package dev.muster.cli.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/**
 * The values at the edges that users and generators really write where a number, a quantity or a
 * duration belongs: zero, negatives, the largest a long holds and just past it, the largest
 * Kubernetes quantities, the smallest fractions, and far beyond all of them.
 */
final class ExtremeValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A number, a quantity (4, 500m, 16Gi, 1e3) or a Go duration (90s, 1h30m): what this operator changes. */
    private static final Pattern NUMBER_LIKE = Pattern.compile("[+-]?[0-9.]+([eE][+-]?[0-9]+)?([a-zA-Z]{0,2}[0-9.]*)*");

    private static final List<String> QUANTITIES = List.of("0", "-1", "-0.5", "1n", "0.000000001", "1e-9",
            "9P", "9E", "8Ei", "4611686018427387903m", "9223372036854775807", "9223372036854775808", "1e30",
            "999999999999999999999999999999", "123456789012345678901234567890Ki", "1e308", "-9E", "0.1m");
    private static final List<String> DURATIONS = List.of("0s", "-1s", "1ns", "2562047h", "2562048h",
            "9999999999h", "1000000h", "-2562047h47m16s", "0.000001s", "9223372036854775807ns");
    private static final List<Long> INTEGERS = List.of(0L, -1L, 1L, (long) Integer.MAX_VALUE, Integer.MAX_VALUE + 1L,
            2_000_000_000L, 1_000_000L, Long.MAX_VALUE, Long.MIN_VALUE, (long) Integer.MIN_VALUE);

    private ExtremeValues() {
    }

    static boolean applies(JsonNode value) {
        return value.isNumber() || value.isTextual() && NUMBER_LIKE.matcher(value.asText()).matches();
    }

    /** An extreme value of the same YAML type as {@code value} (a number stays a number, text stays text). */
    static JsonNode replacing(JsonNode value, RandomGenerator random) {
        if (value.isNumber()) {
            return switch (random.nextInt(4)) {
                case 0 -> NODES.numberNode(new BigInteger("99999999999999999999999999999"));
                case 1 -> NODES.numberNode(new BigDecimal("1e30"));
                default -> NODES.numberNode(pick(INTEGERS, random));
            };
        }
        List<String> pool = random.nextBoolean() ? DURATIONS : QUANTITIES;
        return NODES.textNode(pick(pool, random));
    }

    private static <T> T pick(List<T> values, RandomGenerator random) {
        return values.get(random.nextInt(values.size()));
    }
}
