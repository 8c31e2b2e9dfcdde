package dev.muster.sim.expect;

import java.util.List;
import java.util.Objects;

/**
 * One expected value that the report does not hold.
 *
 * @param path where in the item, relative to it: {@code state}, {@code flavors.main.cpu}, {@code evictions[0].reason}
 * @param expected what the expectation file asks for, as a person would read it
 * @param actual what the report holds instead
 */
public record Difference(String path, String expected, String actual) {

    /** No difference when both are equal (both {@code null} included), else one. */
    static List<Difference> unlessEqual(String path, Object expected, Object actual) {
        return Objects.equals(expected, actual)
                ? List.of()
                : List.of(new Difference(path, String.valueOf(expected), String.valueOf(actual)));
    }
}
