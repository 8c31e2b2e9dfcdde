package dev.muster.sim;

import java.util.OptionalLong;

/**
 * @param untilMillis stop the run at this virtual time, even if things are still happening
 * @param series      sample the queues over time for charts ({@link Simulation#series()}) and keep
 *                    the view of the end ({@link Simulation#viewAtEnd()}): only the HTML report and
 *                    the dashboard ask, so a plain run does not pay for it
 */
public record SimulationOptions(OptionalLong untilMillis, boolean series) {
    public static final SimulationOptions DEFAULTS = new SimulationOptions(OptionalLong.empty());

    public SimulationOptions(OptionalLong untilMillis) {
        this(untilMillis, false);
    }

    public SimulationOptions withSeries() {
        return new SimulationOptions(untilMillis, true);
    }
}
