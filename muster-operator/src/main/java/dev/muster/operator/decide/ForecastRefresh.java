package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.core.forecast.Forecast;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.metrics.MusterMetrics;
import dev.muster.operator.write.WriteLanes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every pending Workload's expected admission ({@link ExpectedAdmission}) and the forecast
 * metrics up to date, at most once per interval. The present is copied on the decider's thread
 * ({@link PresentCopy}); the forecast runs on a thread of its own, so a forecast of thousands of
 * workloads never holds up a cycle; its result comes back through the decider's inbox, where the
 * annotations that moved are written (each in a lane of its own, so that none waits behind
 * another's, and none delays the job's own writes), at
 * most {@value #WRITES_PER_SECOND} a second.
 *
 * <p>A forecast is made only when something it rests on may have changed: a job changed (it
 * arrived, was admitted, finished, its reason changed), the configuration or the nodes changed,
 * or the earliest run the last forecast expected to end has not ended on time. A quiet cluster
 * costs nothing.
 */
final class ForecastRefresh implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ForecastRefresh.class);

    /**
     * Forecast annotations written per second at most, however many workloads wait: in a busy
     * cluster every forecast moves thousands of expected admissions, and writing them all cost
     * Kueue's baseline shape 11 patches per workload (docs/performance.md). Removals and the heads
     * of the queues go first ({@link Due}).
     */
    static final int WRITES_PER_SECOND = 20;

    private final long intervalMillis;
    private final InForce inForce;
    private final PodScheduling scheduling;
    private final TrackedJobs jobs;
    private final RunTimes runTimes;
    private final WriteLanes lanes;
    private final ClusterWriter writer;
    private final MusterMetrics metrics;
    private final Executor decider;
    /** Where forecasts run: given (inline, in tests), else a daemon thread made at the first forecast. */
    private Executor worker;
    private ExecutorService ownWorker;
    /** What each Workload object carries, as written by this decider or seen on it: compared before writing. */
    private final Map<ObjectKey, ExpectedAdmission> carried = new HashMap<>();
    private long lastStartMillis = Long.MIN_VALUE;
    private long changesSeen = -1;
    private Object engineSeen;
    private OptionalLong staleAtMillis = OptionalLong.empty();
    private boolean running;
    private long forecasts;
    private int deferred;
    private final WriteBudget budget;

    /**
     * @param intervalMillis at most one forecast per this; 0 turns forecasting off
     * @param decider        runs a task on the decider's thread (its inbox)
     * @param worker         where forecasts run; null for a thread of their own
     */
    ForecastRefresh(long intervalMillis, InForce inForce, PodScheduling scheduling, TrackedJobs jobs, RunTimes runTimes,
            WriteLanes lanes, ClusterWriter writer, MusterMetrics metrics, Executor decider, Executor worker) {
        if (intervalMillis < 0) {
            throw new IllegalArgumentException("the forecast interval must not be negative, got " + intervalMillis + " ms");
        }
        this.intervalMillis = intervalMillis;
        this.inForce = inForce;
        this.scheduling = scheduling;
        this.jobs = jobs;
        this.runTimes = runTimes;
        this.lanes = lanes;
        this.writer = writer;
        this.metrics = metrics;
        this.decider = decider;
        this.worker = worker;
        this.budget = new WriteBudget(WRITES_PER_SECOND, Math.max(intervalMillis, 1_000));
    }

    boolean enabled() {
        return intervalMillis > 0;
    }

    /** Forecasts made so far (for tests and diagnostics). */
    long forecasts() {
        return forecasts;
    }

    /** When the next forecast is due by the clock, if one is wanted: the decider wakes for it. */
    OptionalLong nextDueMillis() {
        if (!enabled() || running || !inForce.hasEngine()) {
            return OptionalLong.empty();
        }
        long earliest = lastStartMillis == Long.MIN_VALUE ? 0 : dev.muster.core.quantity.Saturating.add(lastStartMillis, intervalMillis);
        if (changed()) {
            return OptionalLong.of(earliest);
        }
        return staleAtMillis.isPresent() ? OptionalLong.of(Math.max(earliest, staleAtMillis.getAsLong())) : OptionalLong.empty();
    }

    /** A Workload object as the watch shows it: what it carries counts as written (a previous leader's, say). */
    void seen(JsonNode workloadObject) {
        if (!enabled()) {
            return;
        }
        ObjectKey key = ObservedCluster.key(workloadObject);
        ExpectedAdmission.on(workloadObject).ifPresent(on -> carried.putIfAbsent(key, on));
    }

    void deleted(ObjectKey workloadObject) {
        carried.remove(workloadObject);
    }

    /** After a cycle, on the decider's thread: starts a forecast if one is due. */
    void afterCycle(long nowMillis) {
        OptionalLong due = nextDueMillis();
        if (due.isEmpty() || due.getAsLong() > nowMillis) {
            return;
        }
        changesSeen = jobs.changes();
        engineSeen = inForce.engine();
        lastStartMillis = nowMillis;
        PresentCopy copy;
        try {
            copy = PresentCopy.of(inForce, scheduling, jobs, runTimes.history(), nowMillis);
        } catch (RuntimeException e) {
            // A defect in the copy must not stop the cycles: the forecast is tried again after the interval.
            LOG.warn("the present could not be copied for a forecast; pending workloads keep their last expected admission", e);
            return;
        }
        staleAtMillis = copy.nextEndMillis();
        if (copy.waiting().isEmpty() && carried.isEmpty()) {
            metrics.forecast(Map.of());
            return;
        }
        running = true;
        if (worker == null) {
            ownWorker = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "muster-forecast");
                t.setDaemon(true);
                return t;
            });
            worker = ownWorker;
        }
        worker.execute(() -> {
            Forecast forecast = null;
            try {
                forecast = copy.forecast();
            } catch (RuntimeException e) {
                LOG.warn("the forecast failed; pending workloads keep their last expected admission", e);
            }
            Forecast done = forecast;
            decider.execute(() -> published(copy, done));
        });
    }

    /** On the decider's thread: writes what moved, and the metrics. */
    private void published(PresentCopy copy, Forecast forecast) {
        running = false;
        if (forecast == null) {
            return;
        }
        forecasts++;
        long now = copy.nowMillis();
        Set<ObjectKey> waiting = new HashSet<>();
        List<Due> due = new ArrayList<>();
        for (Forecast.Expectation e : forecast.expectations().values()) {
            TrackedJob t = jobs.ofWorkload(e.workload());
            if (t == null || !t.is(TrackedJob.State.PENDING) || t.gone || t.workloadObjectGone) {
                continue;
            }
            waiting.add(t.workloadKey);
            ExpectedAdmission next = ExpectedAdmission.of(e);
            ExpectedAdmission before = carried.get(t.workloadKey);
            if (before == null && next.atMillis().isPresent()
                    && next.atMillis().getAsLong() - now <= ExpectedAdmission.MIN_TOLERANCE_MILLIS) {
                continue; // admitted before anyone reads it (it fits now, say): the write would only cost a patch and its removal
            }
            if (before == null || !before.standsFor(next, now)) {
                due.add(new Due(t, next, before == null ? Due.FRESH : Due.MOVED, urgency(before, next, now)));
            }
        }
        // A workload no longer waiting loses its forecast; one that entered since the copy keeps it until the next.
        for (ObjectKey key : new ArrayList<>(carried.keySet())) {
            TrackedJob t = jobs.ofWorkloadObject(key);
            if (waiting.contains(key) || t != null && t.is(TrackedJob.State.PENDING)) {
                continue;
            }
            if (t == null || t.gone || t.workloadObjectGone) {
                carried.remove(key);
            } else {
                due.add(new Due(t, null, Due.STALE, 0));
            }
        }
        due.sort(Due.ORDER);
        int allowed = budget.take(now, due.size());
        for (Due d : due.subList(0, allowed)) {
            if (d.next() == null) {
                carried.remove(d.job().workloadKey);
                annotate(d.job(), ExpectedAdmission.removal());
            } else {
                carried.put(d.job().workloadKey, d.next());
                annotate(d.job(), d.next().annotations());
            }
        }
        deferred = due.size() - allowed;
        metrics.forecast(waits(copy, forecast));
    }

    /**
     * A forecast annotation to write: first the removals (a forecast left on an admitted workload
     * misleads), then workloads that have none (the one expected soonest first: the heads of the
     * queues, whose forecasts are the surest and the most looked at), then those that moved (the
     * most, for the wait left, first). What the budget leaves out waits for a later forecast.
     */
    private record Due(TrackedJob job, ExpectedAdmission next, int rank, double urgency) {
        static final int STALE = 0;
        static final int FRESH = 1;
        static final int MOVED = 2;
        static final java.util.Comparator<Due> ORDER = java.util.Comparator.comparingInt(Due::rank)
                .thenComparing(java.util.Comparator.comparingDouble(Due::urgency).reversed())
                .thenComparing(d -> d.job().workloadKey);
    }

    /**
     * How much a forecast asks to be written: for one never written, the sooner the more (a head of
     * its queue); for one that moved, by how much for the wait left.
     */
    private static double urgency(ExpectedAdmission before, ExpectedAdmission next, long nowMillis) {
        if (before == null) {
            return next.atMillis().isPresent() ? -(double) (next.atMillis().getAsLong() - nowMillis) : -Double.MAX_VALUE;
        }
        if (before.atMillis().isEmpty() || next.atMillis().isEmpty()) {
            return Double.MAX_VALUE; // it now has an instant, or lost it
        }
        long wait = Math.max(1_000, next.atMillis().getAsLong() - nowMillis);
        return Math.abs((double) next.atMillis().getAsLong() - before.atMillis().getAsLong()) / wait;
    }

    /**
     * The forecasts written (or being written) onto the Workloads, by workload ({@code namespace/name}),
     * as the dashboard shows them; on the decider's thread.
     */
    Map<String, dev.muster.core.view.ClusterView.Expected> written() {
        Map<String, dev.muster.core.view.ClusterView.Expected> out = new TreeMap<>();
        carried.forEach((key, e) -> out.put(key.toString(), new dev.muster.core.view.ClusterView.Expected(
                e.atMillis().isPresent() ? dev.muster.api.workload.ForecastAnnotations.format(
                        java.time.Instant.ofEpochMilli(e.atMillis().getAsLong())) : null, e.basis())));
        return out;
    }

    /** Forecast annotations the budget held back at the last forecast (for tests and diagnostics). */
    int deferred() {
        return deferred;
    }

    private void annotate(TrackedJob t, Map<String, String> annotations) {
        ObjectKey key = t.workloadKey;
        // In a lane of its own, not the job's: a forecast needs no order with the job's writes, and
        // one held up by a throttled API server must not hold back a stop behind it.
        Target target = new Target(key);
        lanes.latest(target, target, annotations, a -> writer.annotate(KubeKind.WORKLOAD, key, a),
                failed -> carried.remove(key)); // not known to be written: compared with nothing next time
    }

    /** What an annotation write is for: the newest one waiting replaces the one before it. */
    private record Target(ObjectKey workloadObject) {
    }

    /** The median and longest expected wait, and the count not admitted, per queue. */
    static Map<String, MusterMetrics.ForecastWaits> waits(PresentCopy copy, Forecast forecast) {
        Map<String, List<Long>> known = new TreeMap<>();
        Map<String, Integer> unknown = new TreeMap<>();
        for (Forecast.Expectation e : forecast.expectations().values()) {
            String queue = copy.queueOf().getOrDefault(e.workload(), "");
            if (e.admitAtMillis().isPresent()) {
                known.computeIfAbsent(queue, q -> new ArrayList<>()).add(Math.max(0, e.admitAtMillis().getAsLong() - copy.nowMillis()));
            } else {
                unknown.merge(queue, 1, Integer::sum);
            }
        }
        Map<String, MusterMetrics.ForecastWaits> out = new TreeMap<>();
        Set<String> queues = new HashSet<>(known.keySet());
        queues.addAll(unknown.keySet());
        for (String q : queues) {
            List<Long> waits = known.getOrDefault(q, List.of());
            List<Long> sorted = new ArrayList<>(waits);
            Collections.sort(sorted);
            double median = sorted.isEmpty() ? 0 : sorted.get((sorted.size() - 1) / 2) / 1000.0;
            double longest = sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1) / 1000.0;
            out.put(q, new MusterMetrics.ForecastWaits(median, longest, unknown.getOrDefault(q, 0)));
        }
        return out;
    }

    private boolean changed() {
        return jobs.changes() != changesSeen || inForce.engine() != engineSeen;
    }

    @Override
    public void close() {
        if (ownWorker != null) {
            ownWorker.shutdownNow();
        }
    }
}
