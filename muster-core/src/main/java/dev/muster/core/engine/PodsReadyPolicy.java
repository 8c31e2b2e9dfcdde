package dev.muster.core.engine;

import java.util.Optional;

/**
 * Kueue's {@code waitForPodsReady}: an admitted workload whose pods are not all ready within
 * {@code timeoutMillis} is evicted (reason PodsReadyTimeout) and requeued after
 * {@code base x 2^(n-1)}, capped at {@code backoffMaxMillis}; after {@code backoffLimitCount}
 * requeues it is deactivated.
 *
 * @param blockAdmission      admit nothing else while an admitted workload's pods are not ready
 * @param requeueAtEviction   order a requeued workload by its eviction time (Kueue's default
 *                            {@code Eviction}) rather than its creation time
 */
public record PodsReadyPolicy(
        boolean enabled,
        long timeoutMillis,
        boolean blockAdmission,
        boolean requeueAtEviction,
        Optional<Integer> backoffLimitCount,
        long backoffBaseMillis,
        long backoffMaxMillis) {

    public static final PodsReadyPolicy DISABLED =
            new PodsReadyPolicy(false, 300_000, false, true, Optional.empty(), 60_000, 3_600_000);

    /** The wait before the {@code requeues}-th requeue (1 for the first). */
    public long backoffMillis(int requeues) {
        long delay = backoffBaseMillis;
        for (int i = 1; i < requeues && delay < backoffMaxMillis; i++) {
            delay *= 2;
        }
        return Math.min(delay, backoffMaxMillis);
    }
}
