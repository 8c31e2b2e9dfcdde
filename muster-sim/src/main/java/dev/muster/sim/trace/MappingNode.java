package dev.muster.sim.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A value of a mapping file with where it stands (file, line, key path), so that each accessor can
 * refuse a malformed value naming the three. Read from SnakeYAML's node tree, which keeps line
 * numbers that a Jackson tree loses.
 */
record MappingNode(Path file, String path, Node node) {

    int line() {
        return node.getStartMark().getLine() + 1;
    }

    TraceFileException error(String problem) {
        return TraceFileException.at(file, line(), path, problem);
    }

    /** The keys of a mapping in file order; an unknown or repeated key is an error. */
    Map<String, MappingNode> fields(Collection<String> known) {
        if (!(node instanceof org.yaml.snakeyaml.nodes.MappingNode m)) {
            throw error("must be a mapping of keys to values");
        }
        Map<String, MappingNode> fields = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            MappingNode keyNode = new MappingNode(file, path, t.getKeyNode());
            String key = keyNode.scalar();
            String keyPath = path.isEmpty() ? key : path + "." + key;
            if (!known.contains(key)) {
                throw TraceFileException.at(file, keyNode.line(), keyPath, "unknown key; known keys here: "
                        + String.join(", ", known));
            }
            if (fields.put(key, new MappingNode(file, keyPath, t.getValueNode())) != null) {
                throw TraceFileException.at(file, keyNode.line(), keyPath, "given twice");
            }
        }
        return fields;
    }

    /** A mapping of free keys (resource names) to values, in file order. */
    Map<String, MappingNode> entries() {
        if (!(node instanceof org.yaml.snakeyaml.nodes.MappingNode m)) {
            throw error("must be a mapping of keys to values");
        }
        Map<String, MappingNode> entries = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            MappingNode keyNode = new MappingNode(file, path, t.getKeyNode());
            String key = keyNode.scalar();
            if (entries.put(key, new MappingNode(file, path + "[" + key + "]", t.getValueNode())) != null) {
                throw TraceFileException.at(file, keyNode.line(), path + "[" + key + "]", "given twice");
            }
        }
        return entries;
    }

    List<MappingNode> items() {
        if (!(node instanceof SequenceNode s)) {
            throw error("must be a list");
        }
        List<MappingNode> items = new ArrayList<>();
        for (int i = 0; i < s.getValue().size(); i++) {
            items.add(new MappingNode(file, path + "[" + i + "]", s.getValue().get(i)));
        }
        return items;
    }

    /** A non-empty scalar, as written. */
    String scalar() {
        if (!(node instanceof ScalarNode s) || s.getValue().isBlank()) {
            throw error("must be a non-empty value");
        }
        return s.getValue().strip();
    }

    boolean isNull() {
        return node instanceof ScalarNode s && s.getTag().getValue().endsWith(":null");
    }

    long wholeNumber(long min, long max) {
        String v = scalar();
        try {
            long n = Long.parseLong(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below says what is wanted
        }
        throw error("must be a whole number from " + min + " to " + max + ", got \"" + v + "\"");
    }

    static Optional<MappingNode> of(Map<String, MappingNode> fields, String key) {
        return Optional.ofNullable(fields.get(key));
    }
}
