package dev.muster.core.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.Assignment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a reservation is put in words: stable from cycle to cycle, and short however much it waits for. */
class ReservationWordsTest {

    private static final Workload BIG = new Workload(new ObjectKey("ml", "big"), "main", 0, 0, 0,
            List.of(PodSet.of("main", 8, new ResourceList(Map.of("cpu", Quantity.ofUnits(1))))));

    @Test
    void theSimulatorsClockIsTimeSinceTheStartAndTheOperatorsIsUtc() {
        assertThat(Reservations.instant(100_000)).isEqualTo("t=1m40s");
        assertThat(Reservations.instant(0)).isEqualTo("t=0s");
        assertThat(Reservations.instant(1_795_000_000_123L)).isEqualTo("2026-11-18T11:06:40Z");
    }

    @Test
    void aReservationNamesWhatItWaitsForTheLastThreeAtMostAndItsNodes() {
        Reservation r = new Reservation(BIG, null, new Assignment(List.of(), new long[0], false), 100_000,
                List.of(new ObjectKey("ml", "a"), new ObjectKey("ml", "b"), new ObjectKey("ml", "c"), new ObjectKey("ml", "d")),
                100_000, List.of("n1", "n2"));
        assertThat(Reservations.describe(r, 10_000))
                .isEqualTo("reserved from t=1m40s (when 1 more and ml/b, ml/c, ml/d are expected to end) on nodes n1, n2");
    }

    @Test
    void aReservationDueAlreadyIsFromNowAndOneWaitingForNothingSaysNoMore() {
        Reservation r = new Reservation(BIG, null, new Assignment(List.of(), new long[0], false), 5_000, List.of(),
                5_000, List.of("n1"));
        assertThat(Reservations.describe(r, 60_000)).isEqualTo("reserved from t=1m on node n1");
    }

    /**
     * Runs that overstay: the reservation would start "now", which moves every cycle. It names what
     * it waits for and when that was due instead, the same words for as long as they overstay,
     * whether it was found in this cycle (starting now) or kept from an earlier one.
     */
    @Test
    void aReservationWaitingForOverdueRunsSaysSoAndStaysTheSameWhileTheyRunOn() {
        Reservation foundNow = new Reservation(BIG, null, new Assignment(List.of(), new long[0], false), 130_000,
                List.of(new ObjectKey("ml", "a")), 100_000, List.of("n1"));
        Reservation keptFromBefore = new Reservation(BIG, null, new Assignment(List.of(), new long[0], false), 120_000,
                List.of(new ObjectKey("ml", "a")), 100_000, List.of("n1"));
        assertThat(Reservations.describe(foundNow, 130_000))
                .isEqualTo("reserved as soon as ml/a ends (expected by t=1m40s; it runs past that) on node n1")
                .isEqualTo(Reservations.describe(keptFromBefore, 400_000));
        Reservation four = new Reservation(BIG, null, new Assignment(List.of(), new long[0], false), 101_000,
                List.of(new ObjectKey("ml", "a"), new ObjectKey("ml", "b"), new ObjectKey("ml", "c"), new ObjectKey("ml", "d")),
                100_000, List.of());
        assertThat(Reservations.describe(four, 101_000))
                .isEqualTo("reserved as soon as 1 more and ml/b, ml/c, ml/d end (expected by t=1m40s; they run past that)");
        Reservation dueNow = new Reservation(BIG, null, new Assignment(List.of(), new long[0], false), 100_000,
                List.of(new ObjectKey("ml", "a")), 100_000, List.of());
        assertThat(Reservations.describe(dueNow, 100_000)).as("expected to end exactly now: not past it yet")
                .isEqualTo("reserved from t=1m40s (when ml/a is expected to end)");
    }
}
