package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class YamlDocumentsTest {

    @Test
    void documentsAreNumberedAsWritten() {
        ErrorLog log = new ErrorLog();
        List<ManifestDocument> docs = YamlDocuments.read("f.yaml",
                "# only a comment\n---\na: 1\n---\n---\n# comment\n---\nb: 2\n", log);
        assertThat(log.isEmpty()).isTrue();
        assertThat(docs).extracting(ManifestDocument::index).containsExactly(1, 4);
        assertThat(docs.get(1).root().path("b").asInt()).isEqualTo(2);
    }

    @Test
    void emptyTextHasNoDocuments() {
        ErrorLog log = new ErrorLog();
        assertThat(YamlDocuments.read("f.yaml", "", log)).isEmpty();
        assertThat(YamlDocuments.read("f.yaml", "# nothing\n", log)).isEmpty();
        assertThat(log.isEmpty()).isTrue();
    }

    @Test
    void aTopLevelListIsOneDocument() {
        ErrorLog log = new ErrorLog();
        List<ManifestDocument> docs = YamlDocuments.read("f.yaml", "- a\n- b\n---\nc: 1\n", log);
        assertThat(docs).extracting(ManifestDocument::index).containsExactly(1, 2);
        assertThat(docs.get(0).root().isArray()).isTrue();
    }

    @Test
    void decimalsStayExact() {
        ErrorLog log = new ErrorLog();
        ManifestDocument d = YamlDocuments.read("f.yaml", "x: 0.1\ny: 1e3\n", log).get(0);
        assertThat(d.root().path("x").decimalValue()).isEqualByComparingTo("0.1");
        assertThat(d.root().path("y").decimalValue()).isEqualByComparingTo("1000");
    }

    @Test
    void syntaxErrorKeepsTheDocumentsBeforeIt() {
        ErrorLog log = new ErrorLog();
        List<ManifestDocument> docs = YamlDocuments.read("f.yaml", "a: 1\n---\nkey: : bad\n", log);
        assertThat(docs).hasSize(1);
        assertThat(log.errors()).singleElement().hasToString(
                "f.yaml: document 2: invalid YAML at line 3, column 6: mapping values are not allowed here");
    }
}
