package dev.muster.cli.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.muster.api.manifest.ErrorLog;
import dev.muster.api.manifest.ManifestDocument;
import dev.muster.api.manifest.YamlDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The manifests of one scenario as trees that mutations change: file name to documents, in order.
 * A document is a tree, or text once a mutation has cut it (a cut document is no tree any more).
 */
final class ManifestSet {

    /** One document of a file. */
    sealed interface Document permits Tree, Text {
    }

    record Tree(JsonNode root) implements Document {
    }

    record Text(String yaml) implements Document {
    }

    /** Block style, as manifests are written, so that Muster's own block reader sees most mutants too. */
    private static final YAMLMapper WRITER = YAMLMapper.builder(YAMLFactory.builder()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                    .build())
            .build();

    private final Map<String, List<Document>> files;

    private ManifestSet(Map<String, List<Document>> files) {
        this.files = files;
    }

    /** Reads the manifest files (every *.yaml but expectation files) of a scenario file or directory. */
    static ManifestSet read(List<Path> manifestFiles) {
        Map<String, List<Document>> files = new LinkedHashMap<>();
        for (Path file : manifestFiles) {
            ErrorLog log = new ErrorLog();
            String text;
            try {
                text = Files.readString(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<Document> docs = new ArrayList<>();
            for (ManifestDocument d : YamlDocuments.read(file.toString(), text, log)) {
                docs.add(new Tree(d.root()));
            }
            if (!log.isEmpty()) {
                throw new IllegalStateException("a fuzz source must be valid: " + file + ": " + log);
            }
            files.put(file.getFileName().toString(), docs);
        }
        return new ManifestSet(files);
    }

    ManifestSet copy() {
        Map<String, List<Document>> copy = new LinkedHashMap<>();
        files.forEach((name, docs) -> copy.put(name, new ArrayList<>(docs.stream()
                .map(d -> d instanceof Tree t ? (Document) new Tree(t.root().deepCopy()) : d)
                .toList())));
        return new ManifestSet(copy);
    }

    /** Every document of every file, as (file, position) so that a mutation can replace or add one. */
    List<DocumentRef> documents() {
        List<DocumentRef> refs = new ArrayList<>();
        files.forEach((name, docs) -> {
            for (int i = 0; i < docs.size(); i++) {
                refs.add(new DocumentRef(docs, name, i));
            }
        });
        return refs;
    }

    /** The documents that are still trees. */
    List<DocumentRef> trees() {
        return documents().stream().filter(d -> d.get() instanceof Tree).toList();
    }

    /** A document's place: its file's list and index, to read, replace or insert after. */
    record DocumentRef(List<Document> list, String file, int index) {
        Document get() {
            return list.get(index);
        }

        JsonNode root() {
            return ((Tree) get()).root();
        }

        void replace(Document d) {
            list.set(index, d);
        }

        void insertAfter(Document d) {
            list.add(index + 1, d);
        }

        String name() {
            return file + " document " + (index + 1);
        }
    }

    static String yaml(JsonNode root) {
        try {
            return WRITER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes every file into {@code dir}, documents separated by {@code ---}. */
    void writeTo(Path dir) throws IOException {
        for (Map.Entry<String, List<Document>> file : files.entrySet()) {
            StringBuilder text = new StringBuilder();
            for (Document d : file.getValue()) {
                text.append("---\n").append(switch (d) {
                    case Tree t -> yaml(t.root());
                    // a cut document ends where it was cut; the next one still starts on a line of its own
                    case Text t -> t.yaml().isEmpty() || t.yaml().endsWith("\n") ? t.yaml() : t.yaml() + "\n";
                });
            }
            Files.writeString(dir.resolve(file.getKey()), text);
        }
    }
}
