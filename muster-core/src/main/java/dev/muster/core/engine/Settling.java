package dev.muster.core.engine;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.quantity.Durations;
import java.util.List;

/**
 * Scheduling cycles at one instant until no eviction is outstanding: the loop every adapter runs
 * around {@link Engine#schedule}. A preemptor is admitted in the cycle after its victims have
 * stopped, so as long as evictions complete at once (the simulator's pods stop when told) the
 * cycles go on at the same instant. Evictions an adapter completes later (the operator's pods stop
 * in their own time) are confirmed with {@link Engine#evicted} when they do, and a later call
 * settles what follows.
 *
 * <p>Two guards stop a policy that never settles, which would otherwise spin forever: at most
 * {@link #MAX_CYCLES_PER_INSTANT} cycles per call, and at most {@link #MAX_EVICTIONS_PER_WORKLOAD}
 * evictions of one workload over its life (a loop spread over time, one pass a millisecond).
 */
public final class Settling {

    /** Cycles at one instant before the loop gives up; real policies settle in a few. */
    public static final int MAX_CYCLES_PER_INSTANT = 100;
    /** Far more than any policy evicts one workload in a run; only a preemption loop gets there. */
    public static final int MAX_EVICTIONS_PER_WORKLOAD = 1000;

    private Settling() {
    }

    /** What the loop drives: the engine, or a stand-in for it in tests. */
    public interface Scheduler {
        List<Decision> schedule(long nowMillis);

        /** The workload's pods stopped after an eviction: its quota is released and it queues again. */
        void evicted(ObjectKey key, long nowMillis);

        /** A check changed state while the last decisions were carried out: the next cycle acts on it. */
        boolean checksChanged();

        /** How many times the workload was asked to stop since it was submitted. */
        int timesEvicted(ObjectKey key);
    }

    /** The adapter's side of the loop. */
    @FunctionalInterface
    public interface DecisionCarrier {
        /**
         * Carries out one cycle's decisions; returns the evicted workloads whose pods stopped at
         * once (their quota is released now), in the order to confirm them.
         */
        List<ObjectKey> carryOut(List<Decision> decisions);
    }

    /**
     * Runs cycles at {@code nowMillis} until one evicts nothing that stopped at once and no check
     * answered meanwhile.
     *
     * @throws NotSettledException when the cycles at this instant or a workload's evictions exceed their bound
     */
    public static void settle(Scheduler scheduler, long nowMillis, DecisionCarrier adapter) {
        List<Decision> decisions = List.of();
        for (int cycle = 0; cycle < MAX_CYCLES_PER_INSTANT; cycle++) {
            decisions = scheduler.schedule(nowMillis);
            List<ObjectKey> stopped = adapter.carryOut(decisions);
            checkEvictionsPerWorkload(scheduler, decisions, nowMillis);
            if (stopped.isEmpty() && !scheduler.checksChanged()) {
                return;
            }
            stopped.forEach(key -> scheduler.evicted(key, nowMillis));
        }
        throw new NotSettledException(notSettled(decisions, nowMillis));
    }

    private static void checkEvictionsPerWorkload(Scheduler scheduler, List<Decision> decisions, long nowMillis) {
        for (Decision d : decisions) {
            if (d instanceof Decision.Evict evict && scheduler.timesEvicted(evict.workload()) > MAX_EVICTIONS_PER_WORKLOAD) {
                // A safety net, not a rule of Kueue or KAI: workloads that keep preempting each other
                // would otherwise run the clock on forever (one pass a millisecond) until the heap is
                // gone. Stop loudly, naming the workload and the last eviction.
                throw new NotSettledException("safety net: " + evict.workload() + " was evicted "
                        + scheduler.timesEvicted(evict.workload()) + " times by " + Durations.text(nowMillis)
                        + " (last: " + evict.reason().kueueReason()
                        + (evict.detail().isEmpty() ? "" : " " + evict.detail()) + ": " + evict.message()
                        + "); admissions and preemptions do not settle, so scheduling stops here. This is a defect of"
                        + " the policy engine; please report it with the scenario");
            }
        }
    }

    private static String notSettled(List<Decision> lastDecisions, long nowMillis) {
        List<Decision.Evict> evictions = lastDecisions.stream()
                .filter(Decision.Evict.class::isInstance).map(Decision.Evict.class::cast).toList();
        StringBuilder sample = new StringBuilder();
        evictions.stream().limit(5).forEach(e -> sample.append("\n  evict ").append(e.workload()).append(": ")
                .append(e.message()));
        return "evictions did not settle: " + MAX_CYCLES_PER_INSTANT + " scheduling cycles at "
                + Durations.text(nowMillis) + " each evicted again (the last one " + evictions.size()
                + " workloads); the first of them:" + sample;
    }

    /** The cycles kept evicting: a preemption livelock, a defect of the policy. */
    public static final class NotSettledException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        NotSettledException(String message) {
            super(message);
        }
    }
}
