package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GoDurationTest {

    @ParameterizedTest
    @CsvSource({
            "0, 0",
            "0s, 0",
            "500ms, 500000000",
            "90s, 90000000000",
            "5m, 300000000000",
            "1h30m, 5400000000000",
            "1.5h, 5400000000000",
            "2h45m30.5s, 9930500000000",
            "1m1s, 61000000000",
            "300us, 300000",
            "300µs, 300000",
            "10ns, 10",
            "+5s, 5000000000",
            "-1.5m, -90000000000",
            ".5s, 500000000",
            "1.s, 1000000000",
            "1h0m0s, 3600000000000",
            "007s, 7000000000",
            "2562047h, 9223369200000000000",
            "9223372036854ns, 9223372036854",
    })
    void parsesWhatGoParses(String text, long nanos) {
        assertThat(GoDuration.parse(text)).isEqualTo(Duration.ofNanos(nanos));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "90", "1d", "5 m", "1h 30m", "m", ".s", "1..5s", "-", "+", "1e3s", "s5", "1h30"})
    void rejectsWhatGoRejects(String text) {
        assertThatThrownBy(() -> GoDuration.parse(text)).isInstanceOf(GoDurationFormatException.class);
    }

    @org.junit.jupiter.api.Test
    void messagesSayWhatIsWrong() {
        assertThatThrownBy(() -> GoDuration.parse("90")).hasMessage(
                "\"90\" is not a duration: \"90\" has no unit (expected a number with a unit, such as 500ms, 90s, 5m or 1h30m)");
        assertThatThrownBy(() -> GoDuration.parse("2d")).hasMessageContaining("unknown unit \"d\"");
        assertThatThrownBy(() -> GoDuration.parse("3000000h")).hasMessageContaining("too long");
        assertThatThrownBy(() -> GoDuration.parse("2562048h")).hasMessageContaining("too long");
    }
}
