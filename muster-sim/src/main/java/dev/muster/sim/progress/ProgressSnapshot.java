package dev.muster.sim.progress;

/**
 * Where a running simulation is, told to a {@link SimulationProgress}.
 *
 * @param virtualMillis the virtual time reached
 * @param total         the scenario's workloads
 * @param arrived       those that have arrived (were created) by now
 * @param finished      those whose run ended after its duration
 * @param admitted      those admitted now (their pods started or about to)
 * @param pending       those arrived and waiting now: not admitted, holding quota for admission checks or not
 */
public record ProgressSnapshot(long virtualMillis, int total, int arrived, int finished, int admitted, int pending) {
}
