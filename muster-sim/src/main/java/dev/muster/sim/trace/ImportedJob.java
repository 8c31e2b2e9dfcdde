package dev.muster.sim.trace;

import java.util.OptionalLong;

/** A trace row the mapping took: its queue and its times in the scenario, in virtual milliseconds. */
public record ImportedJob<T>(TraceRow<T> row, String queue, long arrivalMillis, OptionalLong durationMillis) {
}
