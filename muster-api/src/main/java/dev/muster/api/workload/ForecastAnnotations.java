package dev.muster.api.workload;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The annotations in which {@code muster run} publishes its forecast on each pending Workload, and
 * which {@code muster explain} (and {@code kubectl muster}) read back: the contract between the
 * two, kept here so that neither spells the names on its own.
 *
 * <ul>
 *   <li>{@value #EXPECTED_ADMISSION}: when the Workload is expected to be admitted, an RFC 3339
 *       instant in UTC to the second ({@code 2026-11-26T16:04:05Z}); absent when the forecast does
 *       not admit it.</li>
 *   <li>{@value #EXPECTED_ADMISSION_BASIS}: the sentence the forecast rests on ("when
 *       team-a/pretrain finishes (...)", or "not within the forecast: ...").</li>
 * </ul>
 */
public final class ForecastAnnotations {

    public static final String EXPECTED_ADMISSION = "muster.dev/expected-admission";
    public static final String EXPECTED_ADMISSION_BASIS = "muster.dev/expected-admission-basis";

    /**
     * What a forecast the operator wrote assumes beyond what every forecast does (the core's
     * {@code Forecast.ASSUMPTIONS}): it starts from a copy of the operator's engine, and its writes
     * are rationed.
     */
    public static final java.util.List<String> OPERATOR_ASSUMPTIONS = java.util.List.of(
            "the operator forecasts from the admissions and the queue order it holds; requeue backoffs and timers"
                    + " under way are not carried into the forecast",
            "the operator writes at most 20 forecasts a second, the heads of the queues first: a workload deep in"
                    + " its queue may carry an older forecast");

    /**
     * RFC 3339's date-time (section 5.6): seconds required, a fraction allowed, "Z" or a numeric
     * offset required. {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME} alone would also take a time
     * without seconds, which RFC 3339 is not.
     */
    private static final Pattern RFC_3339 =
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})");

    private ForecastAnnotations() {
    }

    /** {@code instant} as the annotation carries it: UTC, to the second (as Kubernetes writes its times). */
    public static String format(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochSecond(instant.getEpochSecond()));
    }

    /**
     * The instant an annotation's value names; empty when the value is null, empty or not an RFC 3339
     * date-time (never an exception: a malformed annotation is reported by the reader, not fatal).
     */
    public static Optional<Instant> parse(String value) {
        if (value == null || !RFC_3339.matcher(value.strip()).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(value.strip().toUpperCase(java.util.Locale.ROOT),
                    DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
        } catch (DateTimeException e) {
            // the shape is right but a field is out of range (month 13, 25 o'clock)
            return Optional.empty();
        }
    }
}
