package dev.muster.api.scenario;

import java.time.Duration;
import java.util.Optional;

/**
 * Kueue's {@code waitForPodsReady}: an admitted workload whose pods are not all ready within the
 * timeout is evicted and requeued with exponential backoff. Defaults are those of Kueue's
 * v1beta1 Configuration.
 *
 * @param blockAdmission  while one admitted workload's pods are not ready, admit no other
 * @param recoveryTimeout how long pods that were ready may stay unready before eviction; empty = off
 */
public record WaitForPodsReady(
        boolean enable,
        Duration timeout,
        boolean blockAdmission,
        Optional<Duration> recoveryTimeout,
        RequeuingStrategy requeuingStrategy) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

    /** No {@code waitForPodsReady} in the Configuration: the feature is off. */
    public static final WaitForPodsReady DISABLED =
            new WaitForPodsReady(false, DEFAULT_TIMEOUT, false, Optional.empty(), RequeuingStrategy.DEFAULT);

    /**
     * How an evicted workload is requeued: the timestamp that orders it in the queue, and the
     * backoff {@code base x 2^(n-1)} seconds capped at {@code backoffMaxSeconds}.
     *
     * @param backoffLimitCount requeues before the workload is deactivated; empty = no limit
     */
    public record RequeuingStrategy(
            Timestamp timestamp, Optional<Integer> backoffLimitCount, int backoffBaseSeconds, int backoffMaxSeconds) {

        public static final RequeuingStrategy DEFAULT = new RequeuingStrategy(Timestamp.EVICTION, Optional.empty(), 60, 3600);
    }

    /** Which time orders a requeued workload: when it was evicted, or when it was created. */
    public enum Timestamp { EVICTION, CREATION }
}
