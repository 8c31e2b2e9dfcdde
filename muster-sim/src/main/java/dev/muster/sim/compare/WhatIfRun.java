package dev.muster.sim.compare;

import dev.muster.api.scenario.Scenario;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.Report;

/** One run of a comparison or a sweep: the scenario simulated with its series kept, reduced to its figures. */
public final class WhatIfRun {

    private WhatIfRun() {
    }

    public static RunFigures figures(Scenario scenario, SimulationOptions options) {
        Simulation simulation = new Simulation(scenario, options.withSeries());
        Report report = simulation.run();
        return RunFigures.of(report, simulation.series().orElseThrow());
    }
}
