package dev.muster.core.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SaturatingTest {

    private static final long MAX = Long.MAX_VALUE;

    @Test
    void addHoldsAtTheBoundInBothDirections() {
        assertThat(Saturating.add(MAX, 1)).isEqualTo(MAX);
        assertThat(Saturating.add(-MAX, -1)).isEqualTo(-MAX);
        assertThat(Saturating.add(-MAX, -MAX)).isEqualTo(-MAX);
        assertThat(Saturating.add(5, 7)).isEqualTo(12);
        assertThat(Saturating.add(MAX, -MAX)).isZero();
    }

    @Test
    void subtractHoldsAtTheBound() {
        assertThat(Saturating.subtract(-MAX, MAX)).isEqualTo(-MAX);
        assertThat(Saturating.subtract(MAX, -MAX)).isEqualTo(MAX);
        assertThat(Saturating.subtract(0, Long.MIN_VALUE)).isEqualTo(MAX);
        assertThat(Saturating.subtract(10, 3)).isEqualTo(7);
    }

    @Test
    void multiplyHoldsAtTheBoundWithTheProductsSign() {
        assertThat(Saturating.multiply(4_611_686_018_427_387_903L, 3)).isEqualTo(MAX);
        assertThat(Saturating.multiply(-4_611_686_018_427_387_903L, 3)).isEqualTo(-MAX);
        assertThat(Saturating.multiply(MAX, -1)).isEqualTo(-MAX);
        assertThat(Saturating.multiply(Long.MIN_VALUE, 1)).isEqualTo(-MAX);
        assertThat(Saturating.multiply(1_000, 2_000_000_000)).isEqualTo(2_000_000_000_000L);
    }
}
