package dev.muster.sim.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The rows of a trace a mapping takes, in arrival order, and what it left out.
 *
 * @param rows        rows read from the trace
 * @param outOfWindow rows outside {@code rows.from} .. {@code rows.until}
 * @param unmatched   rows no queue matched, left out because the mapping's default is {@code skip}
 * @param beyondFirst rows left out by {@code rows.first}
 */
public record ImportedTrace<T>(List<ImportedJob<T>> jobs, int rows, int outOfWindow, int unmatched, int beyondFirst) {

    public ImportedTrace {
        jobs = List.copyOf(jobs);
    }

    /**
     * Applies the mapping: the window on the trace's clock, then the queue rules, then the first
     * {@code rows.first} in time order (rows of the same time in file order). Arrivals count from the
     * first job taken, so a slice from the middle of a trace starts at once; arrivals and durations
     * are multiplied by the time scale.
     */
    public static <T> ImportedTrace<T> select(List<TraceRow<T>> rows, TraceMapping mapping) {
        List<TraceRow<T>> ordered = new ArrayList<>(rows);
        ordered.sort(Comparator.comparingLong((TraceRow<T> r) -> r.timeSeconds()).thenComparingInt(TraceRow::line));
        long from = mapping.from().map(d -> d.getSeconds()).orElse(0L);
        long until = mapping.until().map(d -> d.getSeconds()).orElse(Long.MAX_VALUE);
        int outOfWindow = 0;
        int unmatched = 0;
        int beyondFirst = 0;
        List<ImportedJob<T>> jobs = new ArrayList<>();
        long start = -1;
        for (TraceRow<T> r : ordered) {
            if (r.timeSeconds() < from || r.timeSeconds() >= until) {
                outOfWindow++;
                continue;
            }
            var queue = mapping.queueOf(r.queueValue());
            if (queue.isEmpty()) {
                unmatched++;
                continue;
            }
            if (jobs.size() >= mapping.first()) {
                beyondFirst++;
                continue;
            }
            if (start < 0) {
                start = r.timeSeconds();
            }
            OptionalLong duration = r.durationSeconds().isPresent()
                    // a job of 0 s still runs: the simulator's smallest step
                    ? OptionalLong.of(Math.max(1, scaledMillis(r.durationSeconds().getAsLong(), mapping.timeScale())))
                    : OptionalLong.empty();
            jobs.add(new ImportedJob<>(r, queue.get(), scaledMillis(r.timeSeconds() - start, mapping.timeScale()), duration));
        }
        return new ImportedTrace<>(jobs, rows.size(), outOfWindow, unmatched, beyondFirst);
    }

    /** Seconds are bounded by {@link Trace#MAX_SECONDS} and the scale by 1000: at most ~3.2e15 ms. */
    static long scaledMillis(long seconds, double scale) {
        return Math.round(seconds * 1000.0 * scale);
    }

    /** Jobs per queue, by queue name. */
    public Map<String, Integer> jobsPerQueue() {
        Map<String, Integer> counts = new TreeMap<>();
        jobs.forEach(j -> counts.merge(j.queue(), 1, Integer::sum));
        return counts;
    }
}
