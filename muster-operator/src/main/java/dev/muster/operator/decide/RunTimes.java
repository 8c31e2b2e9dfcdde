package dev.muster.operator.decide;

import dev.muster.core.runtime.RuntimeHistory;
import dev.muster.core.status.Condition;

/**
 * How long the jobs that finished under this decider ran, by ClusterQueue and shape: what the
 * forecast expects of a job that says nothing of its run time (no {@code muster.dev/expected-runtime},
 * no {@code activeDeadlineSeconds}). A run counts from when its pods were ready, else from its
 * admission, to when the job was seen finished, as the simulator counts it.
 *
 * <p>The history lives as long as this replica leads: a new leader starts with none, so until jobs
 * finish under it, a job without a hint of its own is forecast as "unknown".
 */
final class RunTimes {

    private RuntimeHistory history;

    RunTimes(double quantile) {
        this.history = new RuntimeHistory(quantile);
    }

    RuntimeHistory history() {
        return history;
    }

    /** The configuration in force asks another quantile of the runs (its {@code forecast.runtimeQuantile}). */
    void quantile(double quantile) {
        history = history.withQuantile(quantile);
    }

    /** The job finished at {@code nowMillis}; counted only if it ran under an admission. */
    void finished(TrackedJob t, long nowMillis) {
        if (t.workload() == null || t.clusterQueue == null || t.admittedAtMillis <= 0) {
            return;
        }
        history.finished(t.clusterQueue, t.workload().podSets(), nowMillis - startOf(t, t.admittedAtMillis));
    }

    /** When its run started: its PodsReady condition's time, else its admission. */
    static long startOf(TrackedJob t, long admittedAtMillis) {
        return t.status().condition("PodsReady").filter(Condition::status).map(Condition::lastTransitionMillis)
                .orElse(admittedAtMillis);
    }
}
