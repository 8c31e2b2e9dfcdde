package dev.muster.sim.trace;

import java.util.OptionalLong;

/**
 * One row of a trace as the import sees it before the mapping picks it.
 *
 * @param job             the trace's own record of the row
 * @param name            the object name the job gets in the scenario
 * @param line            the row's line in the trace file
 * @param queueValue      the value of the mapping's {@code queueBy} column
 * @param timeSeconds     when the job arrived, on the trace's clock
 * @param durationSeconds how long it ran; empty when the trace does not say (it runs to the end)
 */
public record TraceRow<T>(T job, String name, int line, String queueValue, long timeSeconds, OptionalLong durationSeconds) {
}
