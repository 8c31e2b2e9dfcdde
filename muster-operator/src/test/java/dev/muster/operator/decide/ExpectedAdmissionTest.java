package dev.muster.operator.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.forecast.Forecast;
import dev.muster.core.model.ObjectKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ExpectedAdmissionTest {

    private static final long NOW = Instant.parse("2026-11-26T16:00:00Z").toEpochMilli();
    private static final ObjectKey W = new ObjectKey("team-b", "sweep");

    private static ExpectedAdmission at(long millisFromNow, String basis) {
        return new ExpectedAdmission(OptionalLong.of(NOW + millisFromNow), basis);
    }

    @Test
    void theInstantIsWrittenInRfc3339InWholeSecondsUtcWithItsBasis() {
        Map<String, String> a = ExpectedAdmission.of(new Forecast.Expectation(W, OptionalLong.of(NOW + 840_500), "when x finishes"))
                .annotations();
        assertThat(a).containsEntry(ExpectedAdmission.AT, "2026-11-26T16:14:00Z")
                .containsEntry(ExpectedAdmission.BASIS, "when x finishes");
    }

    @Test
    void aWorkloadTheForecastDoesNotAdmitHasItsInstantRemovedAndSaysWhy() {
        Map<String, String> a = ExpectedAdmission.of(new Forecast.Expectation(W, OptionalLong.empty(), "not within the forecast: ..."))
                .annotations();
        assertThat(a).containsEntry(ExpectedAdmission.AT, null).containsEntry(ExpectedAdmission.BASIS, "not within the forecast: ...");
        assertThat(ExpectedAdmission.removal()).containsEntry(ExpectedAdmission.AT, null).containsEntry(ExpectedAdmission.BASIS, null);
    }

    @Test
    void anInstantBeyondWhatRfc3339CanWriteIsSaidInWords() {
        ExpectedAdmission e = ExpectedAdmission.of(new Forecast.Expectation(W, OptionalLong.of(Long.MAX_VALUE / 2), "when x finishes"));
        assertThat(e.atMillis()).isEmpty();
        assertThat(e.basis()).isEqualTo("expected after the year 9999, when x finishes");
    }

    @Test
    void aForecastStandsWhileItMovesByNoMoreThanATenthOfTheWaitLeftOrFiveSeconds() {
        ExpectedAdmission written = at(600_000, "a");
        // 10 minutes away: a tenth is 60 s.
        assertThat(written.standsFor(at(660_000, "b"), NOW)).isTrue();
        assertThat(written.standsFor(at(540_000, "b"), NOW)).as("the tolerance is taken of the new wait (9 min: 54 s)").isFalse();
        assertThat(written.standsFor(at(661_000 + 6_100, "b"), NOW)).isFalse();
        // Near the admission the floor of 5 s holds.
        ExpectedAdmission soon = at(10_000, "a");
        assertThat(soon.standsFor(at(15_000, "a"), NOW)).isTrue();
        assertThat(soon.standsFor(at(15_001, "a"), NOW)).isFalse();
        // Past instants: the wait left is none, the floor holds.
        assertThat(at(-60_000, "a").standsFor(at(0, "a"), NOW)).isFalse();
    }

    @Test
    void withoutAnInstantTheSameGistStandsWhateverTheFiguresAndNamesAndAnInstantNeverStandsForNone() {
        ExpectedAdmission none = new ExpectedAdmission(OptionalLong.empty(),
                "not within the forecast: 1 workload holds quota for an unknown time (ns/a; a muster.dev/expected-runtime ...)");
        assertThat(none.standsFor(new ExpectedAdmission(OptionalLong.empty(),
                "not within the forecast: 12 workloads hold quota for an unknown time (ns/b, ns/c, ns/d and 9 more; a ...)"), NOW))
                .as("runs of unknown length came and went: the user learns nothing new").isTrue();
        assertThat(none.standsFor(new ExpectedAdmission(OptionalLong.empty(),
                "not within the forecast: it does not fit even once every running workload has finished"), NOW)).isFalse();
        assertThat(none.standsFor(at(0, "x"), NOW)).isFalse();
        assertThat(at(0, "x").standsFor(none, NOW)).isFalse();
    }

    @Test
    void whatAWorkloadObjectCarriesIsReadBackAndAMalformedInstantCountsAsNone() {
        ObjectMapper json = new ObjectMapper();
        ObjectNode object = json.createObjectNode();
        assertThat(ExpectedAdmission.on(object)).isEmpty();
        assertThat(ExpectedAdmission.on(null)).isEmpty();

        Map<String, String> annotations = new HashMap<>(at(840_000, "when x finishes").annotations());
        annotations.forEach(object.putObject("metadata").putObject("annotations")::put);
        assertThat(ExpectedAdmission.on(object)).hasValue(at(840_000, "when x finishes"));

        ((ObjectNode) object.path("metadata").path("annotations")).put(ExpectedAdmission.AT, "tomorrow");
        assertThat(ExpectedAdmission.on(object)).hasValue(new ExpectedAdmission(OptionalLong.empty(), "when x finishes"));
    }
}
