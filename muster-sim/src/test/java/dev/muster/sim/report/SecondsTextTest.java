package dev.muster.sim.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecondsTextTest {

    @Test
    void writesPlainSecondsToTheMillisecond() {
        assertThat(SecondsText.format(0.0)).isEqualTo("0s");
        assertThat(SecondsText.format(60.0)).isEqualTo("60s");
        assertThat(SecondsText.format(90.5)).isEqualTo("90.5s");
        assertThat(SecondsText.format(3600.0)).isEqualTo("3600s");
        assertThat(SecondsText.format(0.0004)).isEqualTo("0s");
        assertThat(SecondsText.format(1.23456)).isEqualTo("1.235s");
        assertThat(SecondsText.format(null)).isEqualTo("-");
    }
}
