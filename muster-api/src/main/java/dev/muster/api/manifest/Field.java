package dev.muster.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.QuantityFormatException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A position in a manifest document: the YAML node there (possibly absent) and its field path.
 *
 * <p>Readers walk a document through fields and ask for typed values. A value of the wrong shape is
 * reported, with the full path, to the document's {@link FieldReporter}, and the accessor returns
 * "absent" so that reading goes on and every problem of the document is found in one pass. The
 * caller decides at the end whether anything was reported; nothing half-read is ever used then.
 */
public final class Field {

    private final JsonNode node;
    private final String path;
    private final FieldReporter reporter;

    private Field(JsonNode node, String path, FieldReporter reporter) {
        this.node = node == null ? MissingNode.getInstance() : node;
        this.path = path;
        this.reporter = reporter;
    }

    public static Field root(JsonNode node, FieldReporter reporter) {
        return new Field(node, "", reporter);
    }

    /** A root whose paths start with {@code prefix}, for objects nested in another document (a List's items). */
    public static Field root(JsonNode node, String prefix, FieldReporter reporter) {
        return new Field(node, prefix, reporter);
    }

    public String path() {
        return path;
    }

    public JsonNode node() {
        return node;
    }

    public FieldReporter reporter() {
        return reporter;
    }

    /** Present means written with a value; {@code key:} with nothing after it is YAML null and counts as absent. */
    public boolean isPresent() {
        return !node.isMissingNode() && !node.isNull();
    }

    public boolean isObject() {
        return node.isObject();
    }

    public void error(String message) {
        reporter.report(path, message);
    }

    // ---- navigation ----

    public Field get(String name) {
        JsonNode child = node.isObject() ? node.get(name) : null;
        return new Field(child, path.isEmpty() ? name : path + "." + name, reporter);
    }

    /** A map entry; Kubernetes writes such paths as {@code metadata.labels[app]}. */
    public Field key(String mapKey) {
        JsonNode child = node.isObject() ? node.get(mapKey) : null;
        return new Field(child, path + "[" + mapKey + "]", reporter);
    }

    /** The items of a list; reports a non-list value. Absent gives no items. */
    public List<Field> items() {
        if (!isPresent()) {
            return List.of();
        }
        if (!node.isArray()) {
            error("must be a list, not " + describe(node));
            return List.of();
        }
        List<Field> out = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            out.add(new Field(node.get(i), path + "[" + i + "]", reporter));
        }
        return out;
    }

    /** The entries of a map in file order; reports a non-map value. Absent gives no entries. */
    public Map<String, Field> entries() {
        if (!requireObject()) {
            return Map.of();
        }
        Map<String, Field> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            out.put(e.getKey(), key(e.getKey()));
        }
        return out;
    }

    /** True when a map is present; reports any other present value. */
    public boolean requireObject() {
        if (!isPresent()) {
            return false;
        }
        if (!node.isObject()) {
            error("must be a map of fields, not " + describe(node));
            return false;
        }
        return true;
    }

    /** Reports the field as missing when it is absent; returns whether it is present. */
    public boolean require() {
        if (!isPresent()) {
            error("required");
            return false;
        }
        return true;
    }

    /**
     * Reports fields of this map that the kind does not have, suggesting the closest known one:
     * a misspelled optional field would otherwise be silently ignored.
     *
     * @param hints a message for known mistakes (such as a field renamed between API versions)
     */
    public void rejectUnknownFields(Collection<String> known, Map<String, String> hints) {
        if (!node.isObject() || !reporter.unknownFieldsAreErrors()) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String name = e.getKey();
            if (known.contains(name)) {
                continue;
            }
            String hint = hints.get(name);
            get(name).error(hint != null ? hint : "unknown field \"" + name + "\"" + Spelling.suggestion(name, known));
        }
    }

    public void rejectUnknownFields(Collection<String> known) {
        rejectUnknownFields(known, Map.of());
    }

    // ---- scalars ----

    /** A string value; numbers and booleans are reported, as the Kubernetes API rejects them for string fields. */
    public Optional<String> string() {
        if (!isPresent()) {
            return Optional.empty();
        }
        if (!node.isTextual()) {
            error("must be a string, not " + describe(node) + quoteHint());
            return Optional.empty();
        }
        return Optional.of(node.textValue());
    }

    public String string(String defaultValue) {
        return string().orElse(defaultValue);
    }

    /** A non-empty string; absent or empty is reported as required. Returns "" after reporting. */
    public String requiredString() {
        if (!require()) {
            return "";
        }
        Optional<String> s = string();
        if (s.isPresent() && s.get().isEmpty()) {
            error("must not be empty");
        }
        return s.orElse("");
    }

    /** A whole number that fits a 64-bit integer. Quoted numbers are reported: Kubernetes rejects them too. */
    public Optional<Long> integer() {
        if (!isPresent()) {
            return Optional.empty();
        }
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            return Optional.of(node.longValue());
        }
        if (node.isNumber()) {
            BigDecimal d = node.decimalValue();
            if (d.stripTrailingZeros().scale() <= 0) {
                try {
                    return Optional.of(d.longValueExact());
                } catch (ArithmeticException e) {
                    error(d.toPlainString() + " is too large");
                    return Optional.empty();
                }
            }
            error("must be a whole number, not " + d.toPlainString());
            return Optional.empty();
        }
        error("must be a whole number, not " + describe(node)
                + (node.isTextual() ? " (write it without quotes)" : ""));
        return Optional.empty();
    }

    /** A whole number in the 32-bit range of Kubernetes' int32 fields. */
    public Optional<Integer> int32() {
        Optional<Long> v = integer();
        if (v.isPresent() && (v.get() > Integer.MAX_VALUE || v.get() < Integer.MIN_VALUE)) {
            error(v.get() + " is out of range (at most " + Integer.MAX_VALUE + ")");
            return Optional.empty();
        }
        return v.map(Long::intValue);
    }

    /** A number, whole or decimal, such as the float64 quotas of a KAI queue. */
    public Optional<BigDecimal> number() {
        if (!isPresent()) {
            return Optional.empty();
        }
        if (node.isNumber()) {
            return Optional.of(node.decimalValue());
        }
        error("must be a number, not " + describe(node) + (node.isTextual() ? " (write it without quotes)" : ""));
        return Optional.empty();
    }

    public Optional<Boolean> bool() {
        if (!isPresent()) {
            return Optional.empty();
        }
        if (node.isBoolean()) {
            return Optional.of(node.booleanValue());
        }
        error("must be true or false, not " + describe(node));
        return Optional.empty();
    }

    public boolean bool(boolean defaultValue) {
        return bool().orElse(defaultValue);
    }

    /** A Kubernetes quantity, written as a string ({@code "500m"}, {@code 16Gi}) or a plain number. */
    public Optional<Quantity> quantity() {
        if (!isPresent()) {
            return Optional.empty();
        }
        String text;
        if (node.isTextual()) {
            text = node.textValue();
            // The quantity pattern of CRD schemas (Kueue's quotas) refuses spaces; the core decoder trims
            // them (apimachinery's quantity.go marks that for removal): refused everywhere, one rule.
            if (!text.isEmpty() && !text.equals(text.strip())) {
                error("\"" + text + "\" has spaces around the number; write it as \"" + text.strip() + "\"");
                return Optional.empty();
            }
        } else if (node.isNumber()) {
            text = node.decimalValue().toPlainString();
        } else {
            error("must be a quantity such as 2, 500m, 8G or 16Gi, not " + describe(node));
            return Optional.empty();
        }
        try {
            return Optional.of(Quantity.parse(text));
        } catch (QuantityFormatException e) {
            error(e.getMessage());
            return Optional.empty();
        } catch (RuntimeException e) {
            // Exponents beyond int range and the like: still the user's value that is wrong.
            error("\"" + text + "\" is not a Kubernetes quantity (expected a number with an optional suffix,"
                    + " such as 2, 500m, 8G or 16Gi)");
            return Optional.empty();
        }
    }

    /** A quantity that must not be negative, as quotas, requests and capacities are. */
    public Optional<Quantity> nonNegativeQuantity() {
        Optional<Quantity> q = quantity();
        if (q.isPresent() && q.get().milli() < 0) {
            error("must not be negative, got " + node.asText());
            return Optional.empty();
        }
        return q;
    }

    /** A Go-style duration ({@code 90s}, {@code 1h30m}), the format of Kubernetes' metav1.Duration. */
    public Optional<Duration> duration() {
        Optional<String> text = string();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(GoDuration.parse(text.get()));
        } catch (GoDurationFormatException e) {
            error(e.getMessage());
            return Optional.empty();
        }
    }

    public Optional<Duration> nonNegativeDuration() {
        Optional<Duration> d = duration();
        if (d.isPresent() && d.get().isNegative()) {
            error("must not be negative, got \"" + node.asText() + "\"");
            return Optional.empty();
        }
        return d;
    }

    /** One of a fixed set of spellings, in the order given; anything else is reported with the choices. */
    public Optional<String> oneOf(List<String> allowed) {
        Optional<String> s = string();
        if (s.isEmpty()) {
            return Optional.empty();
        }
        if (!allowed.contains(s.get())) {
            error("\"" + s.get() + "\" is not one of " + String.join(", ", allowed)
                    + Spelling.suggestion(s.get(), allowed));
            return Optional.empty();
        }
        return s;
    }

    public Optional<String> oneOf(String... allowed) {
        return oneOf(List.of(allowed));
    }

    /** A map of strings (labels, annotations, node selectors); non-string values are reported. */
    public Map<String, String> stringMap() {
        Map<String, String> out = new LinkedHashMap<>();
        entries().forEach((k, f) -> f.string().ifPresent(v -> out.put(k, v)));
        return out;
    }

    /** A list of strings; other items are reported. */
    public List<String> stringList() {
        List<String> out = new ArrayList<>();
        for (Field item : items()) {
            item.string().ifPresent(out::add);
        }
        return out;
    }

    private String quoteHint() {
        return node.isNumber() || node.isBoolean() ? " (quote it: \"" + node.asText() + "\")" : "";
    }

    static String describe(JsonNode n) {
        if (n.isTextual()) {
            return "the string \"" + n.textValue() + "\"";
        }
        if (n.isNumber()) {
            return "the number " + n.decimalValue().toPlainString();
        }
        if (n.isBoolean()) {
            return n.asText();
        }
        if (n.isArray()) {
            return "a list";
        }
        if (n.isObject()) {
            return "a map";
        }
        return n.getNodeType().toString().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return path;
    }
}
