package dev.muster.core.fairshare;

/**
 * A node's dominant resource share, kept as its two parts so that it compares as Kueue's
 * {@code CompareDRS} (pkg/cache/scheduler/fair_sharing.go): the unweighted ratio (what the node
 * borrows per thousand of what its parent can lend, on its dominant resource) and the node's
 * fair-sharing weight. A node that borrows with weight 0 has an infinite share; two such nodes are
 * not equal: the one that borrows less (the lower ratio) comes first. Lower shares are preferred for
 * admission, higher ones are preempted first.
 *
 * @param ratio       the unweighted ratio (0 when the node does not borrow); a double as in Kueue,
 *                    which cannot overflow whatever the quantities
 * @param weightMilli the fair-sharing weight in thousandths
 */
public record Share(double ratio, long weightMilli) implements Comparable<Share> {

    /** The share of a node that does not borrow (and of every node without fair sharing). */
    public static final Share ZERO = new Share(0, 1000);

    /** Kueue's {@code zeroWeightBorrows}: weight 0 and some borrowing, an infinite share. */
    public boolean zeroWeightBorrows() {
        return weightMilli == 0 && ratio > 0;
    }

    /** The weighted share (Kueue's {@code PreciseWeightedShare}): +Infinity when borrowing with weight 0. */
    public double weighted() {
        if (ratio == 0) {
            return 0;
        }
        return weightMilli == 0 ? Double.POSITIVE_INFINITY : ratio * 1000 / weightMilli;
    }

    @Override
    public int compareTo(Share other) {
        boolean mine = zeroWeightBorrows();
        boolean theirs = other.zeroWeightBorrows();
        if (mine && theirs) {
            return Double.compare(ratio, other.ratio);
        }
        if (mine != theirs) {
            return mine ? 1 : -1;
        }
        return Double.compare(weighted(), other.weighted());
    }

    @Override
    public String toString() {
        return zeroWeightBorrows() ? "+Inf (weight 0, borrowing ratio " + ratio + ")" : Double.toString(weighted());
    }
}
