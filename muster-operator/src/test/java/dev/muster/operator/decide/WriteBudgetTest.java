package dev.muster.operator.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WriteBudgetTest {

    @Test
    void aFullBucketGivesItsWindowThenTheRateAndNeverMoreThanItHolds() {
        WriteBudget b = new WriteBudget(20, 5_000);
        assertThat(b.take(0, 150)).isEqualTo(100);
        assertThat(b.take(0, 10)).isZero();
        assertThat(b.take(1_000, 50)).as("a second refills 20").isEqualTo(20);
        assertThat(b.take(1_050, 50)).as("50 ms refill one").isEqualTo(1);
        assertThat(b.take(60_000, 500)).as("a long quiet spell fills the bucket, no more").isEqualTo(100);
        assertThat(b.take(61_000, 5)).isEqualTo(5);
        assertThat(b.take(59_000, 50)).as("time going back gives nothing").isEqualTo(15);
    }

    @Test
    void aBudgetNeedsARateAndAWindow() {
        assertThatThrownBy(() -> new WriteBudget(0, 5_000)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WriteBudget(20, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
