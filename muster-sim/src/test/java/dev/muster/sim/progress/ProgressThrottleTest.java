package dev.muster.sim.progress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The throttle on a fake clock: how often it reads the clock, and that updates keep their distance. */
class ProgressThrottleTest {

    private final AtomicLong nanos = new AtomicLong(1_000);
    private final AtomicInteger reads = new AtomicInteger();

    private ProgressThrottle throttle(long intervalNanos, int stepsPerRead) {
        return new ProgressThrottle(() -> {
            reads.incrementAndGet();
            return nanos.get();
        }, intervalNanos, stepsPerRead);
    }

    @Test
    void nothingIsDueBeforeTheFirstIntervalHasPassed() {
        ProgressThrottle t = throttle(100, 1);
        nanos.addAndGet(99);
        assertThat(t.due()).isFalse();
        nanos.addAndGet(1);
        assertThat(t.due()).isTrue();
    }

    @Test
    void anUpdateStartsTheIntervalAgain() {
        ProgressThrottle t = throttle(100, 1);
        nanos.addAndGet(150);
        assertThat(t.due()).isTrue();
        nanos.addAndGet(60); // 210: only 60 after the update
        assertThat(t.due()).isFalse();
        nanos.addAndGet(40);
        assertThat(t.due()).isTrue();
    }

    @Test
    void theClockIsReadOnceEveryNSteps() {
        ProgressThrottle t = throttle(100, 64);
        int constructionReads = reads.get();
        nanos.addAndGet(1_000);
        int dueAt = -1;
        for (int step = 1; step <= 640; step++) {
            if (t.due() && dueAt < 0) {
                dueAt = step;
            }
        }
        assertThat(reads.get() - constructionReads).isEqualTo(10);
        assertThat(dueAt).isEqualTo(64); // the first step that reads the clock, long after the interval
    }

    @Test
    void aClockThatStandsStillNeverMakesAnUpdateDue() {
        ProgressThrottle t = throttle(100, 1);
        for (int i = 0; i < 1_000; i++) {
            assertThat(t.due()).isFalse();
        }
    }

    @Test
    void refusesANonsensicalSetting() {
        assertThatThrownBy(() -> throttle(100, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> throttle(-1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
