package dev.muster.core.forecast;

import dev.muster.core.model.ObjectKey;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * When each workload that waited is expected to be admitted, and what the forecast assumed.
 *
 * @param fromMillis   the instant the forecast starts from
 * @param expectations per workload that waited then, in key order
 * @param assumptions  what the forecast takes for granted, in words (it says so with every answer)
 */
public record Forecast(long fromMillis, Map<ObjectKey, Expectation> expectations, List<String> assumptions) {

    /** What a forecast always assumes of the world it runs forward. */
    public static final List<String> ASSUMPTIONS = List.of(
            "no new workloads arrive",
            "admission checks pass at once and pods are ready at once",
            "evicted workloads stop at once",
            "a workload holding quota runs for its expected run time (one whose run time is unknown, until further notice)");

    public Forecast {
        expectations = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(expectations));
        assumptions = List.copyOf(assumptions);
    }

    /**
     * One waiting workload's forecast.
     *
     * @param admitAtMillis when it is expected to be admitted; empty when not within the forecast
     * @param basis         what that rests on, in words ("when team-a/pretrain finishes (...)")
     */
    public record Expectation(ObjectKey workload, OptionalLong admitAtMillis, String basis) {
    }
}
