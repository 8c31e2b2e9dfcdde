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
     * @param load     reading and checking the manifests
     * @param simulate the simulation to its end, report included
     */
    public record Run(OpenbSample sample, Report report, ReportAllocation allocation, Stopwatch.Lap load,
            Stopwatch.Lap simulate) {

        public long wallNanos() {
            return load.wallNanos() + simulate.wallNanos();
        }

        public long cpuNanos() {
            return load.cpuNanos() + simulate.cpuNanos();
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
        Stopwatch loading = Stopwatch.start();
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(List.of(dir), ScenarioLoader.DEFAULT_SEED);
        } catch (ManifestException e) {
            throw new IllegalStateException("the generated scenario does not load: " + e.errors(), e);
        }
        Stopwatch.Lap load = loading.lap();
        Stopwatch simulating = Stopwatch.start();
        Report report = Simulation.run(scenario, SimulationOptions.DEFAULTS);
        Stopwatch.Lap simulate = simulating.lap();
        ReportAllocation allocation = ReportAllocation.of(ScenarioArrivals.of(sample), ReportAllocation.workloads(report));
        return new Run(sample, report, allocation, load, simulate);
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
