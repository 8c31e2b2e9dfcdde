package dev.muster.api.scenario;

import java.util.Optional;

/**
 * When a workload is created in virtual time, how long its pods take to be ready once admitted,
 * and how long it runs once they are.
 */
record SimTiming(long arrivalMillis, Optional<Long> durationMillis, long podsReadyAfterMillis) {
    static final SimTiming DEFAULT = new SimTiming(0, Optional.empty(), 0);
}
