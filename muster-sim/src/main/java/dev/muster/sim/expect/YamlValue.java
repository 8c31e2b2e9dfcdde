package dev.muster.sim.expect;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A value of an expectation file together with where it was found (file, entry, key path), so that
 * every accessor can refuse a malformed value with a message that points at it.
 */
final class YamlValue {

    private final JsonNode node;
    private final String file;
    private final String entry;
    private final String key;

    YamlValue(JsonNode node, String file, String entry, String key) {
        this.node = node;
        this.file = file;
        this.entry = entry;
        this.key = key;
    }

    /** The same value seen as an entry of its own ({@code workloads #2 (default/high)}), keys relative to it. */
    YamlValue asEntry(String entryLabel) {
        return new YamlValue(node, file, entryLabel, null);
    }

    boolean isNull() {
        return node == null || node.isNull() || node.isMissingNode();
    }

    boolean isText() {
        return node != null && node.isTextual();
    }

    boolean isList() {
        return node != null && node.isArray();
    }

    boolean isIntegral() {
        return node != null && node.isIntegralNumber();
    }

    String key() {
        return key;
    }

    /** A non-empty string. */
    String text() {
        if (!isText() || node.textValue().isBlank()) {
            throw error("must be a non-empty string" + found());
        }
        return node.textValue();
    }

    /** A non-empty string, or {@code null} when the file says {@code null}. */
    String textOrNull() {
        return isNull() ? null : text();
    }

    /** A string or a plain number: quantities and durations may be written {@code cpu: 6} or {@code until: 0}. */
    String scalarText() {
        if (node != null && node.isNumber()) {
            return node.asText();
        }
        return text();
    }

    /** A whole number, zero or more. */
    int count() {
        if (!isIntegral() || !node.canConvertToInt() || node.intValue() < 0) {
            throw error("must be a whole number, 0 or more" + found());
        }
        return node.intValue();
    }

    /** A number of seconds; a string such as {@code "60s"} is refused, the key already says seconds. */
    double seconds() {
        if (node == null || !node.isNumber()) {
            throw error("must be a number of seconds" + found());
        }
        return node.doubleValue();
    }

    /** Seconds, or {@code null} when the file says {@code null}. */
    Double secondsOrNull() {
        return isNull() ? null : seconds();
    }

    boolean bool() {
        if (node == null || !node.isBoolean()) {
            throw error("must be true or false" + found());
        }
        return node.booleanValue();
    }

    java.time.Duration duration() {
        try {
            return dev.muster.api.manifest.GoDuration.parse(scalarText());
        } catch (dev.muster.api.manifest.GoDurationFormatException e) {
            throw error(e.getMessage());
        }
    }

    /** The elements of a list; a missing or {@code null} value is an empty list. */
    List<YamlValue> list() {
        if (isNull()) {
            return List.of();
        }
        if (!isList()) {
            throw error("must be a list" + found());
        }
        List<YamlValue> elements = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            elements.add(new YamlValue(node.get(i), file, entry, key + "[" + i + "]"));
        }
        return elements;
    }

    /** The entries of a mapping, in file order; keys of the values are paths ({@code flavors.main}). */
    Map<String, YamlValue> mapping() {
        if (node == null || !node.isObject()) {
            throw error("must be a mapping of keys to values" + found());
        }
        Map<String, YamlValue> entries = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            String path = key == null ? field.getKey() : key + "." + field.getKey();
            entries.put(field.getKey(), new YamlValue(field.getValue(), file, entry, path));
        }
        return entries;
    }

    /**
     * The mapping's fields, every one of which must be among {@code knownKeys}.
     *
     * @throws ExpectationFileException naming the first unknown key, and the key it was likely meant to be
     */
    YamlFields fields(List<String> knownKeys) {
        Map<String, YamlValue> fields = mapping();
        for (Map.Entry<String, YamlValue> field : fields.entrySet()) {
            if (!knownKeys.contains(field.getKey())) {
                String suggestion = KeySuggestion.closest(field.getKey(), knownKeys)
                        .map(k -> " (did you mean \"" + k + "\"?)")
                        .orElse("");
                throw field.getValue().error("unknown key" + suggestion + "; known keys here: "
                        + String.join(", ", knownKeys));
            }
        }
        return new YamlFields(this, fields);
    }

    ExpectationFileException error(String problem) {
        return new ExpectationFileException(file, entry, key, problem);
    }

    private String found() {
        if (isNull()) {
            return ", found null";
        }
        if (node.isContainerNode()) {
            return ", found a " + (node.isArray() ? "list" : "mapping");
        }
        return ", found " + (node.isTextual() ? "\"" + node.textValue() + "\"" : node.toString());
    }
}
