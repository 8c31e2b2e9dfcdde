package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.core.forecast.Forecast;
import dev.muster.core.model.ObjectKey;
import dev.muster.sim.report.Report;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19's promise: where expected run times are the true ones and nothing arrives later, the
 * forecast is what happens, to the millisecond. Every scenario of the suite and every example is run
 * with {@code muster.dev/expected-runtime} set to its {@code sim.muster.dev/duration} on each
 * workload, stopped at its last arrival, and each workload waiting then is forecast; the full run
 * must admit it at that very instant (or never, when the forecast says not within).
 *
 * <p>Scenarios whose world the forecast simplifies are left out, as {@link Forecast#ASSUMPTIONS}
 * says: admission checks that take time, pods that take time to be ready or fail, node pools that
 * grow, and waitForPodsReady timeouts.
 */
class ForecastExactnessTest {

    private static final String RUNTIME = "muster.dev/expected-runtime:";
    /** The annotation alone on its line (block style). */
    private static final Pattern DURATION = Pattern.compile("(?m)^(\\s*)sim\\.muster\\.dev/duration:\\s*(\\S.*)$");
    /** The annotation among others in braces (flow style). */
    private static final Pattern DURATION_IN_FLOW = Pattern.compile("sim\\.muster\\.dev/duration:\\s*([^,}\\s]+)(?=\\s*[,}])");
    private static final List<String> SIMPLIFIED = List.of("pods-ready-after", "pod-failures", "kind: AdmissionCheck",
            "nodePools", "NodePool", "waitForPodsReady", "check-script", "ProvisioningRequest");

    @TempDir
    Path temp;

    /**
     * Whether a workload of the scenario is told a run time other than the one it runs (a run that
     * overstays, on purpose): the promise holds only where expected run times are the true ones.
     */
    static boolean statesAnotherRuntime(String manifests) {
        for (String doc : manifests.split("(?m)^---\\s*$")) {
            Matcher said = SAID.matcher(doc);
            Matcher runs = RUNS.matcher(doc);
            if (said.find() && runs.find() && !said.group(1).equals(runs.group(1))) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern SAID = Pattern.compile("muster\\.dev/expected-runtime:\\s*\"?([^\"\\s,}]+)");
    private static final Pattern RUNS = Pattern.compile("sim\\.muster\\.dev/duration:\\s*\"?([^\"\\s,}]+)");

    @Test
    void everyScenarioStoppedAtItsLastArrivalIsForecastToTheMillisecond() throws Exception {
        List<String> compared = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (List<Path> scenario : scenarios()) {
            Optional<Forecast> forecast = check(scenario, wrong);
            forecast.ifPresent(f -> compared.add(scenario + ": " + f.expectations().size() + " waiting"));
        }
        System.out.println("Forecasts compared with what happened, " + compared.size() + " scenarios:\n  "
                + String.join("\n  ", compared));
        assertThat(wrong).as("forecasts that differ from what happened").isEmpty();
        // Most scenarios settle at their last arrival (their workloads run forever): these are the others.
        assertThat(compared).as("scenarios with workloads still waiting at their last arrival").hasSizeGreaterThan(20);
    }

    /** Every scenario of the suite (but those of features not built yet) and every example. */
    private static List<List<Path>> scenarios() throws IOException {
        List<List<Path>> out = new ArrayList<>();
        Path scenarios = Path.of("src/test/resources/scenarios");
        try (Stream<Path> files = Files.walk(scenarios)) {
            for (Path expect : files.filter(p -> p.getFileName().toString().endsWith(".expect.yaml")).sorted().toList()) {
                String name = expect.getFileName().toString().replace(".expect.yaml", "");
                if (!ScenarioSuiteTest.notYet(expect.getParent()).containsKey(name)) {
                    out.add(List.of(expect.resolveSibling(name + ".yaml")));
                }
            }
        }
        try (Stream<Path> dirs = Files.list(ScenarioSuiteTest.repositoryRoot().resolve("examples"))) {
            dirs.filter(Files::isDirectory).sorted().forEach(dir -> out.add(List.of(dir)));
        }
        return out;
    }

    /** The forecast at the scenario's last arrival, each expectation checked against the full run; empty if none. */
    private Optional<Forecast> check(List<Path> sources, List<String> wrong) throws Exception {
        Path dir = Files.createTempDirectory(temp, "scenario");
        String all = copyWithExpectedRuntimes(sources, dir);
        if (SIMPLIFIED.stream().anyMatch(all::contains) || statesAnotherRuntime(all)) {
            return Optional.empty();
        }
        Report full = Simulation.run(ScenarioLoader.load(List.of(dir), 1), SimulationOptions.DEFAULTS);
        long lastArrival = full.workloads().stream().map(Report.WorkloadReport::createdAtSeconds)
                .filter(java.util.Objects::nonNull).mapToLong(s -> Math.round(s * 1000)).max().orElse(0);
        Simulation stopped = new Simulation(ScenarioLoader.load(List.of(dir), 1),
                new SimulationOptions(OptionalLong.of(lastArrival)));
        stopped.run();
        stopped.forecast().ifPresent(forecast -> forecast.expectations().forEach((key, expected) -> {
            OptionalLong actual = firstAdmissionFrom(full, key, lastArrival);
            if (!expected.admitAtMillis().equals(actual)) {
                wrong.add(sources + ": " + key + " forecast at " + lastArrival + "ms: " + expected.admitAtMillis()
                        + " (" + expected.basis() + "), happened: " + actual);
            }
        }));
        return stopped.forecast();
    }

    private static OptionalLong firstAdmissionFrom(Report full, ObjectKey key, long fromMillis) {
        for (Report.WorkloadReport w : full.workloads()) {
            if (w.namespace().equals(key.namespace()) && w.name().equals(key.name())) {
                return w.admissionsAtSeconds().stream().mapToLong(s -> Math.round(s * 1000))
                        .filter(at -> at >= fromMillis).findFirst();
            }
        }
        throw new AssertionError("no workload " + key + " in the report");
    }

    /** Copies the scenario's YAML files, each workload's expected run time set to its simulated duration. */
    private static String copyWithExpectedRuntimes(List<Path> sources, Path dir) throws IOException {
        StringBuilder all = new StringBuilder();
        for (Path source : sources) {
            List<Path> files;
            if (Files.isDirectory(source)) {
                try (Stream<Path> s = Files.list(source)) {
                    files = s.filter(p -> p.toString().endsWith(".yaml") && !p.toString().endsWith(".expect.yaml"))
                            .sorted().toList();
                }
            } else {
                files = List.of(source);
            }
            for (Path f : files) {
                String text = Files.readString(f);
                all.append(text);
                // A file that says its run times already (an example) is taken as it is.
                String withExpected = text.contains(RUNTIME) ? text : DURATION.matcher(DURATION_IN_FLOW.matcher(text)
                        .replaceAll("sim.muster.dev/duration: $1, " + RUNTIME + " $1"))
                        .replaceAll("$1sim.muster.dev/duration: $2\n$1" + RUNTIME + " $2");
                try {
                    Files.writeString(dir.resolve(f.getFileName()), withExpected);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return all.toString();
    }
}
