package dev.muster.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class PendingTest {

    @Test
    void aWordedReasonIsWordedOnlyWhenItsSentenceIsFirstAskedFor() {
        AtomicInteger worded = new AtomicInteger();
        Pending p = Pending.worded(Pending.Why.WAITING_FOR_QUOTA, counting(worded, "waiting for quota: 2 cpu short"));
        assertThat(p.why()).isEqualTo(Pending.Why.WAITING_FOR_QUOTA);
        assertThat(worded).hasValue(0);
        assertThat(p.message()).isEqualTo("waiting for quota: 2 cpu short");
        assertThat(p.message()).isEqualTo("waiting for quota: 2 cpu short");
        assertThat(worded).hasValue(1);
    }

    @Test
    void reasonsAreEqualWhenTheirKindsAndSentencesAreHoweverTheyWereWorded() {
        Pending eager = Pending.quota("waiting for quota: 2 cpu short");
        Pending lazy = Pending.worded(Pending.Why.WAITING_FOR_QUOTA, () -> "waiting for quota: 2 cpu short");
        assertThat(lazy).isEqualTo(eager).hasSameHashCodeAs(eager);
        assertThat(lazy.toString()).isEqualTo(eager.toString())
                .isEqualTo("Pending[why=WAITING_FOR_QUOTA, message=waiting for quota: 2 cpu short]");
        assertThat(Pending.worded(Pending.Why.WAITING_FOR_QUOTA, () -> "another sentence")).isNotEqualTo(eager);
    }

    @Test
    void reasonsOfDifferentKindsDifferWithoutBeingWorded() {
        AtomicInteger worded = new AtomicInteger();
        Pending lazy = Pending.worded(Pending.Why.EXCEEDS_MAX_QUOTA, counting(worded, "can never be admitted"));
        assertThat(lazy).isNotEqualTo(Pending.quota("can never be admitted")).isNotEqualTo(null);
        assertThat(worded).hasValue(0);
    }

    private static Supplier<String> counting(AtomicInteger calls, String sentence) {
        return () -> {
            calls.incrementAndGet();
            return sentence;
        };
    }
}
