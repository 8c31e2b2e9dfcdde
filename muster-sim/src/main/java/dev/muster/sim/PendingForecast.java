package dev.muster.sim;

import dev.muster.core.engine.Engine;
import dev.muster.core.runtime.ExpectedRuntime;
import dev.muster.core.forecast.Forecast;
import dev.muster.core.forecast.Forecaster;
import dev.muster.core.runtime.RuntimeHistory;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.status.WorkloadStatus.Phase;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The forecast of a run stopped before its end ({@code --until}): the engine as the run left it,
 * run forward by the core's {@link Forecaster} with what the scheduler would know there — each job's
 * expected run time (its annotation, its deadline, or the history of the run so far), never the
 * scenario's {@code sim.muster.dev/duration}, which stands for the real world.
 */
final class PendingForecast {

    private PendingForecast() {
    }

    /** Uses up {@code engine}: call it once the report is built. */
    static Forecast of(Engine engine, long nowMillis, List<SimWorkload> workloads, double quantile) {
        RuntimeHistory history = history(workloads, quantile);
        Map<ObjectKey, ExpectedRuntime> expected = new HashMap<>();
        List<ObjectKey> waiting = new ArrayList<>();
        List<Forecaster.Running> running = new ArrayList<>();
        for (SimWorkload w : workloads) {
            ObjectKey key = w.workload.key();
            String queue = w.status.clusterQueue() != null ? w.status.clusterQueue()
                    : engine.clusterQueueOf(key).orElse("");
            ExpectedRuntime e = ExpectedRuntime.of(w.source.runtimeHints(), history.expected(queue, w.workload.podSets()));
            expected.put(key, e);
            if (w.is(Phase.ADMITTED) || w.is(Phase.QUOTA_RESERVED)) {
                // Its run is counted from when its pods were ready, as the simulator counts it; pods not
                // ready yet are taken to be ready now.
                long start = w.podsReadyAtMillis != null && w.is(Phase.ADMITTED) ? w.podsReadyAtMillis : nowMillis;
                OptionalLong end = e.isKnown() ? OptionalLong.of(start + e.millis().getAsLong()) : OptionalLong.empty();
                running.add(new Forecaster.Running(key, end, e));
            } else if (w.arrived && engine.isPending(key)) {
                waiting.add(key);
            }
        }
        return Forecaster.run(engine, nowMillis, waiting, running, k -> expected.getOrDefault(k, ExpectedRuntime.UNKNOWN));
    }

    /** The run times of the workloads that finished so far, oldest finish first, by queue and shape. */
    private static RuntimeHistory history(List<SimWorkload> workloads, double quantile) {
        RuntimeHistory history = new RuntimeHistory(quantile);
        workloads.stream()
                .filter(w -> w.is(Phase.FINISHED) && w.podsReadyAtMillis != null && w.status.finishedAtMillis().isPresent())
                .sorted(Comparator.comparingLong((SimWorkload w) -> w.status.finishedAtMillis().get()).thenComparingInt(w -> w.index))
                .forEach(w -> history.finished(w.status.clusterQueue(), w.workload.podSets(),
                        w.status.finishedAtMillis().get() - w.podsReadyAtMillis));
        return history;
    }
}
