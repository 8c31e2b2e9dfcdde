package dev.muster.cli;

import dev.muster.api.manifest.GoDuration;
import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.ScenarioLoader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** What the commands that run manifests share: loading them with their configurations, and saying what is wrong. */
final class ScenarioInput {

    private ScenarioInput() {
    }

    /** The scenario of {@code paths}, with each configuration file applied in order. */
    static Scenario load(List<Path> paths, List<Path> configs, long seed) throws ManifestException {
        Scenario scenario = ScenarioLoader.load(paths, seed);
        for (Path config : configs) {
            scenario = ScenarioLoader.applyConfiguration(scenario, config);
        }
        return scenario;
    }

    /** Prints each problem of the input and returns the input-error exit code. */
    static int invalid(ManifestException e, PrintWriter err) {
        for (ManifestError error : e.errors()) {
            err.println("error: " + error);
        }
        err.println("muster: " + e.errors().size() + (e.errors().size() == 1 ? " problem" : " problems")
                + " in the input; nothing was run");
        return ExitCode.INVALID_INPUT;
    }

    /** The deliberate departures from what a cluster would accept (docs/scenario-format.md): said, not silent. */
    static void warn(Scenario scenario, PrintWriter err) {
        for (ManifestError warning : scenario.warnings()) {
            err.println("warning: " + warning);
        }
    }

    /** A virtual time an option gives (a Go duration), from 0 on. */
    static long notNegative(String option, String text) {
        java.time.Duration d;
        try {
            d = GoDuration.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
        if (d.isNegative()) {
            throw new IllegalArgumentException(option + ": \"" + text + "\" is before the start; give a time from 0s on");
        }
        return d.toMillis();
    }
}
