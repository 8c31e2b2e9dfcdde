package dev.muster.sim.expect;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.muster.api.manifest.ManifestLimits;
import dev.muster.core.quantity.QuantityFormatException;
import dev.muster.sim.expect.ProvisioningRequestCheck.Accepted;
import dev.muster.sim.expect.ProvisioningRequestCheck.Failed;
import dev.muster.sim.expect.ProvisioningRequestCheck.Provisioned;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads a {@code *.expect.yaml} (contract section 3) into {@link Expectations}, refusing anything it
 * does not understand: an unknown key, a value of the wrong type, a second YAML document, a key written
 * twice. Each of those would otherwise be an expectation that is silently not checked.
 */
public final class ExpectationFileReader {

    private static final List<String> TOP_KEYS = List.of("until", "workloads", "queues", "nodes", "provisioningRequests");

    /** In the contract's order, which is also the order checks run and mismatches are listed in. */
    private static final List<String> WORKLOAD_KEYS = List.of("name", "kind", "state", "clusterQueue", "flavors",
            "podSetCounts", "admittedAtSeconds", "finishedAtSeconds", "evictions", "nodes", "podCount", "gpuGroup",
            "messageContains");
    private static final List<String> EVICTION_KEYS = List.of("reason", "detail", "atSeconds");
    private static final List<String> QUEUE_KEYS = List.of("name", "usage", "fairShare", "admittedWorkloads", "pendingWorkloads");
    private static final List<String> NODE_KEYS = List.of("pool", "count", "addedAtSeconds", "removedAtSeconds", "name");
    private static final List<String> PROVISIONING_REQUEST_KEYS =
            List.of("workload", "count", "accepted", "provisioned", "failed");

    private static final List<String> STATES = List.of("Pending", "QuotaReserved", "Admitted", "Finished");

    private static final ObjectMapper YAML = YAMLMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private ExpectationFileReader() {
    }

    /** @throws ExpectationFileException when the file cannot be read or is not a valid expectation file */
    public static Expectations read(Path file) {
        String text;
        try {
            Optional<String> tooLarge = ManifestLimits.fileSizeProblem(Files.size(file));
            if (tooLarge.isPresent()) {
                throw new ExpectationFileException(file.toString(), null, null, tooLarge.get());
            }
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ExpectationFileException(file.toString(), null, null, "no such file");
        } catch (IOException e) {
            throw new ExpectationFileException(file.toString(), null, null, "cannot read the file: " + e.getMessage());
        }
        return parse(text, file.toString());
    }

    /**
     * @param fileName how to name the source in error messages
     * @throws ExpectationFileException when the text is not a valid expectation file
     */
    public static Expectations parse(String yaml, String fileName) {
        JsonNode root = singleDocument(yaml, fileName);
        if (root == null || root.isNull() || root.isMissingNode()) {
            return Expectations.none();
        }
        YamlFields top = new YamlValue(root, fileName, null, null).fields(TOP_KEYS);
        return new Expectations(
                top.optional("until").map(YamlValue::duration).orElse(null),
                entries(top, "workloads", "name", ExpectationFileReader::workload),
                entries(top, "queues", "name", ExpectationFileReader::queue),
                entries(top, "nodes", "pool", ExpectationFileReader::node),
                entries(top, "provisioningRequests", "workload", ExpectationFileReader::provisioningRequest));
    }

    /**
     * The one document of the file. Documents are read one by one from the parser rather than with
     * {@code readValues}, which would take a top-level list for a sequence of documents.
     */
    private static JsonNode singleDocument(String yaml, String fileName) {
        List<JsonNode> documents = new ArrayList<>();
        try (JsonParser parser = YAML.createParser(yaml)) {
            while (parser.nextToken() != null) {
                JsonNode document = YAML.readTree(parser);
                if (document != null && !document.isNull() && !document.isMissingNode()) {
                    documents.add(document);
                }
            }
        } catch (JsonProcessingException e) {
            throw new ExpectationFileException(fileName, null, null, "not valid YAML: " + e.getOriginalMessage()
                    + location(e.getLocation()));
        } catch (IOException e) {
            throw new ExpectationFileException(fileName, null, null, "cannot read: " + e.getMessage());
        }
        if (documents.size() > 1) {
            throw new ExpectationFileException(fileName, null, null, "holds " + documents.size()
                    + " YAML documents; an expectation file holds one");
        }
        return documents.isEmpty() ? null : documents.get(0);
    }

    private static String location(JsonLocation location) {
        return location == null || location.getLineNr() < 1
                ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    /** Each element of a top-level list, read as an entry labelled {@code workloads #2 (default/high)}. */
    private static <T> List<T> entries(
            YamlFields top, String section, String idKey, Function<YamlValue, T> reader) {
        List<T> entries = new ArrayList<>();
        List<YamlValue> elements = top.optional(section).map(YamlValue::list).orElse(List.of());
        for (int i = 0; i < elements.size(); i++) {
            YamlValue element = elements.get(i);
            String label = section + " #" + (i + 1);
            YamlValue entry = element.asEntry(label);
            String id = identifier(entry, idKey);
            if (id != null) {
                entry = element.asEntry(label + " (" + id + ")");
            }
            entries.add(reader.apply(entry));
        }
        return entries;
    }

    /** The entry's naming key when it is readable, to label the entry in errors; else {@code null}. */
    private static String identifier(YamlValue entry, String idKey) {
        try {
            YamlValue id = entry.mapping().get(idKey);
            return id != null && id.isText() ? id.text() : null;
        } catch (ExpectationFileException e) {
            return null;
        }
    }

    private static WorkloadExpectation workload(YamlValue entry) {
        YamlFields f = entry.fields(WORKLOAD_KEYS);
        NamePattern name = namespacedPattern(f.required("name"));
        String kind = f.optional("kind").map(YamlValue::text).orElse(null);
        List<WorkloadCheck> checks = new ArrayList<>();
        for (String key : WORKLOAD_KEYS) {
            if (f.has(key) && !key.equals("name") && !key.equals("kind")) {
                checks.add(workloadCheck(key, f.get(key)));
            }
        }
        return new WorkloadExpectation(name, kind, checks);
    }

    private static WorkloadCheck workloadCheck(String key, YamlValue value) {
        return switch (key) {
            case "state" -> new WorkloadCheck.State(oneOf(value, STATES));
            case "clusterQueue" -> new WorkloadCheck.ClusterQueue(value.textOrNull());
            case "flavors" -> new WorkloadCheck.Flavors(nestedMapping(value, YamlValue::text));
            case "podSetCounts" -> new WorkloadCheck.PodSetCounts(mapping(value, YamlValue::count));
            case "admittedAtSeconds" -> new WorkloadCheck.AdmittedAt(new ExpectedTime(value.secondsOrNull()));
            case "finishedAtSeconds" -> new WorkloadCheck.FinishedAt(new ExpectedTime(value.secondsOrNull()));
            case "evictions" -> evictions(value);
            case "nodes" -> switch (value.text()) {
                case "same" -> new WorkloadCheck.AllOnOneNode();
                case "distinct" -> new WorkloadCheck.AllOnDistinctNodes();
                default -> new WorkloadCheck.AllOnNode(value.text());
            };
            case "podCount" -> new WorkloadCheck.PodCount(value.count());
            case "gpuGroup" -> oneOf(value, List.of("shared", "distinct")).equals("shared")
                    ? new WorkloadCheck.SharedGpuGroup()
                    : new WorkloadCheck.DistinctGpuGroups();
            case "messageContains" -> new WorkloadCheck.MessageContains(value.text());
            default -> throw new IllegalStateException("workload key without a check: " + key);
        };
    }

    /** {@code evictions: 1}, or a list of {@code {reason, detail}}. */
    private static WorkloadCheck evictions(YamlValue value) {
        if (value.isIntegral()) {
            return new WorkloadCheck.EvictionCount(value.count());
        }
        if (!value.isList()) {
            throw value.error("must be a count or a list of {reason, detail}");
        }
        List<ExpectedEviction> evictions = new ArrayList<>();
        for (YamlValue element : value.list()) {
            YamlFields f = element.fields(EVICTION_KEYS);
            evictions.add(new ExpectedEviction(
                    f.optional("reason").map(YamlValue::text).orElse(null),
                    f.optional("detail").map(YamlValue::text).orElse(null),
                    f.optional("atSeconds").map(v -> new ExpectedTime(v.seconds())).orElse(null)));
        }
        return new WorkloadCheck.EvictionList(evictions);
    }

    private static QueueExpectation queue(YamlValue entry) {
        YamlFields f = entry.fields(QUEUE_KEYS);
        String name = f.required("name").text();
        List<QueueCheck> checks = new ArrayList<>();
        f.optional("usage").ifPresent(v -> checks.add(new QueueCheck.Usage(nestedMapping(v, ExpectationFileReader::quantity))));
        f.optional("fairShare").ifPresent(v -> checks.add(new QueueCheck.FairShare(mapping(v, ExpectationFileReader::quantity))));
        f.optional("admittedWorkloads").ifPresent(v -> checks.add(new QueueCheck.AdmittedWorkloads(v.count())));
        f.optional("pendingWorkloads").ifPresent(v -> checks.add(new QueueCheck.PendingWorkloads(v.count())));
        return new QueueExpectation(name, checks);
    }

    private static NodeExpectation node(YamlValue entry) {
        YamlFields f = entry.fields(NODE_KEYS);
        String pool = f.required("pool").text();
        Integer count = f.optional("count").map(YamlValue::count).orElse(null);
        List<NodeCheck> checks = new ArrayList<>();
        f.optional("addedAtSeconds").ifPresent(v -> checks.add(new NodeCheck.AddedAt(new ExpectedTime(v.seconds()))));
        f.optional("removedAtSeconds").ifPresent(v -> checks.add(new NodeCheck.RemovedAt(new ExpectedTime(v.secondsOrNull()))));
        f.optional("name").ifPresent(v -> checks.add(new NodeCheck.Name(v.text())));
        return new NodeExpectation(pool, count, checks);
    }

    private static ProvisioningRequestExpectation provisioningRequest(YamlValue entry) {
        YamlFields f = entry.fields(PROVISIONING_REQUEST_KEYS);
        NamePattern workload = namespacedPattern(f.required("workload"));
        Integer count = f.optional("count").map(YamlValue::count).orElse(null);
        List<ProvisioningRequestCheck> checks = new ArrayList<>();
        f.optional("accepted").ifPresent(v -> checks.add(new Accepted(v.bool())));
        f.optional("provisioned").ifPresent(v -> checks.add(new Provisioned(v.bool())));
        f.optional("failed").ifPresent(v -> checks.add(new Failed(v.bool())));
        return new ProvisioningRequestExpectation(workload, count, checks);
    }

    /** {@code namespace/name}, the name possibly ending in {@code *}. */
    private static NamePattern namespacedPattern(YamlValue value) {
        String text = value.text();
        int slash = text.indexOf('/');
        if (slash <= 0 || slash == text.length() - 1 || text.indexOf('/', slash + 1) >= 0) {
            throw value.error("must be namespace/name (a trailing * matches a generateName prefix), found \"" + text + "\"");
        }
        try {
            return new NamePattern(text);
        } catch (IllegalArgumentException e) {
            throw value.error(e.getMessage());
        }
    }

    private static String oneOf(YamlValue value, List<String> allowed) {
        String text = value.text();
        if (!allowed.contains(text)) {
            throw value.error("must be one of " + String.join(", ", allowed) + ", found \"" + text + "\"");
        }
        return text;
    }

    private static ExpectedQuantity quantity(YamlValue value) {
        try {
            return ExpectedQuantity.parse(value.scalarText());
        } catch (QuantityFormatException e) {
            throw value.error(e.getMessage());
        }
    }

    private static <V> Map<String, V> mapping(YamlValue value, Function<YamlValue, V> reader) {
        Map<String, V> result = new LinkedHashMap<>();
        value.mapping().forEach((key, v) -> result.put(key, reader.apply(v)));
        return Collections.unmodifiableMap(result);
    }

    private static <V> Map<String, Map<String, V>> nestedMapping(
            YamlValue value, Function<YamlValue, V> reader) {
        Map<String, Map<String, V>> result = new LinkedHashMap<>();
        value.mapping().forEach((key, inner) -> result.put(key, mapping(inner, reader)));
        return Collections.unmodifiableMap(result);
    }
}
