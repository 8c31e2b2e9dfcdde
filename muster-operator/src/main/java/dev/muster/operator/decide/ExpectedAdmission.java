package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.workload.ForecastAnnotations;
import dev.muster.core.forecast.Forecast;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A pending Workload's forecast as its annotations carry it: {@value #AT}, the instant it is
 * expected to be admitted (RFC 3339, whole seconds, UTC; absent when the forecast does not admit
 * it), and {@value #BASIS}, what that rests on, in words. And the rule for when a new forecast is
 * worth a write: the instants are absolute, so a forecast that stays true needs none; one that
 * moved by less than {@link #tolerance} of the wait left is not written either, so that thousands
 * of pending workloads do not cost thousands of patches each time a run ends a little off its
 * expected time.
 */
record ExpectedAdmission(OptionalLong atMillis, String basis) {

    static final String AT = ForecastAnnotations.EXPECTED_ADMISSION;
    static final String BASIS = ForecastAnnotations.EXPECTED_ADMISSION_BASIS;

    /** The last instant RFC 3339 can write (four-digit years): later is said in words. */
    static final long LAST_WRITABLE_MILLIS = Instant.parse("9999-12-31T23:59:59Z").toEpochMilli();
    /** Moves of at most this are not written, however near the admission. */
    static final long MIN_TOLERANCE_MILLIS = 5_000;
    /** Moves of at most this share of the wait left are not written. */
    static final double TOLERANCE_SHARE = 0.1;

    static ExpectedAdmission of(Forecast.Expectation e) {
        if (e.admitAtMillis().isPresent() && e.admitAtMillis().getAsLong() > LAST_WRITABLE_MILLIS) {
            return new ExpectedAdmission(OptionalLong.empty(), "expected after the year 9999, " + e.basis());
        }
        return new ExpectedAdmission(e.admitAtMillis(), e.basis());
    }

    /** What a Workload object's annotations say, if they say anything (a malformed instant counts as none). */
    static Optional<ExpectedAdmission> on(JsonNode workloadObject) {
        JsonNode annotations = workloadObject == null ? null : workloadObject.path("metadata").path("annotations");
        if (annotations == null || !annotations.has(BASIS) && !annotations.has(AT)) {
            return Optional.empty();
        }
        // A malformed instant is not ours to keep: the next forecast writes over it.
        OptionalLong at = ForecastAnnotations.parse(annotations.path(AT).asText(null))
                .map(i -> OptionalLong.of(i.toEpochMilli())).orElse(OptionalLong.empty());
        return Optional.of(new ExpectedAdmission(at, annotations.path(BASIS).asText("")));
    }

    /** The annotations to write: the instant (or its removal) and the basis. */
    Map<String, String> annotations() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(AT, atMillis.isPresent() ? ForecastAnnotations.format(Instant.ofEpochMilli(atMillis.getAsLong())) : null);
        out.put(BASIS, basis);
        return out;
    }

    /** The annotations' removal, once the workload no longer waits. */
    static Map<String, String> removal() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(AT, null);
        out.put(BASIS, null);
        return out;
    }

    /**
     * Whether this forecast, written already, may stand for {@code next}: both give an instant and
     * they are within {@link #tolerance} of each other, or neither gives one and they say the same
     * {@linkplain #gist gist}.
     */
    boolean standsFor(ExpectedAdmission next, long nowMillis) {
        if (atMillis.isPresent() != next.atMillis.isPresent()) {
            return false;
        }
        if (atMillis.isEmpty()) {
            return gist(basis).equals(gist(next.basis));
        }
        long moved = Math.abs(atMillis.getAsLong() - next.atMillis.getAsLong());
        return moved <= tolerance(next.atMillis.getAsLong() - nowMillis);
    }

    /**
     * What a basis without an instant says, without the figures and names in it ("3 workloads
     * hold quota for an unknown time (a, b, c)"): those change each time such a run starts or ends,
     * while what the user learns (it waits behind runs of unknown length) stays the same; rewriting
     * every waiting Workload for each of them would cost a patch per waiting workload per forecast.
     */
    static String gist(String basis) {
        return basis.replaceAll("\\([^)]*\\)", "").replaceAll("[0-9]+", "#").replaceAll("workloads? holds?", "workload hold");
    }

    /** How far a forecast may move unwritten when the admission is {@code waitMillis} away. */
    static long tolerance(long waitMillis) {
        return Math.max(MIN_TOLERANCE_MILLIS, (long) (Math.max(0, waitMillis) * TOLERANCE_SHARE));
    }
}
