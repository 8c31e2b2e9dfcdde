package dev.muster.core.admission;

import static dev.muster.core.admission.FlavorAssigner.Mode.BORROW;
import static dev.muster.core.admission.FlavorAssigner.Mode.FIT;
import static dev.muster.core.admission.FlavorAssigner.Mode.NO_CANDIDATES;
import static dev.muster.core.admission.FlavorAssigner.Mode.NO_FIT;
import static dev.muster.core.admission.FlavorAssigner.Mode.PREEMPT;
import static dev.muster.core.admission.FlavorAssigner.Mode.RECLAIM;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How the flavor assigner ranks two flavors, as Kueue's isPreferred (flavorassigner.go), with the
 * cases of flavorassigner_test.go TestIsPreferred that Muster's modes can state (Muster keeps no
 * borrowing level for a flavor that needs preemption: "explicit PreemptionOverBorrowing breaks
 * borrowing ties with preemption" is not among them). BORROW is Kueue's fit with a borrowing level
 * above 0, FIT its fit at level 0.
 */
class FlavorRankingTest {

    private static final boolean BORROWING_OVER_PREEMPTION = false;
    private static final boolean PREEMPTION_OVER_BORROWING = true;

    @Test
    void theCasesOfTestIsPreferred() {
        assertThat(FlavorAssigner.better(FIT, PREEMPT, BORROWING_OVER_PREEMPTION))
                .as("feature gate disabled prioritises preemption").isTrue();
        assertThat(FlavorAssigner.better(PREEMPT, BORROW, BORROWING_OVER_PREEMPTION))
                .as("explicit BorrowingOverPreemption prioritises borrowing distance").isFalse();
        assertThat(FlavorAssigner.better(PREEMPT, BORROW, PREEMPTION_OVER_BORROWING))
                .as("explicit PreemptionOverBorrowing prioritises lower preemption").isTrue();
        assertThat(FlavorAssigner.better(NO_CANDIDATES, BORROW, PREEMPTION_OVER_BORROWING))
                .as("explicit PreemptionOverBorrowing rejects no-candidate flavor before borrowing comparison").isFalse();
        assertThat(FlavorAssigner.better(BORROW, NO_CANDIDATES, PREEMPTION_OVER_BORROWING))
                .as("explicit PreemptionOverBorrowing prefers fit over shallower-borrowing no-candidate flavor").isTrue();
        assertThat(FlavorAssigner.better(NO_CANDIDATES, NO_FIT, BORROWING_OVER_PREEMPTION))
                .as("no-candidate flavor remains preferable to no-fit flavor").isTrue();
        assertThat(FlavorAssigner.better(NO_FIT, NO_CANDIDATES, BORROWING_OVER_PREEMPTION))
                .as("no-fit flavor remains worse than no-candidate flavor").isFalse();
    }

    @Test
    void reclaimingBeatsPreemptingInTheOwnClusterQueueAndLosesToFitting() {
        // preemptionMode order noFit < noPreemptionCandidates < preempt < reclaim < fit
        assertThat(FlavorAssigner.better(RECLAIM, PREEMPT, BORROWING_OVER_PREEMPTION)).isTrue();
        assertThat(FlavorAssigner.better(PREEMPT, RECLAIM, BORROWING_OVER_PREEMPTION)).isFalse();
        assertThat(FlavorAssigner.better(BORROW, RECLAIM, BORROWING_OVER_PREEMPTION)).isTrue();
        assertThat(FlavorAssigner.better(RECLAIM, BORROW, PREEMPTION_OVER_BORROWING)).isTrue();
        assertThat(FlavorAssigner.better(RECLAIM, NO_CANDIDATES, PREEMPTION_OVER_BORROWING)).isTrue();
        assertThat(FlavorAssigner.better(PREEMPT, PREEMPT, BORROWING_OVER_PREEMPTION))
                .as("equal modes keep the earlier flavor").isFalse();
    }
}
