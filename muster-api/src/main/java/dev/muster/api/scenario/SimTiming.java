package dev.muster.api.scenario;

import java.util.List;
import java.util.Optional;

/**
 * When a workload is created in virtual time, how long its pods take to be ready once admitted,
 * how long it runs once they are, and which of its pods fail.
 */
record SimTiming(long arrivalMillis, Optional<Long> durationMillis, long podsReadyAfterMillis, List<PodFailure> podFailures) {
    static final SimTiming DEFAULT = new SimTiming(0, Optional.empty(), 0, List.of());
}
