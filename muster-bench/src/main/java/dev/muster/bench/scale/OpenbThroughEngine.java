package dev.muster.bench.scale;

import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.bench.placement.OpenbSample;
import dev.muster.sim.Simulation;
import dev.muster.sim.SimulationOptions;
import dev.muster.sim.report.Report;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One openb sample through the engine exactly as {@code muster simulate DIR} runs it: the scenario
 * is written as manifests ({@link OpenbScenarioWriter}), loaded with the CLI's loader
 * ({@link ScenarioLoader#load}, its default seed) and run to its end by muster-sim's
 * {@link Simulation}; the report's allocation is worked out as FGD's ({@link ReportAllocation}).
 */
public final class OpenbThroughEngine {

    /**
     * The outcome of one run.
     *
     * @param loadNanos     reading and checking the manifests
     * @param simulateNanos the simulation to its end, report included
     */
    public record Run(OpenbSample sample, Report report, ReportAllocation allocation, long loadNanos,
            long simulateNanos) {

        public long wallNanos() {
            return loadNanos + simulateNanos;
        }
    }

    private OpenbThroughEngine() {
    }

    /** Writes the sample to a temporary directory, runs it, and deletes the directory. */
    public static Run run(OpenbSample sample) {
        Path dir;
        try {
            dir = Files.createTempDirectory("openb-" + sample.list() + "-" + sample.seed() + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary directory", e);
        }
        try {
            OpenbScenarioWriter.write(sample, dir);
            return run(sample, dir);
        } finally {
            delete(dir);
        }
    }

    /** Runs the scenario {@code dir} that {@code sample} was written to. */
    public static Run run(OpenbSample sample, Path dir) {
        long start = System.nanoTime();
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(List.of(dir), ScenarioLoader.DEFAULT_SEED);
        } catch (ManifestException e) {
            throw new IllegalStateException("the generated scenario does not load: " + e.errors(), e);
        }
        long loaded = System.nanoTime();
        Report report = Simulation.run(scenario, SimulationOptions.DEFAULTS);
        long simulated = System.nanoTime();
        ReportAllocation allocation = ReportAllocation.of(ScenarioArrivals.of(sample), ReportAllocation.workloads(report));
        return new Run(sample, report, allocation, loaded - start, simulated - loaded);
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory left behind is no reason to fail a benchmark
        }
    }
}
