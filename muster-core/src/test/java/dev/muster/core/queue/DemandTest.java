package dev.muster.core.queue;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A queue's pending demand: exact while workloads come and go, saturated when read past the bound. */
class DemandTest {

    @Test
    void manyHugePendingWorkloadsAskForTheBoundNotANegativeAmount() {
        Demand d = new Demand();
        long huge = 4_000_000_000_000_000_000L;
        d.add(huge);
        d.add(huge);
        d.add(huge);

        assertThat(d.milli()).isEqualTo(Long.MAX_VALUE);

        d.add(-huge);
        d.add(-huge);
        assertThat(d.milli()).as("removals cancel additions exactly, past the bound too").isEqualTo(huge);
    }
}
