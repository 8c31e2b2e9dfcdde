package dev.muster.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * The value of an unquoted YAML scalar as Jackson's YAML parser types it (YAML 1.1's implicit
 * types through SnakeYAML's {@link Resolver}, then Jackson's reading of them), for the cases
 * {@link BlockYamlReader} handles: strings, {@code true}/{@code false}, null and plain decimal
 * integers. Anything else typed (octal, hex, floats, {@code yes}/{@code on}, ...) is declined, and
 * the whole file is left to Jackson.
 */
final class PlainScalars {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Resolver RESOLVER = new Resolver();

    /** First characters for which SnakeYAML has an implicit resolver other than the empty-string one. */
    private static final String TYPED_FIRST = "yYnNtTfFoO-+0123456789.<~!&*$";
    /** Every character that YAML 1.1's int, float and timestamp patterns can contain. */
    private static final String NUMERIC_CHARS = "0123456789+-_.:xXabcdefABCDEFinINTtZ ";
    /** Every word YAML 1.1's bool and null patterns match: the only typed scalars that start with a letter. */
    private static final Set<String> BOOL_AND_NULL_WORDS = Set.of("yes", "Yes", "YES", "no", "No", "NO", "true", "True",
            "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL");
    /** 18 digits always fit a long. */
    private static final int LONGEST_SIMPLE_INT = 18;

    private PlainScalars() {
    }

    /** The node for {@code text} (already trimmed), or empty when Jackson's typing of it is not reproduced here. */
    static Optional<JsonNode> node(String text) {
        if (text.isEmpty() || text.equals("null") || text.equals("~")) {
            return Optional.of(NODES.nullNode());
        }
        if (surelyString(text)) {
            return Optional.of(NODES.textNode(text));
        }
        if (text.equals("true") || text.equals("false")) {
            return Optional.of(NODES.booleanNode(text.equals("true")));
        }
        if (isSimpleInteger(text)) {
            long value = Long.parseLong(text);
            return Optional.of(value == (int) value ? NODES.numberNode((int) value) : NODES.numberNode(value));
        }
        Tag tag = RESOLVER.resolve(NodeId.scalar, text, true);
        if (tag == Tag.NULL) {
            return Optional.of(NODES.nullNode());
        }
        // Jackson reads every tag but these four as a string (timestamps, merge keys, ${ENV} among them).
        if (tag == Tag.INT || tag == Tag.FLOAT || tag == Tag.BOOL) {
            return Optional.empty();
        }
        return Optional.of(NODES.textNode(text));
    }

    /** True when no YAML 1.1 implicit type can match, without running SnakeYAML's regular expressions. */
    private static boolean surelyString(String text) {
        char first = text.charAt(0);
        if (TYPED_FIRST.indexOf(first) < 0) {
            return true;
        }
        if (Character.isLetter(first)) {
            return !BOOL_AND_NULL_WORDS.contains(text);
        }
        if (first >= '0' && first <= '9' || first == '-' || first == '+' || first == '.') {
            for (int i = 1; i < text.length(); i++) {
                if (NUMERIC_CHARS.indexOf(text.charAt(i)) < 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** {@code 0} or an optional minus, a non-zero digit and at most 17 more digits: read as int or long. */
    private static boolean isSimpleInteger(String text) {
        int start = text.charAt(0) == '-' ? 1 : 0;
        int digits = text.length() - start;
        if (digits < 1 || digits > LONGEST_SIMPLE_INT) {
            return false;
        }
        if (text.charAt(start) == '0') {
            return digits == 1;
        }
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
