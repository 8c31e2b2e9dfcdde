package dev.muster.sim.trace;

import dev.muster.api.manifest.GoDuration;
import dev.muster.api.manifest.GoDurationFormatException;
import dev.muster.api.manifest.KubernetesNames;
import dev.muster.api.manifest.ManifestLimits;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.QuantityFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads a trace mapping file ({@code docs/traces.md}). Anything it does not understand is an error
 * naming the file, the line and the key: a misspelt key silently ignored would import the wrong demand.
 */
public final class TraceMappingReader {

    public static final List<String> TRACES = List.of("philly", "openb");
    static final String SKIP = "skip";
    private static final List<String> TOP = List.of("trace", "queueBy", "rows", "timeScale", "cohort", "flavor",
            "parentQueue", "queues", "default");
    private static final List<String> ROWS = List.of("from", "until", "first");
    private static final List<String> QUEUE = List.of("name", "match", "quota");
    /** Slower than 1000x real time or faster than a millionth helps no one and risks overflow. */
    private static final double MIN_SCALE = 1e-6;
    private static final double MAX_SCALE = 1000;

    private TraceMappingReader() {
    }

    public static TraceMapping read(Path file) {
        String text;
        try {
            Optional<String> tooLarge = ManifestLimits.fileSizeProblem(Files.size(file));
            if (tooLarge.isPresent()) {
                throw TraceFileException.at(file, 0, null, tooLarge.get());
            }
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw TraceFileException.at(file, 0, null, "no such file");
        } catch (IOException e) {
            throw new TraceFileException(file + ": cannot read: " + e.getMessage(), e);
        }
        return parse(file, text);
    }

    static TraceMapping parse(Path file, String text) {
        Node root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            root = new Yaml(options).compose(new java.io.StringReader(text));
        } catch (MarkedYAMLException e) {
            throw TraceFileException.at(file, e.getProblemMark().getLine() + 1, null, "not valid YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw TraceFileException.at(file, 0, null, "not valid YAML: " + e.getMessage());
        }
        if (root == null) {
            throw TraceFileException.at(file, 0, null, "is empty; a mapping names at least trace, queueBy, queues and default");
        }
        Map<String, MappingNode> top = new MappingNode(file, "", root).fields(TOP);
        String trace = required(file, top, "trace").scalar();
        if (!TRACES.contains(trace)) {
            throw top.get("trace").error("must be one of " + String.join(", ", TRACES) + ", got \"" + trace + "\"");
        }
        String queueBy = required(file, top, "queueBy").scalar();

        Optional<Duration> from = Optional.empty();
        Optional<Duration> until = Optional.empty();
        long first = Long.MAX_VALUE;
        if (top.containsKey("rows")) {
            Map<String, MappingNode> rows = top.get("rows").fields(ROWS);
            from = MappingNode.of(rows, "from").map(TraceMappingReader::duration);
            until = MappingNode.of(rows, "until").map(TraceMappingReader::duration);
            first = MappingNode.of(rows, "first").map(n -> n.wholeNumber(1, Integer.MAX_VALUE)).orElse(Long.MAX_VALUE);
            if (from.isPresent() && until.isPresent() && until.get().compareTo(from.get()) <= 0) {
                throw rows.get("until").error("must be after rows.from");
            }
        }
        double timeScale = MappingNode.of(top, "timeScale").map(TraceMappingReader::scale).orElse(1.0);
        Optional<String> cohort = MappingNode.of(top, "cohort").map(TraceMappingReader::name);
        String flavor = MappingNode.of(top, "flavor").map(TraceMappingReader::name).orElse("default-flavor");
        String parentQueue = MappingNode.of(top, "parentQueue").map(TraceMappingReader::name).orElse("imported");

        List<QueueRule> queues = queues(required(file, top, "queues"));
        MappingNode defaultNode = required(file, top, "default");
        String defaultName = defaultNode.scalar();
        Optional<String> defaultQueue = Optional.empty();
        if (!defaultName.equals(SKIP)) {
            if (queues.stream().noneMatch(q -> q.name().equals(defaultName))) {
                throw defaultNode.error("names no queue of this file (\"" + defaultName + "\"); give one of "
                        + String.join(", ", queues.stream().map(QueueRule::name).toList()) + ", or skip");
            }
            defaultQueue = Optional.of(defaultName);
        }
        if (queues.stream().anyMatch(q -> q.name().equals(parentQueue)) && top.containsKey("parentQueue")) {
            throw top.get("parentQueue").error("is also the name of a queue");
        }
        return new TraceMapping(file, trace, queueBy, top.get("queueBy").line(), from, until, first, timeScale, cohort, flavor, parentQueue, queues,
                defaultQueue);
    }

    private static MappingNode required(Path file, Map<String, MappingNode> fields, String key) {
        MappingNode n = fields.get(key);
        if (n == null || n.isNull()) {
            throw TraceFileException.at(file, n == null ? 0 : n.line(), key, "required");
        }
        return n;
    }

    private static List<QueueRule> queues(MappingNode node) {
        List<MappingNode> items = node.items();
        if (items.isEmpty()) {
            throw node.error("must name at least one queue");
        }
        List<QueueRule> rules = new ArrayList<>();
        Map<String, String> matchedBy = new HashMap<>();
        for (MappingNode item : items) {
            Map<String, MappingNode> f = item.fields(QUEUE);
            if (!f.containsKey("name")) {
                throw item.error("needs a name");
            }
            String name = name(f.get("name"));
            if (rules.stream().anyMatch(r -> r.name().equals(name))) {
                throw f.get("name").error("queue \"" + name + "\" is named twice");
            }
            List<String> match = new ArrayList<>();
            if (f.containsKey("match")) {
                for (MappingNode m : f.get("match").items()) {
                    String value = m.scalar();
                    String earlier = matchedBy.putIfAbsent(value, name);
                    if (earlier != null) {
                        throw m.error("\"" + value + "\" already goes to queue " + earlier);
                    }
                    match.add(value);
                }
            }
            if (!f.containsKey("quota")) {
                throw item.error("needs a quota (e.g. quota: {nvidia.com/gpu: 8})");
            }
            Map<String, Quantity> quota = new LinkedHashMap<>();
            for (Map.Entry<String, MappingNode> e : f.get("quota").entries().entrySet()) {
                KubernetesNames.qualifiedNameProblem(e.getKey()).ifPresent(p -> {
                    throw e.getValue().error("not a resource name: " + p);
                });
                quota.put(e.getKey(), quantity(e.getValue()));
            }
            if (quota.isEmpty()) {
                throw f.get("quota").error("must give at least one resource");
            }
            rules.add(new QueueRule(name, match, quota, item.line()));
        }
        return rules;
    }

    /** A queue, namespace, cohort or flavor name: a DNS label, so it serves as a namespace too. */
    private static String name(MappingNode n) {
        String v = n.scalar();
        KubernetesNames.labelProblem(v).ifPresent(p -> {
            throw n.error(p);
        });
        return v;
    }

    private static Quantity quantity(MappingNode n) {
        String v = n.scalar();
        try {
            Quantity q = Quantity.parse(v);
            if (q.milli() < 0) {
                throw n.error("must not be negative, got " + v);
            }
            return q;
        } catch (QuantityFormatException e) {
            throw n.error(e.getMessage());
        }
    }

    private static Duration duration(MappingNode n) {
        try {
            Duration d = GoDuration.parse(n.scalar());
            if (d.isNegative() || d.getSeconds() > Trace.MAX_SECONDS) {
                throw n.error("must be between 0s and " + Trace.MAX_SECONDS / 3600 + "h");
            }
            return d;
        } catch (GoDurationFormatException e) {
            throw n.error(e.getMessage() + " (Go durations: 90s, 36h, 720h)");
        }
    }

    private static double scale(MappingNode n) {
        String v = n.scalar();
        try {
            double d = Double.parseDouble(v);
            if (d >= MIN_SCALE && d <= MAX_SCALE) {
                return d;
            }
        } catch (NumberFormatException e) {
            // the message below says what is wanted
        }
        throw n.error("must be a number from " + MIN_SCALE + " to " + MAX_SCALE
                + " (virtual seconds per trace second), got \"" + v + "\"");
    }
}
