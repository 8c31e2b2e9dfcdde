package dev.muster.bench.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Binning as the FGD analysis does it: samples whose arrival rounds to a percent, else those within ±1. */
class AllocationCurveTest {

    @Test
    void aBinIsTheMeanAllocationOfTheSamplesWhoseArrivalRoundsToIt() {
        AllocationCurve c = new AllocationCurve(10_000, 130);
        c.arrived(100, true);  // arrived 1 %, allocated 1 %
        c.arrived(40, false);  // 1.4 % -> bin 1, still 1 %
        c.arrived(20, true);   // 1.6 % -> bin 2, 1.2 %
        assertThat(c.at(1)).isCloseTo(1.0, within(1e-9));
        assertThat(c.at(2)).isCloseTo(1.2, within(1e-9));
        assertThat(c.allocatedMilli()).isEqualTo(120);
        assertThat(c.arrivedMilli()).isEqualTo(160);
        assertThat(c.failed()).isEqualTo(1);
    }

    @Test
    void anEmptyBinTakesItsNeighboursAndFarBinsHaveNothing() {
        AllocationCurve c = new AllocationCurve(1_000, 130);
        c.arrived(50, true);   // bin 5, 5 %
        c.arrived(50, false);  // bin 10, 5 %
        c.arrived(20, true);   // bin 12, 7 %
        assertThat(c.at(11)).isCloseTo(6.0, within(1e-9));
        assertThat(c.at(50)).isNaN();
        assertThat(c.bins()).hasSize(131);
    }

    @Test
    void halvesRoundToEvenAsPythonDoes() {
        AllocationCurve c = new AllocationCurve(1_000, 130);
        c.arrived(25, true);   // 2.5 % -> bin 2
        c.arrived(10, false);  // 3.5 % -> bin 4
        assertThat(c.at(2)).isCloseTo(2.5, within(1e-9));
        assertThat(c.at(4)).isCloseTo(2.5, within(1e-9));
        assertThat(c.at(3)).isCloseTo(2.5, within(1e-9)); // from its neighbours
    }
}
