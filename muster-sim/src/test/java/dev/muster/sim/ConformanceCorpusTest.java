package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The conformance corpus ({@code scenarios/conformance/}): scenarios translated from the peers' own
 * test cases (ARCHITECTURE.md principle 9). The scenario suite runs them; this test holds the corpus
 * to its form: each one names the peer repository, file and test case it comes from and says how
 * that test's wanted result maps to the expectation file, and {@code docs/conformance.md} lists it.
 */
class ConformanceCorpusTest {

    private static final Path CORPUS = Path.of("src/test/resources/scenarios/conformance");
    /** {@code # Source: <owner/repo> <path> <TestFunction> "<case name>"} (the case name may be absent for a one-case test). */
    private static final Pattern SOURCE = Pattern.compile(
            "^# Source: (kubernetes-sigs/kueue|NVIDIA/KAI-Scheduler) (\\S+\\.go) (\\S+)( \".+\")?\\s*$", Pattern.MULTILINE);
    private static final Pattern MAPPING = Pattern.compile("^# Mapping: \\S.*$", Pattern.MULTILINE);

    @Test
    void everyScenarioNamesItsPeerTestAndHowItsResultMaps() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path scenario : scenarios()) {
            String text = Files.readString(scenario);
            if (!SOURCE.matcher(text).find()) {
                problems.add(scenario + ": no '# Source: <repository> <file>.go <test> \"<case>\"' line");
            }
            if (!MAPPING.matcher(text).find()) {
                problems.add(scenario + ": no '# Mapping: ...' line");
            }
            if (!Files.exists(scenario.resolveSibling(name(scenario) + ".expect.yaml"))) {
                problems.add(scenario + ": no expectation file");
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void theConformanceDocumentListsEveryScenario() throws IOException {
        String doc = Files.readString(ScenarioSuiteTest.repositoryRoot().resolve("docs/conformance.md"));
        List<String> missing = scenarios().stream().map(ConformanceCorpusTest::name)
                .filter(n -> !doc.contains("`" + n + "`")).toList();
        assertThat(missing).as("scenarios not listed in docs/conformance.md").isEmpty();
    }

    /** A table row of docs/conformance.md: {@code | `scenario` | peer test case | result |}. */
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9-]+)` \\|.*\\| (pass[^|]*|departs[^|]*)\\|\\s*$", Pattern.MULTILINE);

    @Test
    void theConformanceDocumentSaysWhichPassAndWhichDepartAsTheSuiteDoes() throws IOException {
        String doc = Files.readString(ScenarioSuiteTest.repositoryRoot().resolve("docs/conformance.md"));
        java.util.Map<String, String> results = new java.util.HashMap<>();
        Matcher m = ROW.matcher(doc);
        while (m.find()) {
            results.put(m.group(1), m.group(2).strip());
        }
        List<String> wrong = new ArrayList<>();
        for (Path scenario : scenarios()) {
            String name = name(scenario);
            boolean skipped = ScenarioSuiteTest.notYet(scenario.getParent()).containsKey(name);
            String result = results.get(name);
            if (result != null && result.startsWith("pass") == skipped) {
                wrong.add(name + ": the document says '" + result + "', the suite " + (skipped ? "skips it (NOT-YET.txt)" : "holds it to its expectations"));
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void sourcesAreFilesOfThePeers() throws IOException {
        for (Path scenario : scenarios()) {
            Matcher m = SOURCE.matcher(Files.readString(scenario));
            if (m.find()) {
                assertThat(m.group(2)).as("%s: the peer file", scenario).endsWith("_test.go");
            }
        }
    }

    static List<Path> scenarios() throws IOException {
        if (!Files.isDirectory(CORPUS)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(CORPUS)) {
            return files.filter(p -> p.toString().endsWith(".yaml") && !p.toString().endsWith(".expect.yaml")).sorted().toList();
        }
    }

    private static String name(Path scenario) {
        return scenario.getFileName().toString().replace(".yaml", "");
    }
}
