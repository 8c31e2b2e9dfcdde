package dev.muster.core.checks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RetryStrategyTest {

    @Test
    void kueueDefaultsRetryThreeTimesAfter60120And240Seconds() {
        RetryStrategy r = RetryStrategy.KUEUE_DEFAULT;
        assertThat(r.backoffMillis(1)).isEqualTo(60_000);
        assertThat(r.backoffMillis(2)).isEqualTo(120_000);
        assertThat(r.backoffMillis(3)).isEqualTo(240_000);
        assertThat(r.retries(3)).isTrue();
        assertThat(r.retries(4)).isFalse();
    }

    @Test
    void theBackoffStopsGrowingAtItsMaximum() {
        RetryStrategy r = new RetryStrategy(20, 60_000, 1_800_000);
        assertThat(r.backoffMillis(5)).isEqualTo(960_000);
        assertThat(r.backoffMillis(6)).isEqualTo(1_800_000);
        assertThat(r.backoffMillis(60)).isEqualTo(1_800_000);
    }

    @Test
    void aLimitOfZeroNeverRetries() {
        assertThat(new RetryStrategy(0, 1_000, 1_000).retries(1)).isFalse();
    }
}
