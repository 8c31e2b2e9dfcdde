package dev.muster.api.manifest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** Splits YAML text into its documents as JSON trees, skipping empty and comment-only documents. */
public final class YamlDocuments {

    /** Built on first use: a run whose manifests are all in the block style never needs it (and starts faster). */
    private static final class Jackson {
        // Exact decimals keep quantities such as 0.1 exact; duplicate keys are reported because the API
        // server rejects them and a silent "last one wins" hides a mistake.
        // Limits apply while parsing: nesting (which ManifestLimits' line pass cannot see in flow
        // collections), and the longest scalar and document as a second line of defence.
        static final YAMLMapper MAPPER = YAMLMapper.builder(new YAMLFactory().rebuild() // keeps the default parser features
                        .loaderOptions(loaderOptions())
                        .streamReadConstraints(StreamReadConstraints.builder()
                                .maxNestingDepth(ManifestLimits.MAX_NESTING)
                                .maxStringLength(ManifestLimits.MAX_DOCUMENT_CHARS)
                                .build())
                        .build())
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .build();

        private static LoaderOptions loaderOptions() {
            LoaderOptions options = new LoaderOptions();
            options.setCodePointLimit(ManifestLimits.MAX_DOCUMENT_CHARS);
            options.setNestingDepthLimit(ManifestLimits.MAX_NESTING);
            return options;
        }
    }

    private YamlDocuments() {
    }

    /**
     * Reads every document of {@code text}. Text in the block style manifests are written in is read
     * by {@link BlockYamlReader}, the rest by Jackson (the same trees either way). A syntax error is
     * added to {@code log} with its line and column, and ends the file: the YAML parser cannot
     * resynchronise after one. Text over {@link ManifestLimits} is refused before either reads it.
     */
    public static List<ManifestDocument> read(String file, String text, ErrorLog log) {
        if (!ManifestLimits.check(file, text, log)) {
            return List.of();
        }
        Optional<List<JsonNode>> simple = BlockYamlReader.read(text);
        return simple.isPresent() ? numbered(file, simple.get()) : readWithJackson(file, text, log);
    }

    private static List<ManifestDocument> numbered(String file, List<JsonNode> roots) {
        List<ManifestDocument> docs = new ArrayList<>();
        for (int i = 0; i < roots.size(); i++) {
            JsonNode node = roots.get(i);
            if (node != null && !node.isNull()) {
                docs.add(new ManifestDocument(file, i + 1, node));
            }
        }
        return docs;
    }

    /** Jackson's reading, which {@link BlockYamlReader} must match wherever it answers. */
    static List<ManifestDocument> readWithJackson(String file, String text, ErrorLog log) {
        List<ManifestDocument> docs = new ArrayList<>();
        int index = 0;
        // A parser loop rather than readValues(): readValues unwraps a top-level list into its items,
        // which would turn one (wrong) document into several and shift every document number after it.
        try (JsonParser parser = Jackson.MAPPER.createParser(text)) {
            try {
                while (parser.nextToken() != null) {
                    JsonNode node = Jackson.MAPPER.readTree(parser);
                    index++;
                    if (node != null && !node.isNull() && !node.isMissingNode()) {
                        docs.add(new ManifestDocument(file, index, node));
                    }
                }
            } catch (StreamConstraintsException e) {
                String[] object = ManifestLimits.identify(text, index + 1);
                log.add(new ManifestError(file, index + 1, object[0], object[1],
                        NestingPath.of(parser.getParsingContext()), limitMessage(e)));
            }
        } catch (JsonProcessingException e) {
            log.add(new ManifestError(file, index + 1, null, null, "", syntaxMessage(e)));
        } catch (IOException e) {
            log.add(ManifestError.ofFile(file, "cannot be read: " + e.getMessage()));
        }
        return docs;
    }

    /** The limit in the user's words: never the parser's own class and method names. */
    private static String limitMessage(StreamConstraintsException e) {
        String original = String.valueOf(e.getOriginalMessage());
        if (original.contains("nesting depth")) {
            return "nested deeper than " + ManifestLimits.MAX_NESTING + " levels; Muster reads at most "
                    + ManifestLimits.MAX_NESTING + " (no Kubernetes object it reads needs more than about 15)";
        }
        return "a value longer than " + ManifestLimits.MAX_DOCUMENT_CHARS + " characters; Muster reads values of at most"
                + " 3 MiB";
    }

    private static String syntaxMessage(JsonProcessingException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof MarkedYAMLException m && m.getProblemMark() != null) {
                Mark mark = m.getProblemMark();
                String context = m.getContext() == null ? "" : " (" + m.getContext() + ")";
                return "invalid YAML at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ": "
                        + m.getProblem() + context;
            }
        }
        JsonLocation loc = e.getLocation();
        String where = loc == null || loc.getLineNr() < 1
                ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
        String original = e.getOriginalMessage() == null ? "syntax error" : e.getOriginalMessage().lines().findFirst().orElse("");
        return "invalid YAML" + where + ": " + original;
    }
}
