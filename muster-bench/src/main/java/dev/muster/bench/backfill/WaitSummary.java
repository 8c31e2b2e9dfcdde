package dev.muster.bench.backfill;

import java.util.Arrays;
import java.util.Collection;

/**
 * The waits of a group of jobs (admission minus creation, seconds): how many, the median, the 95th
 * percentile and the longest. Percentiles are nearest-rank (the smallest wait that at least that
 * share of the jobs did not exceed), so every figure is a wait some job had.
 */
public record WaitSummary(int count, double p50Seconds, double p95Seconds, double maxSeconds) {

    public static final WaitSummary NONE = new WaitSummary(0, 0, 0, 0);

    public static WaitSummary of(Collection<Double> waitsSeconds) {
        if (waitsSeconds.isEmpty()) {
            return NONE;
        }
        double[] sorted = waitsSeconds.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new WaitSummary(sorted.length, nearestRank(sorted, 0.5), nearestRank(sorted, 0.95),
                sorted[sorted.length - 1]);
    }

    /** The {@code q} quantile of ascending {@code sorted} by nearest rank: element ceil(q * n), 1-based. */
    static double nearestRank(double[] sorted, double q) {
        if (sorted.length == 0 || !(q > 0 && q <= 1)) {
            throw new IllegalArgumentException("a quantile in (0, 1] of at least one value; got q=" + q + " of "
                    + Arrays.toString(sorted));
        }
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(1, rank) - 1];
    }
}
