package dev.muster.bench.placement;

import dev.muster.sim.trace.OpenbPod;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The arrival sequence: the whole list shuffled, inflated or trimmed to the target, the same for the same seed. */
class ArrivalsTest {

    private static List<OpenbPod> pods(int n, long gpuMilli) {
        List<OpenbPod> pods = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pods.add(new OpenbPod(String.format("pod-%03d", n - i), 1_000, 1_024, 1, gpuMilli, List.of()));
        }
        return pods;
    }

    private static long total(List<OpenbPod> pods) {
        return pods.stream().mapToLong(OpenbPod::totalGpuMilli).sum();
    }

    @Test
    void aShortListIsShuffledWholeThenInflatedUntilTheNextPodWouldPassTheTarget() {
        List<OpenbPod> pods = pods(10, 500); // 5 GPUs of requests
        List<OpenbPod> arrivals = Arrivals.of(pods, 10_000, 1.3, new SplittableRandom(7)); // target 13 GPUs
        assertThat(total(arrivals)).isEqualTo(13_000);
        assertThat(arrivals.subList(0, 10)).containsExactlyInAnyOrderElementsOf(pods);
        assertThat(arrivals.subList(10, arrivals.size())).allSatisfy(p -> assertThat(p.name()).contains("-tuned-"));
    }

    @Test
    void aLongListLosesRandomPodsUntilItNoLongerPassesTheTarget() {
        List<OpenbPod> arrivals = Arrivals.of(pods(40, 1_000), 10_000, 1.3, new SplittableRandom(7));
        assertThat(total(arrivals)).isEqualTo(13_000);
        assertThat(arrivals).hasSize(13).doesNotHaveDuplicates();
    }

    @Test
    void theSameSeedGivesTheSameSequenceAndAnotherSeedAnotherOne() {
        List<OpenbPod> pods = pods(50, 300);
        List<OpenbPod> a = Arrivals.of(pods, 20_000, 1.3, new SplittableRandom(42));
        List<OpenbPod> b = Arrivals.of(pods, 20_000, 1.3, new SplittableRandom(42));
        List<OpenbPod> c = Arrivals.of(pods, 20_000, 1.3, new SplittableRandom(43));
        assertThat(a).isEqualTo(b).isNotEqualTo(c);
        assertThat(total(a)).isLessThanOrEqualTo(26_000).isGreaterThan(26_000 - 300);
    }

    @Test
    void theInputOrderDoesNotMatterOnlyTheNames() {
        List<OpenbPod> pods = pods(30, 400);
        List<OpenbPod> reversed = new ArrayList<>(pods);
        java.util.Collections.reverse(reversed);
        assertThat(Arrivals.of(pods, 10_000, 1.3, new SplittableRandom(1)))
                .isEqualTo(Arrivals.of(reversed, 10_000, 1.3, new SplittableRandom(1)));
    }
}
