package dev.muster.core.runtime;

import dev.muster.core.model.PodSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Run times of finished workloads, by queue and shape (the same pod sets): what a workload that
 * says nothing about its run time is expected to take, as a quantile of its kind's (nearest rank).
 * Only the last {@value #KEPT} of each kind are kept, so that the figure follows recent runs, and
 * only the {@value #KINDS} kinds that finished a run most recently, so that memory stays bounded
 * however long Muster runs and however many shapes pass through it.
 */
public final class RuntimeHistory {

    /** Runs kept per queue and shape. */
    public static final int KEPT = 100;
    /** Kinds (queue and shape) kept: the one whose last run is oldest goes first. */
    static final int KINDS = 10_000;

    private final double quantile;
    private final Map<List<Object>, List<Long>> runs;

    /** @param quantile which quantile of past run times to expect, in (0, 1]; 0.5 is the median */
    public RuntimeHistory(double quantile) {
        if (!(quantile > 0 && quantile <= 1)) {
            throw new IllegalArgumentException("the run-time quantile must be in (0, 1], got " + quantile);
        }
        this.quantile = quantile;
        this.runs = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<List<Object>, List<Long>> eldest) {
                return size() > KINDS;
            }
        };
    }

    private RuntimeHistory(double quantile, Map<List<Object>, List<Long>> runs) {
        this(quantile);
        runs.forEach((kind, kept) -> this.runs.put(kind, new ArrayList<>(kept)));
    }

    /** The same runs, another quantile expected of them (the configuration changed). */
    public RuntimeHistory withQuantile(double other) {
        return other == quantile ? this : new RuntimeHistory(other, runs);
    }

    /** A workload of {@code queue} with these pod sets finished after running {@code millis}. */
    public void finished(String queue, List<PodSet> podSets, long millis) {
        // Taken out and put back, so the kinds stay in the order of their last finished run.
        List<Object> kind = List.of(queue, podSets);
        List<Long> kept = runs.remove(kind);
        kept = kept != null ? kept : new ArrayList<>();
        runs.put(kind, kept);
        kept.add(Math.max(0, millis));
        if (kept.size() > KEPT) {
            kept.remove(0);
        }
    }

    /** The quantile of the run times of finished workloads of this queue and shape; empty when none finished. */
    public OptionalLong expected(String queue, List<PodSet> podSets) {
        List<Long> kept = runs.get(List.of(queue, podSets));
        if (kept == null || kept.isEmpty()) {
            return OptionalLong.empty();
        }
        List<Long> sorted = new ArrayList<>(kept);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(quantile * sorted.size()); // nearest rank: 1..n
        return OptionalLong.of(sorted.get(Math.max(1, rank) - 1));
    }
}
