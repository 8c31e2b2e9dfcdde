package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.sim.expect.ExpectationChecker;
import dev.muster.sim.expect.ExpectationFileReader;
import dev.muster.sim.expect.Expectations;
import dev.muster.sim.expect.Mismatch;
import dev.muster.sim.report.Report;
import dev.muster.sim.report.ReportFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every scenario under {@code src/test/resources/scenarios} and every example under
 * {@code examples/} is run and checked against its expectation file, twice, and the two reports
 * must be identical. Scenarios listed in the {@code NOT-YET.txt} of their directory need a feature
 * that is not built yet; they are reported as skipped with the reason.
 */
class ScenarioSuiteTest {

    private static final Path SCENARIOS = Path.of("src/test/resources/scenarios");

    @TestFactory
    Stream<DynamicTest> scenarios() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        Map<Path, Map<String, String>> notYetByDirectory = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SCENARIOS)) {
            for (Path expect : files.filter(p -> p.getFileName().toString().endsWith(".expect.yaml")).sorted().toList()) {
                String name = expect.getFileName().toString().replace(".expect.yaml", "");
                Path manifests = expect.resolveSibling(name + ".yaml");
                Map<String, String> notYet = notYetByDirectory.computeIfAbsent(expect.getParent(), ScenarioSuiteTest::notYet);
                tests.add(DynamicTest.dynamicTest(SCENARIOS.relativize(manifests).toString(), () -> {
                    Assumptions.assumeTrue(!notYet.containsKey(name), () -> "not yet: " + notYet.get(name));
                    runAndCheck(manifests, expect);
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> examples() throws IOException {
        Path examples = repositoryRoot().resolve("examples");
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(examples)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path expect : files.filter(p -> p.toString().endsWith(".expect.yaml")).sorted().toList()) {
                        tests.add(DynamicTest.dynamicTest(dir.getFileName().toString(), () -> runAndCheck(dir, expect)));
                    }
                }
            }
        }
        assertThat(tests).as("examples with expectation files").isNotEmpty();
        return tests.stream();
    }

    private static void runAndCheck(Path manifests, Path expectFile) throws Exception {
        Expectations expectations = ExpectationFileReader.read(expectFile);
        OptionalLong until = expectations.until() == null ? OptionalLong.empty() : OptionalLong.of(expectations.until().toMillis());
        Report first = Simulation.run(ScenarioLoader.load(List.of(manifests), 1), new SimulationOptions(until));
        List<Mismatch> mismatches = ExpectationChecker.check(first, expectations);
        assertThat(mismatches).as("expectations of %s", expectFile).isEmpty();
        Report second = Simulation.run(ScenarioLoader.load(List.of(manifests), 1), new SimulationOptions(until));
        assertThat(json(second)).as("a second run gives the same report").isEqualTo(json(first));
    }

    private static String json(Report report) {
        StringWriter w = new StringWriter();
        try {
            ReportFormat.JSON.write(report, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /** The scenarios of one directory that are skipped, from its {@code NOT-YET.txt} (none if it has none). */
    static Map<String, String> notYet(Path directory) {
        Map<String, String> m = new TreeMap<>();
        Path file = directory.resolve("NOT-YET.txt");
        if (!Files.exists(file)) {
            return m;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String line : lines) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            int colon = t.indexOf(':');
            m.put(t.substring(0, colon).strip(), t.substring(colon + 1).strip());
        }
        return m;
    }

    static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("examples"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no examples/ folder above " + Path.of("").toAbsolutePath());
        }
        return p;
    }
}
