package dev.muster.cli;

import dev.muster.api.workload.ForecastAnnotations;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The operator's forecast for one pending Workload, read from its annotations
 * ({@link ForecastAnnotations}): when it is expected to be admitted and what that rests on. A
 * malformed time is said as such in the basis, never an error: the rest of the answer still stands.
 *
 * @param admitAtSeconds the expected admission in Unix epoch seconds; null when there is none
 * @param admitAt        the same instant in RFC 3339 (UTC, to the second); null when there is none
 * @param basis          what the forecast rests on, or why there is none
 */
record LiveForecast(Double admitAtSeconds, String admitAt, String basis) {

    static final String NONE = "no forecast (the operator has not written one yet, or this is not Muster's operator)";

    static LiveForecast of(Map<String, String> annotations) {
        String value = annotations.get(ForecastAnnotations.EXPECTED_ADMISSION);
        String basis = annotations.get(ForecastAnnotations.EXPECTED_ADMISSION_BASIS);
        boolean hasBasis = basis != null && !basis.isBlank();
        if (value == null || value.isBlank()) {
            // Without a time, the basis says why the forecast does not admit it ("not within the forecast: ...").
            return new LiveForecast(null, null, hasBasis ? basis.strip() : NONE);
        }
        Optional<Instant> at = ForecastAnnotations.parse(value);
        if (at.isEmpty()) {
            return new LiveForecast(null, null, "no forecast: its " + ForecastAnnotations.EXPECTED_ADMISSION + " annotation \""
                    + value + "\" is not an RFC 3339 time" + (hasBasis ? " (its basis: " + basis.strip() + ")" : ""));
        }
        Instant second = Instant.ofEpochSecond(at.get().getEpochSecond());
        return new LiveForecast((double) second.getEpochSecond(), ForecastAnnotations.format(second),
                hasBasis ? basis.strip() : "");
    }
}
