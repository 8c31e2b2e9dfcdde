package dev.muster.api.scenario;

import java.util.Optional;

/** When a workload is created in virtual time and how long it runs once its pods run. */
record SimTiming(long arrivalMillis, Optional<Long> durationMillis) {
    static final SimTiming DEFAULT = new SimTiming(0, Optional.empty());
}
