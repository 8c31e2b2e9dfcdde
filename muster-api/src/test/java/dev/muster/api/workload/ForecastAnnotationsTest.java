package dev.muster.api.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The forecast annotations' times: written in UTC to the second, read back from any RFC 3339 form. */
class ForecastAnnotationsTest {

    @Test
    void theNamesAreMustersAnnotations() {
        assertThat(ForecastAnnotations.EXPECTED_ADMISSION).isEqualTo("muster.dev/expected-admission");
        assertThat(ForecastAnnotations.EXPECTED_ADMISSION_BASIS).isEqualTo("muster.dev/expected-admission-basis");
    }

    @Test
    void anInstantIsWrittenInUtcToTheSecondAndReadBack() {
        // the fraction is dropped, as Kubernetes' metav1.Time drops it
        Instant instant = Instant.parse("2026-11-26T16:04:05.750Z");

        String written = ForecastAnnotations.format(instant);

        assertThat(written).isEqualTo("2026-11-26T16:04:05Z");
        assertThat(ForecastAnnotations.parse(written)).contains(Instant.parse("2026-11-26T16:04:05Z"));
    }

    @Test
    void offsetsFractionsAndLowerCaseAreRfc3339Too() {
        // 18:04:05 at +02:00 is 16:04:05 UTC
        assertThat(ForecastAnnotations.parse("2026-11-26T18:04:05+02:00")).contains(Instant.parse("2026-11-26T16:04:05Z"));
        assertThat(ForecastAnnotations.parse("2026-11-26t16:04:05.5z")).contains(Instant.parse("2026-11-26T16:04:05.500Z"));
    }

    @Test
    void aMalformedValueIsEmptyNotAnException() {
        assertThat(ForecastAnnotations.parse(null)).isEmpty();
        assertThat(ForecastAnnotations.parse("")).isEmpty();
        assertThat(ForecastAnnotations.parse("in ten minutes")).isEmpty();
        // no seconds, no offset: ISO 8601 would take these, RFC 3339 does not
        assertThat(ForecastAnnotations.parse("2026-11-26T16:04Z")).isEmpty();
        assertThat(ForecastAnnotations.parse("2026-11-26T16:04:05")).isEmpty();
        // the right shape with a field out of range
        assertThat(ForecastAnnotations.parse("2026-13-26T16:04:05Z")).isEmpty();
        assertThat(ForecastAnnotations.parse("2026-11-26T25:04:05Z")).isEmpty();
    }
}
