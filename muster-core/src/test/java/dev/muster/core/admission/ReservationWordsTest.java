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
                List.of("n1", "n2"));
        assertThat(Reservations.describe(r, 10_000))
                .isEqualTo("reserved from t=1m40s (when 1 more and ml/b, ml/c, ml/d are expected to end) on nodes n1, n2");
    }

    @Test
    void aReservationDueAlreadyIsFromNowAndOneWaitingForNothingSaysNoMore() {
        Reservation r = new Reservation(BIG, null, new Assignment(List.of(), new long[0], false), 5_000, List.of(),
                List.of("n1"));
        assertThat(Reservations.describe(r, 60_000)).isEqualTo("reserved from t=1m on node n1");
    }
}
