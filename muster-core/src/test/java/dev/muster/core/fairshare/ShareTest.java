package dev.muster.core.fairshare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Shares compare as Kueue's CompareDRS (pkg/cache/scheduler/fair_sharing.go) and weigh as its
 * PreciseWeightedShare (cases of fair_sharing_test.go TestPreciseWeightedShareSerialized).
 */
class ShareTest {

    @Test
    void weightedAsKueuesPreciseWeightedShare() {
        assertThat(new Share(100, 0).weighted()).as("zero weight returning Inf").isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(new Share(0, 1000).weighted()).as("zero unweighted ratio returns 0").isZero();
        assertThat(new Share(400, 2000).weighted()).as("regular integer division").isEqualTo(200.0);
        assertThat(new Share(10, 4000).weighted()).as("decimal division").isEqualTo(2.5);
    }

    @Test
    void twoZeroWeightBorrowersCompareByWhatTheyBorrow() {
        Share less = new Share(500, 0);
        Share more = new Share(1000, 0);
        assertThat(less.compareTo(more)).isNegative();
        assertThat(more.compareTo(less)).isPositive();
        assertThat(less.compareTo(new Share(500, 0))).isZero();
    }

    @Test
    void aZeroWeightBorrowerLosesToAnyOtherShare() {
        Share infinite = new Share(1, 0);
        assertThat(infinite.compareTo(new Share(1_000_000, 1))).isPositive();
        assertThat(new Share(1_000_000, 1).compareTo(infinite)).isNegative();
        assertThat(infinite.compareTo(Share.ZERO)).isPositive();
    }

    @Test
    void zeroWeightWithoutBorrowingIsZero() {
        Share idle = new Share(0, 0);
        assertThat(idle.zeroWeightBorrows()).isFalse();
        assertThat(idle.compareTo(Share.ZERO)).isZero();
        assertThat(idle.compareTo(new Share(1, 1000))).isNegative();
    }

    @Test
    void otherwiseByWeightedShare() {
        assertThat(new Share(400, 2000).compareTo(new Share(300, 1000))).as("200 < 300").isNegative();
        assertThat(new Share(400, 2000).compareTo(new Share(200, 1000))).isZero();
    }
}
