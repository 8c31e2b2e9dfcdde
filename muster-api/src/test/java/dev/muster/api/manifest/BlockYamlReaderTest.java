package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BlockYamlReaderTest {

    /** What Jackson reads: each document's tree (null for an empty one), or null when it reports an error. */
    private static List<JsonNode> jackson(String text) {
        ErrorLog log = new ErrorLog();
        List<ManifestDocument> docs = YamlDocuments.readWithJackson("f.yaml", text, log);
        if (!log.isEmpty()) {
            return null;
        }
        int count = docs.isEmpty() ? 0 : docs.get(docs.size() - 1).index();
        List<JsonNode> roots = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            int index = i;
            roots.add(docs.stream().filter(d -> d.index() == index).map(ManifestDocument::root).findFirst().orElse(null));
        }
        return roots;
    }

    /** The reader's answer, with trailing empty documents dropped as {@link #jackson} cannot see them. */
    private static Optional<List<JsonNode>> fast(String text) {
        return BlockYamlReader.read(text).map(roots -> {
            List<JsonNode> kept = new ArrayList<>(roots);
            while (!kept.isEmpty() && kept.get(kept.size() - 1) == null) {
                kept.remove(kept.size() - 1);
            }
            return kept;
        });
    }

    private static void readsAsJacksonDoes(String text) {
        List<JsonNode> expected = jackson(text);
        assertThat(expected).as("Jackson reads it without error").isNotNull();
        assertThat(fast(text)).as("read by the block reader").isPresent();
        assertThat(fast(text).get()).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    app: x\n",
        "# comment\n---\na: 1\n---\n---\n# only a comment\n---\nb: 2\n",
        "a: 1\n---\n",
        "spec:\n  containers:\n  - name: main\n    resources:\n      requests:\n        cpu: 4152m\n  other: x\n",
        "list:\n  - a\n  - b\n  -\n  - c: 1\n    d: 2\n",
        "- a\n- b: 1\n  c: 2\n- \n",
        "q: 'it''s'\nd: \"double\"\ne: ''\nf: \"\"\n'quoted key': 1\n\"dq\": 2\n",
        "n1: 0\nn2: -0\nn3: 7\nn4: -12\nn5: 2147483647\nn6: 2147483648\nn7: -2147483649\nn8: 999999999999999999\n",
        "b1: true\nb2: false\nz1: null\nz2: ~\nz3:\nz4: # comment\n",
        "s1: yesterday\ns2: offline\ns3: 10600Mi\ns4: 0437-openb-node-0000\ns5: 1.2.3\ns6: 12:30:45x\n",
        "s7: http://example.com/a\ns8: a,b[c]{d}\ns9: x#y\ns10: value  # trailing comment\ns11: '0.37'\n",
        "s12: 2001-12-14\ns13: ${HOME}\ns14: <<x\ns15: -foo\ns16: .hidden\ns17: ~x\ns18: \u00e9t\u00e9\n",
        "e1: []\ne2: {}\ne3: [] # c\n",
        "  indented: top\n  second: 2\n",
        "a:\n  b:\n    c:\n      d: deep\n  e: back\nf: top\n",
    })
    void readsManifestsExactlyAsJacksonDoes(String text) {
        readsAsJacksonDoes(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "a: {b: 1}\n", "a: [1, 2]\n", "a: |\n  text\n", "a: >\n  text\n", "a: &x 1\nb: *x\n", "a: !!str 1\n",
        "a: 0.5\n", "a: 1e3\n", "a: 012\n", "a: 0x1F\n", "a: yes\n", "a: On\n", "a: 1_000\n", "a: +1\n",
        "a: 1234567890123456789\n", "a: \"esc\\n\"\n", "a: 'multi\n  line'\n", "a: plain\n  continued\n",
        "a:\tb\n", "a: b\r\n", "a: 1\na: 2\n", "key: : bad\n", "a: b: c\n", "%YAML 1.1\n---\na: 1\n",
        "--- a: 1\n", "a: 1\n...\n", "just a scalar\n", "a:\n  - x\n  b: y\n", "a:\n    b: 1\n  c: 2\n",
        "? complex\n: value\n", "a: 'x' y\n", "a: 'x'# no space\n", "-x: 1\n", "a b: 1\n",
    })
    void declinesWhatItDoesNotReproduce(String text) {
        assertThat(BlockYamlReader.read(text)).isEmpty();
    }

    @Test
    void declinedTextStillReadsThroughJackson() {
        ErrorLog log = new ErrorLog();
        List<ManifestDocument> docs = YamlDocuments.read("f.yaml", "a: {b: 1}\nc: 0.5\n", log);
        assertThat(log.isEmpty()).isTrue();
        assertThat(docs.get(0).root().path("a").path("b").asInt()).isEqualTo(1);
        assertThat(docs.get(0).root().path("c").decimalValue()).isEqualByComparingTo("0.5");
    }

    @Test
    void everyBlockStyleManifestOfTheRepositoryReadsAsJacksonDoes() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root.resolve("examples"))) {
            files = new ArrayList<>(walk.filter(p -> p.toString().endsWith(".yaml")).toList());
        }
        try (Stream<Path> walk = Files.walk(root.resolve("muster-sim/src/test/resources/scenarios"))) {
            walk.filter(p -> p.toString().endsWith(".yaml") && !p.toString().endsWith(".expect.yaml"))
                    .forEach(files::add);
        }
        int read = 0;
        for (Path file : files) {
            String text = Files.readString(file);
            if (BlockYamlReader.read(text).isPresent()) {
                read++;
                assertThat(fast(text).get()).as(file.toString()).isEqualTo(jackson(text));
            }
        }
        assertThat(read).as("manifests in the block style").isGreaterThan(50);
    }
}
