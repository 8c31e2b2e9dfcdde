package dev.muster.api.scenario;

import dev.muster.api.manifest.ErrorLog;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.FieldReporter;
import dev.muster.api.manifest.ManifestDocument;
import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.manifest.ManifestFiles;
import dev.muster.api.manifest.ManifestLimits;
import dev.muster.api.manifest.NameGenerator;
import dev.muster.api.manifest.YamlDocuments;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Loads a scenario: reads manifest files, validates every object and the references between them,
 * and translates them into a {@link Scenario}. A load either returns a complete scenario or throws
 * one {@link ManifestException} listing every problem found, each with file, document, object and
 * field.
 */
public final class ScenarioLoader {

    /** The seed of {@code muster simulate} when {@code --seed} is not given. */
    public static final long DEFAULT_SEED = 1;

    private ScenarioLoader() {
    }

    /**
     * @param paths YAML files (one or more documents each) and directories (their {@code *.yaml} and
     *              {@code *.yml} files in name order, not recursive, without {@code *.expect.yaml})
     * @param seed  for the suffixes of {@code metadata.generateName}
     */
    public static Scenario load(List<Path> paths, long seed) throws ManifestException {
        ErrorLog errors = new ErrorLog();
        List<Path> files = ManifestFiles.expand(paths, errors);
        Map<String, String> texts = new LinkedHashMap<>();
        for (Path file : files) {
            read(file, errors).ifPresent(text -> texts.put(file.toString(), text));
        }
        return load(texts, seed, errors);
    }

    /**
     * Reads the documents of {@code paths} (as {@link #load(List, long)} finds them) without loading
     * them, for callers that change documents before the load ({@code muster compare}'s overlays).
     */
    public static List<ManifestDocument> readFiles(List<Path> paths) throws ManifestException {
        ErrorLog errors = new ErrorLog();
        List<ManifestDocument> documents = new ArrayList<>();
        for (Path file : ManifestFiles.expand(paths, errors)) {
            read(file, errors).ifPresent(text -> documents.addAll(YamlDocuments.read(file.toString(), text, errors)));
        }
        errors.throwIfAny();
        return List.copyOf(documents);
    }

    /** Loads manifests given as text; {@code fileName} is what messages call the text. */
    public static Scenario load(String fileName, String yamlText, long seed) throws ManifestException {
        return load(Map.of(fileName, yamlText), seed, new ErrorLog());
    }

    /** Loads several texts as one scenario, in the map's iteration order (use an ordered map). */
    public static Scenario load(Map<String, String> yamlTextsByFileName, long seed) throws ManifestException {
        return load(yamlTextsByFileName, seed, new ErrorLog());
    }

    /**
     * Reads a Kueue manager configuration file for {@code muster simulate --config FILE}: a
     * {@code Configuration} ({@code config.kueue.x-k8s.io/v1beta1}), or the {@code kueue-manager-config}
     * ConfigMap that holds one under {@code controller_manager_config.yaml}.
     */
    public static KueueSettings loadConfiguration(Path file) throws ManifestException {
        ErrorLog errors = new ErrorLog();
        Optional<String> text = Files.isRegularFile(file) ? read(file, errors) : Optional.empty();
        if (!Files.isRegularFile(file) && errors.isEmpty()) {
            errors.add(ManifestError.ofFile(file.toString(), Files.exists(file) ? "is not a file" : "no such file"));
        }
        if (text.isEmpty()) {
            errors.throwIfAny();
        }
        return loadConfiguration(file.toString(), text.get());
    }

    /**
     * {@code --config FILE}: applies a configuration file to a scenario. The file holds Kueue's
     * Configuration (or the kueue-manager-config ConfigMap), or Muster's own Configuration
     * ({@value MusterSettings#API_VERSION}); what it sets replaces the scenario's.
     */
    public static Scenario applyConfiguration(Scenario scenario, Path file) throws ManifestException {
        ErrorLog errors = new ErrorLog();
        Optional<String> text = Files.isRegularFile(file) ? read(file, errors) : Optional.empty();
        if (!Files.isRegularFile(file) && errors.isEmpty()) {
            errors.add(ManifestError.ofFile(file.toString(), Files.exists(file) ? "is not a file" : "no such file"));
        }
        if (text.isEmpty()) {
            errors.throwIfAny();
        }
        List<ManifestDocument> docs = YamlDocuments.read(file.toString(), text.get(), errors);
        if (errors.isEmpty() && docs.size() == 1
                && docs.get(0).root().path("apiVersion").asText("").equals(MusterSettings.API_VERSION)) {
            ManifestDocument doc = docs.get(0);
            FieldReporter reporter = (path, message) ->
                    errors.add(new ManifestError(file.toString(), doc.index(), "Configuration", null, path, message));
            MusterSettings settings = MusterConfigurationReader.read(Field.root(doc.root(), reporter));
            errors.throwIfAny();
            return scenario.withMusterSettings(settings);
        }
        return scenario.withSettings(loadConfiguration(file.toString(), text.get()));
    }

    /** {@link #loadConfiguration(Path)} for text already in memory. */
    public static KueueSettings loadConfiguration(String fileName, String yamlText) throws ManifestException {
        ErrorLog errors = new ErrorLog();
        List<ManifestDocument> docs = YamlDocuments.read(fileName, yamlText, errors);
        KueueSettings settings = KueueSettings.DEFAULTS;
        if (errors.isEmpty() && docs.size() != 1) {
            errors.add(ManifestError.ofFile(fileName, docs.isEmpty()
                    ? "holds no Kueue Configuration"
                    : "holds " + docs.size() + " documents; a configuration file holds one Kueue Configuration"));
        }
        if (errors.isEmpty()) {
            ManifestDocument doc = docs.get(0);
            String apiVersion = doc.root().path("apiVersion").asText("");
            String kind = doc.root().path("kind").asText("");
            FieldReporter reporter = (path, message) ->
                    errors.add(new ManifestError(fileName, doc.index(), kind.isEmpty() ? null : kind, null, path, message));
            Field root = Field.root(doc.root(), reporter);
            if (apiVersion.equals(KindRegistry.CONFIGURATION_API_VERSION) && kind.equals("Configuration")) {
                settings = ConfigurationReader.read(root);
            } else if (apiVersion.equals("v1") && kind.equals("ConfigMap")) {
                settings = KueueManagerConfigMap.parse(root.get("data").key(KueueManagerConfigMap.KEY))
                        .orElse(KueueSettings.DEFAULTS);
            } else {
                root.get("kind").error("expected Kueue's Configuration (apiVersion " + KindRegistry.CONFIGURATION_API_VERSION
                        + ") or the kueue-manager-config ConfigMap, not kind \"" + kind + "\" of apiVersion \"" + apiVersion + "\"");
            }
        }
        errors.throwIfAny();
        return settings;
    }

    private static Scenario load(Map<String, String> texts, long seed, ErrorLog errors) throws ManifestException {
        return load(List.of(), texts, seed, errors);
    }

    /**
     * Parses texts into documents once, for callers that load them again and again beside other
     * texts (the operator reads its configuration once, then each job against it).
     */
    public static List<ManifestDocument> read(Map<String, String> yamlTextsByFileName) throws ManifestException {
        ErrorLog errors = new ErrorLog();
        List<ManifestDocument> documents = new ArrayList<>();
        yamlTextsByFileName.forEach((file, text) -> documents.addAll(YamlDocuments.read(file, text, errors)));
        errors.throwIfAny();
        return List.copyOf(documents);
    }

    /** Loads documents already read (see {@link #read}), then texts, as one scenario. */
    public static Scenario load(List<ManifestDocument> read, Map<String, String> yamlTextsByFileName, long seed)
            throws ManifestException {
        return load(read, yamlTextsByFileName, seed, new ErrorLog());
    }

    /**
     * Loads documents already parsed, as one scenario: objects that come as trees (the operator's live
     * objects, named by {@link ManifestDocument#file} as {@code RayJob default/train}) are read as
     * they are, not written out as YAML and parsed again.
     */
    public static Scenario loadDocuments(List<ManifestDocument> documents, long seed) throws ManifestException {
        return load(documents, Map.of(), seed, new ErrorLog());
    }

    private static Scenario load(List<ManifestDocument> read, Map<String, String> texts, long seed, ErrorLog errors)
            throws ManifestException {
        ScenarioDraft draft = new ScenarioDraft();
        DocumentReader reader = new DocumentReader(new KindRegistry(), new NameGenerator(seed), errors, draft);
        List<ManifestDocument> documents = new ArrayList<>(read);
        texts.forEach((file, text) -> documents.addAll(YamlDocuments.read(file, text, errors)));
        documents.forEach(reader::read);
        Scenario scenario = ScenarioAssembler.assemble(draft);
        if (!errors.isEmpty()) {
            List<String> files = new ArrayList<>();
            read.forEach(d -> {
                if (!files.contains(d.file())) {
                    files.add(d.file());
                }
            });
            files.addAll(texts.keySet());
            throw new ManifestException(inFileOrder(errors.errors(), files));
        }
        return scenario;
    }

    /**
     * The checks across objects run after every document is read; sorting puts their findings back
     * beside the other problems of the same document. Problems with paths themselves come first.
     */
    private static List<ManifestError> inFileOrder(List<ManifestError> errors, List<String> files) {
        List<ManifestError> sorted = new ArrayList<>(errors);
        sorted.sort(Comparator.comparingInt((ManifestError e) -> files.indexOf(e.file()))
                .thenComparingInt(ManifestError::document));
        return sorted;
    }

    private static Optional<String> read(Path file, ErrorLog errors) {
        try {
            // before reading: a 1.5 GB file must not be read into memory to be refused
            Optional<String> tooLarge = ManifestLimits.fileSizeProblem(Files.size(file));
            if (tooLarge.isPresent()) {
                errors.add(ManifestError.ofFile(file.toString(), tooLarge.get()));
                return Optional.empty();
            }
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (MalformedInputException e) {
            errors.add(ManifestError.ofFile(file.toString(), "is not UTF-8 text"));
        } catch (IOException e) {
            errors.add(ManifestError.ofFile(file.toString(), "cannot be read: " + e.getMessage()));
        }
        return Optional.empty();
    }
}
