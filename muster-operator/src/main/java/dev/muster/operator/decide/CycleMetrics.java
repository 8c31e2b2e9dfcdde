package dev.muster.operator.decide;

import dev.muster.core.engine.Engine;
import dev.muster.core.engine.QueueView;
import dev.muster.operator.metrics.MusterMetrics;
import java.time.Duration;

/** What the decider tells Prometheus after each cycle, under Kueue's metric names. */
final class CycleMetrics {

    private final MusterMetrics metrics;

    CycleMetrics(MusterMetrics metrics) {
        this.metrics = metrics;
    }

    /** @param admittedByQueue admitted workloads per ClusterQueue, as the decider counted them for the statuses */
    void cycle(Engine engine, java.util.Map<String, Integer> admittedByQueue, long tookNanos) {
        metrics.schedulingCycle(Duration.ofNanos(tookNanos));
        for (QueueView cq : engine.clusterQueues()) {
            if (cq.kai()) {
                continue;
            }
            metrics.pending(cq.name(), cq.queuedCount(), cq.inadmissibleCount());
            metrics.admittedActive(cq.name(), admittedByQueue.getOrDefault(cq.name(), 0));
            String cohort = cq.cohort().orElse("");
            cq.usage().forEach((flavor, resources) -> resources.forEach((resource, q) ->
                    metrics.usage(cohort, cq.name(), flavor, resource, q.milli() / 1000.0)));
        }
    }

    void writes(int inFlight, int coalesced) {
        metrics.writes(inFlight, coalesced);
    }

    void admitted(String clusterQueue, long waitedMillis) {
        metrics.admitted(clusterQueue, Duration.ofMillis(Math.max(0, waitedMillis)));
    }

    void quotaReserved(String clusterQueue, long waitedMillis) {
        metrics.quotaReserved(clusterQueue, Duration.ofMillis(Math.max(0, waitedMillis)));
    }

    void evicted(String clusterQueue, String reason) {
        metrics.evicted(clusterQueue, reason);
    }
}
