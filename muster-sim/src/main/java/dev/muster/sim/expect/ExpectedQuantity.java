package dev.muster.sim.expect;

import dev.muster.core.quantity.Quantity;

/**
 * A resource quantity as written in an expectation file ({@code "6"}, {@code 4Gi}), with its value:
 * it is compared by value, so {@code "1"} matches a report's {@code 1000m}.
 */
public record ExpectedQuantity(String text, Quantity value) {

    /** @throws dev.muster.core.quantity.QuantityFormatException when the text is not a quantity */
    public static ExpectedQuantity parse(String text) {
        return new ExpectedQuantity(text, Quantity.parse(text));
    }

    @Override
    public String toString() {
        return text;
    }
}
