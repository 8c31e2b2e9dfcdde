package dev.muster.sim.expect;

import java.util.Map;
import java.util.Optional;

/** The fields of one mapping of an expectation file, all known to be allowed there. */
final class YamlFields {

    private final YamlValue mapping;
    private final Map<String, YamlValue> fields;

    YamlFields(YamlValue mapping, Map<String, YamlValue> fields) {
        this.mapping = mapping;
        this.fields = fields;
    }

    /** Present, even when its value is {@code null}: {@code finishedAtSeconds: null} is a check. */
    boolean has(String key) {
        return fields.containsKey(key);
    }

    YamlValue get(String key) {
        return fields.get(key);
    }

    Optional<YamlValue> optional(String key) {
        return Optional.ofNullable(fields.get(key));
    }

    /** @throws ExpectationFileException when the entry lacks the key */
    YamlValue required(String key) {
        YamlValue value = fields.get(key);
        if (value == null) {
            throw mapping.error("missing required key \"" + key + "\"");
        }
        return value;
    }
}
