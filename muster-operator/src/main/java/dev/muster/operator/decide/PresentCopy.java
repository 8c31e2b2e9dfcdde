package dev.muster.operator.decide;

import dev.muster.core.engine.Engine;
import dev.muster.core.runtime.ExpectedRuntime;
import dev.muster.core.forecast.Forecaster;
import dev.muster.core.runtime.RuntimeHistory;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.QueueRef;
import dev.muster.core.queue.AdmittedWorkload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The present as the decider holds it, copied into a fresh engine for a forecast to run forward
 * and use up (the core's {@link Forecaster}), with what the forecast needs to know of each
 * workload. Made on the decider's thread, which alone may read the jobs and the engine in force;
 * the copy is then the forecast's own, so it may run on another thread while the decider goes on.
 *
 * <p>The copy is rebuilt as a changed configuration rebuilds the engine ({@link FreshEngine}):
 * what holds quota in the engine in force is restored with the same assignment and the same pod
 * places, and what waits is queued again in the order the jobs were created. What the engine in
 * force holds beyond that is not carried (a requeue backoff, pods-ready timers, KAI's usage
 * history): {@code muster explain} says so among the forecast's assumptions
 * ({@link dev.muster.api.workload.ForecastAnnotations#OPERATOR_ASSUMPTIONS}).
 *
 * @param waiting    the workloads waiting now, to be given an expected admission
 * @param running    the workloads holding quota now, with when each is expected to end
 * @param expected   each workload's expected run time and where it comes from
 * @param queueOf    the ClusterQueue (or KAI queue) of each waiting workload, for the metrics
 * @param nextEndMillis the earliest expected end after now: once it has passed without the workload
 *                   ending, the forecast is out of date even if nothing else changed
 */
record PresentCopy(Engine engine, long nowMillis, List<ObjectKey> waiting, List<Forecaster.Running> running,
        Map<ObjectKey, ExpectedRuntime> expected, Map<ObjectKey, String> queueOf, OptionalLong nextEndMillis) {

    /**
     * Copies the present. Workloads that cannot be restored in the copy (they could not in a
     * changed configuration either) are left out: they are neither forecast nor counted.
     */
    static PresentCopy of(InForce inForce, PodScheduling scheduling, TrackedJobs jobs, RuntimeHistory history,
            long nowMillis) {
        Engine live = inForce.engine();
        Engine copy = FreshEngine.of(inForce.configuration(), scheduling).engine();
        List<ObjectKey> waiting = new ArrayList<>();
        List<Forecaster.Running> running = new ArrayList<>();
        Map<ObjectKey, ExpectedRuntime> expected = new HashMap<>();
        Map<ObjectKey, String> queueOf = new HashMap<>();
        long nextEnd = Long.MAX_VALUE;
        for (TrackedJob t : inCreationOrder(jobs)) {
            ObjectKey key = t.workload().key();
            if (!t.placedByMuster) {
                copy.placedElsewhere(key);
            }
            var admission = live.admission(key);
            String queue = live.clusterQueueOf(key).orElse(""); // its admission's, else the one it waits in
            ExpectedRuntime e = ExpectedRuntime.of(t.source.runtimeHints(), history.expected(queue, t.workload().podSets()));
            expected.put(key, e);
            copy.expectRuntime(key, t.source.runtimeHints());
            if (admission.isPresent()) {
                AdmittedWorkload a = admission.get();
                boolean admitted = live.isAdmitted(key);
                try {
                    copy.restore(t.workload(), a.clusterQueue(), a.assignment().podSets(), admitted, a.admittedAtMillis());
                    if (t.placedByMuster) {
                        copy.restorePlacement(key, live.pods(key));
                    }
                } catch (IllegalArgumentException | IllegalStateException e2) {
                    continue;
                }
                OptionalLong end = endOf(t, e, admitted, a.admittedAtMillis(), nowMillis);
                running.add(new Forecaster.Running(key, end, e));
                if (end.isPresent() && end.getAsLong() > nowMillis) {
                    nextEnd = Math.min(nextEnd, end.getAsLong());
                }
            } else if (live.isPending(key)) {
                copy.submit(t.workload(), QueueRef.of(t.workload(), t.kai));
                waiting.add(key);
                queueOf.put(key, queue);
            }
        }
        return new PresentCopy(copy, nowMillis, waiting, running, expected, queueOf,
                nextEnd == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(nextEnd));
    }

    /** Runs the forecast; uses the copy up. */
    dev.muster.core.forecast.Forecast forecast() {
        return Forecaster.run(engine, nowMillis, waiting, running, k -> expected.getOrDefault(k, ExpectedRuntime.UNKNOWN));
    }

    /**
     * When a workload holding quota is expected to end: its run is counted from when its pods were
     * ready (as the history measures runs), else from its admission; a workload still waiting for
     * its admission checks has not started, so its run is counted from now. An evicted workload
     * whose pods are still stopping ends now. Unknown when its run time is.
     */
    private static OptionalLong endOf(TrackedJob t, ExpectedRuntime e, boolean admitted, long admittedAtMillis, long nowMillis) {
        if (t.releasing) {
            return OptionalLong.of(nowMillis);
        }
        if (!e.isKnown()) {
            return OptionalLong.empty();
        }
        long start = admitted ? RunTimes.startOf(t, admittedAtMillis) : nowMillis;
        return OptionalLong.of(dev.muster.core.quantity.Saturating.add(start, e.millis().getAsLong()));
    }

    /** The jobs in the engine, in the order they were created (as a rebuilt engine takes them in). */
    private static List<TrackedJob> inCreationOrder(TrackedJobs jobs) {
        List<TrackedJob> all = new ArrayList<>();
        for (TrackedJob t : jobs.all()) {
            if (t.workload() != null && !t.is(TrackedJob.State.FINISHED) && !t.is(TrackedJob.State.INVALID)) {
                all.add(t);
            }
        }
        JobEntry.sortInCreationOrder(all);
        return all;
    }
}
