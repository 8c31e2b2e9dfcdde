package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code muster explain} on every bundled example: it runs, and it tells the same story as the
 * report of {@code muster simulate} stopped at the same instant (the same workloads waiting, with
 * the same reasons, positions and forecasts), as both are views of one run.
 */
class ExplainEveryExampleTest {

    private static final Path EXAMPLES = Path.of("..", "examples");

    static Stream<String> examples() throws IOException {
        try (Stream<Path> dirs = Files.list(EXAMPLES)) {
            return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    private static JsonNode json(String... args) throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        assertThat(code).as("muster %s: %s", String.join(" ", args), err).isZero();
        return JsonMapper.builder().build().readTree(out.toString());
    }

    /**
     * At the default instant (the last arrival) and at every instant something happens in the
     * full run, so that an example is explained whenever something waits in it. Three examples
     * never have a workload waiting for quota (everything fits at once, or, with queued
     * provisioning, the RayJob holds its quota while capacity comes): there explain must say that
     * nothing waits, as the report does.
     */
    @ParameterizedTest
    @MethodSource("examples")
    void explainTellsWhatTheReportStoppedThereTells(String example) throws IOException {
        String dir = EXAMPLES.resolve(example).toString();
        java.util.SortedSet<Long> instants = new java.util.TreeSet<>();
        json("simulate", dir, "-o", "json").get("events").forEach(e -> instants.add(Math.round(e.get("atSeconds").asDouble() * 1000)));
        int waited = explainedAt(dir, null);
        for (long at : instants) {
            waited += explainedAt(dir, at + "ms");
        }
        if (Set.of("quota-and-borrowing", "priority-preemption", "kai-gang-and-gpu-sharing").contains(example)) {
            assertThat(waited).as("workloads explained while waiting, over %d instants", instants.size() + 1).isPositive();
        }
    }

    /** Compares explain with the report at one instant (null: explain's default); returns how many wait then. */
    private static int explainedAt(String dir, String instant) throws IOException {
        JsonNode explained = instant == null ? json("explain", dir, "-o", "json") : json("explain", dir, "--at", instant, "-o", "json");
        double at = explained.get("atSeconds").asDouble();
        JsonNode report = json("simulate", dir, "--until", Math.round(at * 1000) + "ms", "-o", "json");

        Map<String, JsonNode> pending = new TreeMap<>();
        for (JsonNode w : report.get("workloads")) {
            if (w.hasNonNull("pending")) {
                pending.put(w.get("namespace").asText() + "/" + w.get("name").asText(), w);
            }
        }
        Map<String, JsonNode> waiting = new TreeMap<>();
        explained.get("waiting").forEach(w -> waiting.put(w.get("namespace").asText() + "/" + w.get("name").asText(), w));

        assertThat(waiting.keySet()).isEqualTo(pending.keySet());
        for (Map.Entry<String, JsonNode> e : waiting.entrySet()) {
            JsonNode w = e.getValue();
            JsonNode p = pending.get(e.getKey()).get("pending");
            assertThat(w.get("reason")).as(e.getKey()).isEqualTo(p.get("reason"));
            assertThat(w.get("positionInClusterQueue")).as(e.getKey()).isEqualTo(p.get("positionInClusterQueue"));
            assertThat(w.get("positionInLocalQueue")).as(e.getKey()).isEqualTo(p.get("positionInLocalQueue"));
            assertThat(w.get("forecastAdmitAtSeconds")).as(e.getKey()).isEqualTo(p.get("forecastAdmitAtSeconds"));
            assertThat(w.get("message").asText()).as(e.getKey()).isNotBlank();
            if (w.hasNonNull("forecastAdmitAtSeconds")) {
                assertThat(w.get("forecastAdmitAtSeconds").asDouble()).as("%s is forecast no earlier than now", e.getKey())
                        .isGreaterThanOrEqualTo(at);
            }
        }
        return waiting.size();
    }
}
