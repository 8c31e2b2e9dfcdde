package dev.muster.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuntimeHistoryTest {

    private static List<PodSet> shape(int cpu) {
        return List.of(PodSet.of("main", 1, ResourceList.of("cpu", Quantity.ofUnits(cpu))));
    }

    @Test
    void theQuantileIsTheNearestRankOfTheRunsOfTheSameQueueAndShape() {
        RuntimeHistory h = new RuntimeHistory(0.5);
        for (long run : new long[] {40, 10, 30, 20}) {
            h.finished("a", shape(1), run);
        }
        h.finished("b", shape(1), 999);
        h.finished("a", shape(2), 999);
        // Sorted 10 20 30 40: the median by nearest rank is the 2nd (ceil(0.5 * 4)).
        assertThat(h.expected("a", shape(1))).hasValue(20);
        assertThat(h.withQuantile(1.0).expected("a", shape(1))).hasValue(40);
        assertThat(h.withQuantile(0.25).expected("a", shape(1))).hasValue(10);
        assertThat(h.expected("c", shape(1))).isEmpty();
    }

    @Test
    void onlyTheLastRunsOfAKindAreKept() {
        RuntimeHistory h = new RuntimeHistory(1.0);
        h.finished("a", shape(1), 1_000_000);
        for (int i = 0; i < RuntimeHistory.KEPT; i++) {
            h.finished("a", shape(1), 5);
        }
        assertThat(h.expected("a", shape(1))).as("the long run fell out of the last %d", RuntimeHistory.KEPT).hasValue(5);
    }

    @Test
    void theKindWhoseLastRunIsOldestIsForgottenFirstSoMemoryStaysBounded() {
        RuntimeHistory h = new RuntimeHistory(0.5);
        h.finished("first", shape(1), 7);
        h.finished("second", shape(1), 8);
        h.finished("first", shape(1), 7); // "first" ran again: "second" is now the oldest
        for (int i = 0; i < RuntimeHistory.KINDS - 1; i++) {
            h.finished("q" + i, shape(1), 1);
        }
        assertThat(h.expected("second", shape(1))).isEmpty();
        assertThat(h.expected("first", shape(1))).hasValue(7);
        assertThat(h.expected("q0", shape(1))).hasValue(1);
    }

    @Test
    void aQuantileOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> new RuntimeHistory(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RuntimeHistory(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RuntimeHistory(0.5).withQuantile(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
