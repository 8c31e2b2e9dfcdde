package dev.muster.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.muster.bench.scale.ReportAllocation.PlacedWorkload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The FGD figure of a report: samples in arrival order, placed pods counted by what they hold. */
class ReportAllocationTest {

    /** 4 GPUs; 5.2 GPUs arrive in all (130 %). */
    private static final ScenarioArrivals FOUR_GPUS = new ScenarioArrivals(List.of(
            new ScenarioArrivals.Arrival("a", 0, 2000),
            new ScenarioArrivals.Arrival("b", 1, 500),
            new ScenarioArrivals.Arrival("c", 2, 1000),
            new ScenarioArrivals.Arrival("d", 3, 1700)), 4000);

    @Test
    void admittedPodsCountWithWhatTheyHoldAndPendingOnesArriveWithoutBeingPlaced() {
        ReportAllocation a = ReportAllocation.of(FOUR_GPUS, List.of(
                new PlacedWorkload("a", "Admitted", 0.0, 2000),
                new PlacedWorkload("b", "Admitted", 0.001, 500),
                new PlacedWorkload("c", "Pending", null, 0),
                new PlacedWorkload("d", "Pending", null, 0)));

        assertThat(a.pods()).isEqualTo(4);
        assertThat(a.placed()).isEqualTo(2);
        assertThat(a.pending()).isEqualTo(2);
        assertThat(a.placedLate()).isZero();
        assertThat(a.allocatedMilli()).isEqualTo(2500).isEqualTo(a.requestedPlacedMilli());
        assertThat(a.allocationAtEnd()).isCloseTo(62.5, within(1e-9));
    }

    @Test
    void theFigureIsTheMeanAllocationOfTheSamplesInThe130PercentBin() {
        // 1 GPU; samples after each arrival: 100 % arrived and allocated, then 129 % and 130 % arrived, still 100 % allocated
        ScenarioArrivals s = new ScenarioArrivals(List.of(
                new ScenarioArrivals.Arrival("a", 0, 1000),
                new ScenarioArrivals.Arrival("b", 1, 290),
                new ScenarioArrivals.Arrival("c", 2, 10)), 1000);
        ReportAllocation a = ReportAllocation.of(s, List.of(
                new PlacedWorkload("a", "Admitted", 0.0, 1000),
                new PlacedWorkload("b", "Pending", null, 0),
                new PlacedWorkload("c", "Pending", null, 0)));
        assertThat(a.allocationAtFinal()).isCloseTo(100.0, within(1e-9));
    }

    @Test
    void aPodAdmittedAfterItsArrivalIsCountedAsLate() {
        ReportAllocation a = ReportAllocation.of(FOUR_GPUS, List.of(new PlacedWorkload("c", "Admitted", 0.5, 1000)));
        assertThat(a.placedLate()).isEqualTo(1);
        assertThat(a.placed()).isEqualTo(1);
    }

    @Test
    void aJsonReportGivesTheSameWorkloadsAsTheInProcessOne() throws Exception {
        String json = """
                {"workloads": [
                  {"name": "whole", "state": "Admitted", "admittedAtSeconds": 0.002,
                   "pods": [{"node": "n", "gpuDevices": [0, 1], "gpuFraction": null}]},
                  {"name": "shared", "state": "Admitted", "admittedAtSeconds": 0.003,
                   "pods": [{"node": "n", "gpuDevices": [2], "gpuFraction": 0.37}]},
                  {"name": "cpu", "state": "Admitted", "admittedAtSeconds": 0.004,
                   "pods": [{"node": "n", "gpuDevices": null, "gpuFraction": null}]},
                  {"name": "waits", "state": "Pending", "admittedAtSeconds": null, "pods": []}]}""";
        assertThat(ReportAllocation.workloads(new ObjectMapper().readTree(json))).containsExactly(
                new PlacedWorkload("whole", "Admitted", 0.002, 2000),
                new PlacedWorkload("shared", "Admitted", 0.003, 370),
                new PlacedWorkload("cpu", "Admitted", 0.004, 0),
                new PlacedWorkload("waits", "Pending", null, 0));
    }
}
