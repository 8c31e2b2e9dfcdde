package dev.muster.sim;

import java.util.OptionalLong;

/** @param untilMillis stop the run at this virtual time, even if things are still happening */
public record SimulationOptions(OptionalLong untilMillis) {
    public static final SimulationOptions DEFAULTS = new SimulationOptions(OptionalLong.empty());
}
