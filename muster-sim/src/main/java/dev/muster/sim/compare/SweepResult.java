package dev.muster.sim.compare;

import java.util.List;

/**
 * A sweep's runs ({@code muster compare A --sweep SPEC}): one per value of the swept quota.
 *
 * @param scenario       what was run (the scenario's paths, as given)
 * @param flavorResource the swept quota's "flavor/resource" (its utilization is the one to watch)
 */
public record SweepResult(String scenario, String spec, String clusterQueue, String flavorResource, List<Point> points) {

    /** One run: the quota's value as written into the ClusterQueue, and the run's figures. */
    public record Point(String value, double valueUnits, RunFigures figures) {
    }
}
