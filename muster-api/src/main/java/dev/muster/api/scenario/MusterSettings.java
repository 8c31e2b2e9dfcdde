package dev.muster.api.scenario;

import java.time.Duration;

/**
 * The settings only Muster has, from its own {@code Configuration} kind
 * ({@code config.muster.dev/v1alpha1}), which sits beside Kueue's:
 *
 * <pre>
 * apiVersion: config.muster.dev/v1alpha1
 * kind: Configuration
 * kai:
 *   staleGangGracePeriod: 60s   # KAI's --default-staleness-grace-period; negative: never evict
 * placement:
 *   gpu: binpack                # or spread (KAI's placementStrategy.gpu), or fragmentation (below)
 *   cpu: binpack                # or spread (KAI's placementStrategy.cpu)
 *   fragmentationAware: true    # keep whole GPUs whole for the whole-GPU pods that follow
 *   recentPods: 2048            # gpu: fragmentation only: the arrivals it learns the workload from
 * forecast:
 *   runtimeQuantile: 0.5        # a job that says nothing of its run time is expected to take this
 *                               # quantile of its queue's and shape's finished runs
 * backfill:
 *   enable: true                # reserve room for the heads of each ClusterQueue that cannot start,
 *                               # and start later workloads only where they delay no reservation
 *   reservationDepth: 1         # how many waiting workloads of each ClusterQueue (or KAI leaf queue) get one
 *   preemptOverstaying: false   # preempt a job backfilled on the promise to end before a reservation
 *                               # that runs past it, once the reservation is due
 * </pre>
 *
 * @param staleGangGracePeriod how long a gang in a KAI queue may run below its minimum before it
 *                             is evicted whole; negative = never
 * @param placement            how pods are placed on nodes
 * @param runtimeQuantile      which quantile of finished runs a forecast expects of a job that says
 *                             nothing of its run time, in (0, 1]
 * @param backfill             reservations for waiting heads and the backfill rule behind them (off by default)
 */
public record MusterSettings(Duration staleGangGracePeriod, dev.muster.core.placement.PlacementPolicy placement,
        double runtimeQuantile, dev.muster.core.admission.BackfillPolicy backfill) {

    public MusterSettings(Duration staleGangGracePeriod, dev.muster.core.placement.PlacementPolicy placement,
            double runtimeQuantile) {
        this(staleGangGracePeriod, placement, runtimeQuantile, dev.muster.core.admission.BackfillPolicy.OFF);
    }

    /** The median: half of the runs like it took longer. */
    public static final double DEFAULT_RUNTIME_QUANTILE = 0.5;


    public static final String API_VERSION = "config.muster.dev/v1alpha1";
    public static final MusterSettings DEFAULTS =
            new MusterSettings(Duration.ofSeconds(60), dev.muster.core.placement.PlacementPolicy.DEFAULT,
                    DEFAULT_RUNTIME_QUANTILE);
}
