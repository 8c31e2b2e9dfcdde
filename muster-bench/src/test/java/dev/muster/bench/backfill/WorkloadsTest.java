package dev.muster.bench.backfill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.muster.sim.trace.PhillyJob;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class WorkloadsTest {

    @Test
    void theSyntheticMixIsMostlySmallWithAFewBigGangsAndArrivesAtTheLoadAskedFor() {
        Demand mix = SyntheticMix.of(42, 4_000, 128, 1.15);

        assertThat(mix).isEqualTo(SyntheticMix.of(42, 4_000, 128, 1.15));
        assertThat(mix.jobs()).isNotEqualTo(SyntheticMix.of(43, 4_000, 128, 1.15).jobs());
        Map<Integer, Long> bySize = mix.jobs().stream().collect(Collectors.groupingBy(StudyJob::gpus, Collectors.counting()));
        assertThat(bySize).containsOnlyKeys(1, 2, 4, 8, 16, 32, 64);
        long small = mix.jobs().stream().filter(j -> j.gpus() <= 4).count();
        long big = mix.jobs().stream().filter(j -> j.gpus() >= 32).count();
        assertThat(small).isGreaterThan(mix.jobs().size() * 7 / 10);
        assertThat(big).isBetween(100L, 300L);
        assertThat(mix.jobs()).isSortedAccordingTo(java.util.Comparator.comparingLong(StudyJob::arrivalSeconds));
        assertThat(mix.jobs()).allSatisfy(j -> assertThat(j.durationSeconds()).isBetween(1L, SyntheticMix.MAX_RUNTIME_SECONDS));
        // the gaps are drawn, so the realised span is near, not at, the one the mean gap aims at
        assertThat(mix.offeredLoad()).isCloseTo(1.15, within(0.06));
    }

    @Test
    void aPhillyWindowKeepsItsJobsLeavesOutGangsAbove64AndScalesArrivalsToTheLoad() {
        // 64 GPUs x 100 s + 128 (left out) + 1 x 200 s + 8 x 50 s over 100 s of arrivals
        List<PhillyJob> window = List.of(new PhillyJob(10, 1_000, 100, 64, "a"), new PhillyJob(11, 1_020, 500, 128, "a"),
                new PhillyJob(12, 1_050, 200, 1, "b"), new PhillyJob(13, 1_100, 0, 8, "b"));

        Demand d = PhillyWindow.of(window, 500, 128, 0.5);

        Map<String, StudyJob> byName = d.jobs().stream().collect(Collectors.toMap(StudyJob::name, Function.identity()));
        assertThat(byName).containsOnlyKeys("job-10", "job-12", "job-13");
        // a recorded duration of 0 runs 1 s, as PhillyScenario does
        assertThat(byName.get("job-13").durationSeconds()).isEqualTo(1);
        // asked: 6,400 + 200 + 8 = 6,608 GPU-s over 128 GPUs x 100 s = 0.51625; to reach 0.5 the span grows x1.0325
        assertThat(byName.get("job-10").arrivalSeconds()).isZero();
        assertThat(byName.get("job-12").arrivalSeconds()).isEqualTo(Math.round(50 * 1.0325));
        assertThat(byName.get("job-13").arrivalSeconds()).isEqualTo(Math.round(100 * 1.0325));
        assertThat(d.offeredLoad()).isCloseTo(0.5, within(0.002)); // arrivals rounded to the second
        assertThat(d.description()).contains("1 of more than 64 GPUs left out");
    }

    @Test
    void aClusterTooSmallForAGangIsRefusedRatherThanLeavingTheGangWaitingForever() {
        assertThatThrownBy(() -> SyntheticMix.of(42, 500, 32, 1.0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("more than the cluster's 32");
        assertThatThrownBy(() -> new Demand("x", "x", 12, List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
