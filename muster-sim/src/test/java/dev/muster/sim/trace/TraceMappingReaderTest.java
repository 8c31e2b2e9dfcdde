package dev.muster.sim.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.quantity.Quantity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceMappingReaderTest {

    @TempDir
    Path dir;

    private static final String GOOD = """
            trace: philly
            queueBy: queue
            rows: {from: 1h, until: 48h, first: 20}
            timeScale: 0.5
            cohort: philly
            queues:
            - name: research
              match: ["6214e9", "11cb48"]
              quota: {nvidia.com/gpu: 16, cpu: 500m}
            - name: others
              quota: {nvidia.com/gpu: "8"}
            default: others
            """;

    @Test
    void aGoodMappingReadsEveryField() throws Exception {
        TraceMapping m = TraceMappingReader.read(file(GOOD));

        assertThat(m.trace()).isEqualTo("philly");
        assertThat(m.queueBy()).isEqualTo("queue");
        assertThat(m.queueByLine()).isEqualTo(2);
        assertThat(m.from()).contains(Duration.ofHours(1));
        assertThat(m.until()).contains(Duration.ofHours(48));
        assertThat(m.first()).isEqualTo(20);
        assertThat(m.timeScale()).isEqualTo(0.5);
        assertThat(m.cohort()).contains("philly");
        assertThat(m.flavor()).isEqualTo("default-flavor");
        assertThat(m.queues()).extracting(QueueRule::name).containsExactly("research", "others");
        assertThat(m.queues().get(0).quota()).containsExactly(Map.entry("nvidia.com/gpu", Quantity.ofUnits(16)),
                Map.entry("cpu", Quantity.ofMilli(500)));
        assertThat(m.queues().get(0).line()).isEqualTo(7);
        // rules first, then the default
        assertThat(m.queueOf("11cb48")).contains("research");
        assertThat(m.queueOf("7f04ca")).contains("others");
    }

    @Test
    void defaultSkipLeavesUnmatchedRowsOutAndRowsAreOptional() throws Exception {
        TraceMapping m = TraceMappingReader.read(file("""
                trace: openb
                queueBy: qos
                queues:
                - {name: online, match: [LS], quota: {nvidia.com/gpu: 1}}
                default: skip
                """));
        assertThat(m.queueOf("BE")).isEqualTo(Optional.empty());
        assertThat(m.first()).isEqualTo(Long.MAX_VALUE);
        assertThat(m.timeScale()).isEqualTo(1.0);
        assertThat(m.from()).isEmpty();
    }

    @Test
    void badMappingsNameFileLineAndField() throws Exception {
        record Bad(String yaml, String message) {
        }
        for (Bad bad : List.of(
                new Bad(GOOD.replace("timeScale: 0.5", "timescale: 0.5"), ":4: timescale: unknown key; known keys here: trace, queueBy"),
                new Bad(GOOD.replace("trace: philly", "trace: alibaba"), ":1: trace: must be one of philly, openb, got \"alibaba\""),
                new Bad(GOOD.replace("first: 20", "first: -3"), ":3: rows.first: must be a whole number from 1 to 2147483647, got \"-3\""),
                new Bad(GOOD.replace("until: 48h", "until: 2d"), ":3: rows.until: "),
                new Bad(GOOD.replace("until: 48h", "until: 30m"), ":3: rows.until: must be after rows.from"),
                new Bad(GOOD.replace("timeScale: 0.5", "timeScale: 0"), ":4: timeScale: must be a number from"),
                new Bad(GOOD.replace("default: others", "default: other"), ":12: default: names no queue of this file (\"other\"); give one of research, others, or skip"),
                new Bad(GOOD.replace("\"11cb48\"]", "\"6214e9\"]"), ":8: queues[0].match[1]: \"6214e9\" already goes to queue research"),
                new Bad(GOOD.replace("name: others", "name: research"), ":10: queues[1].name: queue \"research\" is named twice"),
                new Bad(GOOD.replace("name: others", "name: Others_1"), ":10: queues[1].name: "),
                new Bad(GOOD.replace("cpu: 500m", "cpu: lots"), ":9: queues[0].quota[cpu]: "),
                new Bad(GOOD.replace("cpu: 500m", "cpu: 500m, cpu: 2"), ":9: "),
                new Bad(GOOD.replace("  quota: {nvidia.com/gpu: \"8\"}\n", ""), ":10: queues[1]: needs a quota"),
                new Bad(GOOD.replace("queueBy: queue\n", ""), ": queueBy: required"),
                new Bad("trace: [philly\n", ": not valid YAML"))) {
            Path f = file(bad.yaml());
            assertThatThrownBy(() -> TraceMappingReader.read(f)).as(bad.message())
                    .isInstanceOf(TraceFileException.class).hasMessageStartingWith(f.toString())
                    .hasMessageContaining(bad.message());
        }
    }

    @Test
    void aMissingFileIsSaidSo() {
        Path missing = dir.resolve("none.yaml");
        assertThatThrownBy(() -> TraceMappingReader.read(missing)).hasMessage(missing + ": no such file");
    }

    private int files;

    private Path file(String yaml) throws Exception {
        return Files.writeString(dir.resolve("mapping-" + files++ + ".yaml"), yaml);
    }
}
