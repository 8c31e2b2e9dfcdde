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

    /** The first fitting result for the least reduction, or null when even the minimum counts do not fit. */
    FitResult.Fits search(Function<int[], FitResult> fit) {
        long lo = 1;
        long hi = totalDelta;
        FitResult.Fits best = null;
        while (lo <= hi) {
            long mid = (lo + hi) >>> 1;
            if (fit.apply(countsFor(mid)) instanceof FitResult.Fits f) {
                best = f;
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
