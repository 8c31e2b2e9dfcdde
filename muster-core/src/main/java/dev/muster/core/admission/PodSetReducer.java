package dev.muster.core.admission;

import dev.muster.core.model.PodSet;
import java.util.List;
import java.util.function.Function;

/**
 * Partial admission (Kueue's {@code minCount}): finds the smallest reduction of the pod set counts,
 * spread over the pod sets in proportion to how far each may shrink, that makes the workload fit.
 * Binary search, so a 1,000-pod set costs about ten fit checks.
 */
final class PodSetReducer {


    private final int[] full;
    private final int[] deltas;
    private final long totalDelta;

    PodSetReducer(List<PodSet> podSets) {
        full = new int[podSets.size()];
        deltas = new int[podSets.size()];
        long total = 0;
        for (int i = 0; i < full.length; i++) {
            full[i] = podSets.get(i).count();
            deltas[i] = podSets.get(i).count() - podSets.get(i).minCount();
            total += deltas[i];
        }
        totalDelta = total;
    }

    /**
     * The result for the least reduction that {@code attempt} accepts (returns non-null for), or
     * null when even the minimum counts are refused.
     */
    <T> T search(Function<int[], T> attempt) {
        long lo = 1;
        long hi = totalDelta;
        T best = null;
        while (lo <= hi) {
            long mid = (lo + hi) >>> 1;
            T result = attempt.apply(countsFor(mid));
            if (result != null) {
                best = result;
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        return best;
    }

    int[] countsFor(long reduction) {
        int[] counts = full.clone();
        for (int i = 0; i < counts.length; i++) {
            counts[i] -= (int) (deltas[i] * reduction / totalDelta);
        }
        return counts;
    }
}
