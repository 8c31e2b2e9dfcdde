package dev.muster.bench.backfill;

import static dev.muster.bench.backfill.StudyScenarioWriter.MUSTER_CONFIGURATION;

import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.Report;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One policy on one workload, through the engine exactly as {@code muster simulate DIR} runs it:
 * the scenario directory is written, loaded with the CLI's loader and its default seed, and run to
 * its end by muster-sim's {@link Simulation}, which tells {@link NodeHolds} where each job ran.
 */
public final class ScenarioRun {

    private ScenarioRun() {
    }

    /** {@code reservationDepth}: the backfill runs' {@code backfill.reservationDepth}. */
    public static PolicyResult run(Demand demand, long[] expectedSeconds, RuntimeEstimates estimates,
            QueuePolicy policy, int reservationDepth, Path dir) {
        StudyScenarioWriter.write(demand, expectedSeconds, estimates, policy, reservationDepth, dir);
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(List.of(dir), ScenarioLoader.DEFAULT_SEED);
        } catch (ManifestException e) {
            Optional<ManifestError> backfill = policy.backfill() ? backfillRejected(e) : Optional.empty();
            if (backfill.isPresent()) {
                // Without the directory, which may be a temporary one: the same options print the same text.
                ManifestError refused = backfill.get();
                return new PolicyResult.NotAvailable(policy, "this build of Muster refuses backfill in its Configuration ("
                        + MUSTER_CONFIGURATION + "): " + refused.fieldPath() + ": " + refused.message());
            }
            throw new IllegalStateException("the study's scenario " + dir + " does not load: " + e.getMessage(), e);
        }
        NodeHolds holds = new NodeHolds();
        Report report = new Simulation(scenario, SimulationOptions.DEFAULTS, holds).run();
        return ReportMeasure.of(report, demand, policy, holds.all(Math.round(report.endSeconds() * 1000)));
    }

    /**
     * The error of a Configuration reader that does not know {@code backfill} yet (issue 21 adds it):
     * only then is the policy "not available"; any other error is the study's own bug.
     */
    static Optional<ManifestError> backfillRejected(ManifestException e) {
        List<ManifestError> errors = e.errors();
        boolean onlyBackfill = errors.stream().allMatch(err -> err.file().endsWith(StudyScenarioWriter.MUSTER_CONFIGURATION)
                && err.fieldPath().startsWith("backfill"));
        return onlyBackfill ? Optional.of(errors.get(0)) : Optional.empty();
    }
}
