package dev.muster.operator.decide;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Cycles are at least a gap apart, so that what arrives meanwhile is applied together. */
class CycleGapTest {

    @Test
    void theFirstCycleRunsAtOnceTheNextAfterTheGap() {
        AtomicLong now = new AtomicLong(1_000);
        CycleGap gap = new CycleGap(20, now::get);
        assertThat(gap.remainingNanos()).isZero();
        gap.cycled();
        now.addAndGet(5);
        assertThat(gap.remainingNanos()).isEqualTo(15);
        now.addAndGet(50);
        assertThat(gap.remainingNanos()).isZero();
    }
}
