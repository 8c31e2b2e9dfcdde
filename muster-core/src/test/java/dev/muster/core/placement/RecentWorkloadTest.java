package dev.muster.core.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The window of recent pods the engine learns the expected workload from: counts follow each
 * arrival, the oldest pods leave, and the profile is worked out again only when it may have changed.
 */
class RecentWorkloadTest {

    private static final PodShape WHOLE = pod(8, new GpuRequest.Whole(1));
    private static final PodShape HALF = pod(4, new GpuRequest.Fraction(500));
    private static final PodShape CPU = pod(2, GpuRequest.NONE);

    private static PodShape pod(int cpus, GpuRequest gpu) {
        return PodShape.of(ResourceList.of("cpu", Quantity.ofUnits(cpus)), gpu);
    }

    private static Map<PodShape, Double> weights(WorkloadProfile p) {
        Map<PodShape, Double> out = new java.util.LinkedHashMap<>();
        p.entries().forEach(e -> out.put(e.shape(), e.weight()));
        return out;
    }

    @Test
    void aGangCountsEachOfItsPodsAndEqualShapesCountTogether() {
        RecentWorkload recent = new RecentWorkload(100);
        recent.arrived(WHOLE, 8);
        recent.arrived(HALF, 1);
        recent.arrived(pod(8, new GpuRequest.Whole(1)), 2);
        assertThat(recent.pods()).isEqualTo(11);
        assertThat(recent.count(WHOLE)).as("an equal shape, another object").isEqualTo(10);
        assertThat(recent.count(HALF)).isEqualTo(1);
    }

    @Test
    void theOldestPodsLeaveAFullWindowAGangPartly() {
        RecentWorkload recent = new RecentWorkload(10);
        recent.arrived(WHOLE, 6);
        recent.arrived(HALF, 3);
        recent.arrived(CPU, 3); // 12 pods: the two oldest WHOLE pods leave
        assertThat(recent.pods()).isEqualTo(10);
        assertThat(recent.count(WHOLE)).isEqualTo(4);
        recent.arrived(CPU, 5); // the other four WHOLE pods and one HALF leave
        assertThat(recent.count(WHOLE)).isZero();
        assertThat(recent.count(HALF)).isEqualTo(2);
        assertThat(recent.count(CPU)).isEqualTo(8);
        recent.arrived(HALF, 100); // larger than the window: only its last ten pods stay
        assertThat(recent.pods()).isEqualTo(10);
        assertThat(recent.count(HALF)).isEqualTo(10);
        assertThat(recent.count(CPU)).isZero();
    }

    @Test
    void theProfileIsTheMostFrequentShapesCoveringMostPodsWeightedByCount() {
        RecentWorkload recent = new RecentWorkload(1_000);
        recent.arrived(WHOLE, 600);
        recent.arrived(HALF, 390);
        recent.arrived(CPU, 10); // the rarest 1 %: past the 98 % the profile covers, left out
        assertThat(weights(recent.profile())).containsOnlyKeys(WHOLE, HALF);
        assertThat(weights(recent.profile()).get(WHOLE)).isCloseTo(600.0 / 990, within(1e-12));
    }

    @Test
    void aShapeOfAFewPercentOfTheWindowStaysInTheProfile() {
        RecentWorkload recent = new RecentWorkload(1_000);
        recent.arrived(WHOLE, 600);
        recent.arrived(HALF, 370);
        recent.arrived(CPU, 30); // 3 %: a whole trace's 95 % would leave it out, a window's 98 % keeps it
        assertThat(weights(recent.profile())).containsOnlyKeys(WHOLE, HALF, CPU);
        assertThat(weights(recent.profile()).get(CPU)).isCloseTo(0.03, within(1e-12));
    }

    @Test
    void whileTheWindowFillsTheProfileIsWorkedOutWhenTheArrivalsDoubled() {
        RecentWorkload recent = new RecentWorkload(1_000);
        assertThat(recent.profile()).isSameAs(WorkloadProfile.NONE);
        recent.arrived(WHOLE, 1);
        WorkloadProfile first = recent.profile();
        assertThat(weights(first)).containsOnlyKeys(WHOLE);
        recent.arrived(HALF, 1); // 2 pods: doubled
        WorkloadProfile second = recent.profile();
        assertThat(weights(second)).containsOnlyKeys(WHOLE, HALF);
        recent.arrived(HALF, 1); // 3 pods: not doubled since 2
        assertThat(recent.profile()).isSameAs(second);
        recent.arrived(HALF, 1); // 4 pods
        assertThat(weights(recent.profile()).get(HALF)).isCloseTo(0.75, within(1e-12));
    }

    @Test
    void aSteadyMixKeepsItsProfileAndAChangedOneIsFollowedWithinTheWindow() {
        RecentWorkload recent = new RecentWorkload(100);
        for (int i = 0; i < 50; i++) {
            recent.arrived(WHOLE, 1);
            recent.arrived(HALF, 1);
        }
        WorkloadProfile steady = recent.profile();
        for (int i = 0; i < 50; i++) {
            recent.arrived(i % 2 == 0 ? HALF : WHOLE, 1);
            assertThat(recent.profile()).as("the same mix, pod %d", i).isSameAs(steady);
        }
        List<WorkloadProfile> seen = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            recent.arrived(CPU, 1);
            seen.add(recent.profile());
        }
        assertThat(seen.subList(0, 49)).as("not looked at before half the window is new").containsOnly(steady);
        assertThat(weights(seen.get(49))).as("half the window replaced: looked again").containsKey(CPU);
        assertThat(weights(seen.get(99))).containsOnlyKeys(CPU);
        assertThat(seen.stream().distinct().count()).as("twice in a window, not once per pod").isEqualTo(3);
    }

    @Test
    void theSameArrivalsGiveTheSameProfiles() {
        List<WorkloadProfile> a = replay();
        List<WorkloadProfile> b = replay();
        assertThat(a).isEqualTo(b);
    }

    private static List<WorkloadProfile> replay() {
        RecentWorkload recent = new RecentWorkload(64);
        List<PodShape> shapes = List.of(WHOLE, HALF, CPU, pod(1, new GpuRequest.Fraction(250)));
        List<WorkloadProfile> out = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            recent.arrived(shapes.get((i * 7 + i / 13) % shapes.size()), 1 + i % 3);
            out.add(recent.profile());
        }
        return out;
    }

    @Test
    void aWindowHoldsAtLeastOnePod() {
        assertThatThrownBy(() -> new RecentWorkload(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
