package dev.muster.sim.expect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GoDurationTest {

    @ParameterizedTest
    @CsvSource({
        "0, 0",
        "0s, 0",
        "500ms, 500",
        "90s, 90000",
        "5m, 300000",
        "1h, 3600000",
        "1h30m, 5400000",
        "1h0m30s, 3630000",
        "1.5h, 5400000",
        "2.5s, 2500",
        ".5s, 500",
        "2000us, 2",
        "3000µs, 3",
        "2000000ns, 2",
        "+10s, 10000",
        "30s1m, 90000",
    })
    void parsesGoDurationsToMilliseconds(String text, long millis) {
        assertThat(GoDuration.parseMillis(text)).isEqualTo(millis);
        assertThat(GoDuration.parse(text).millis()).isEqualTo(millis);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "90", "1d", "h", "1 h", "1h 30m", "abc", "1.2.3s", "s1"})
    void refusesWhatGoWouldRefuse(String text) {
        assertThatThrownBy(() -> GoDuration.parseMillis(text)).isInstanceOf(GoDurationFormatException.class)
                .hasMessageContaining("duration");
    }

    @Test
    void refusesNegativeAndSubMillisecondDurations() {
        assertThatThrownBy(() -> GoDuration.parseMillis("-5s")).hasMessage("duration \"-5s\" is negative");
        assertThatThrownBy(() -> GoDuration.parseMillis("1500ns"))
                .hasMessage("duration \"1500ns\" is finer than a millisecond, the resolution of virtual time");
        assertThatThrownBy(() -> GoDuration.parseMillis("99999999999999999h")).hasMessageContaining("too long");
    }

    @Test
    void printsLikeGo() {
        assertThat(GoDuration.ZERO).hasToString("0s");
        assertThat(new GoDuration(500)).hasToString("500ms");
        assertThat(GoDuration.ofSeconds(90)).hasToString("1m30s");
        assertThat(new GoDuration(90_500)).hasToString("1m30.5s");
        assertThat(GoDuration.parse("1h30m")).hasToString("1h30m0s");
        assertThat(GoDuration.parse("1h")).hasToString("1h0m0s");
        assertThat(GoDuration.parse("1h0m5s")).hasToString("1h0m5s");
    }

    @Test
    void convertsToSecondsAndJavaDurations() {
        assertThat(GoDuration.parse("1m30.5s").seconds()).isEqualTo(90.5);
        assertThat(GoDuration.parse("2h").toDuration()).isEqualTo(Duration.ofHours(2));
        assertThat(GoDuration.parse("5m")).isGreaterThan(GoDuration.parse("299s"));
    }
}
