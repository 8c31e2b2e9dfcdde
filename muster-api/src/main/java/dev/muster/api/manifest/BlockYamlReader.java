package dev.muster.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads the block-style YAML that manifests are written in, an order of magnitude faster than
 * SnakeYAML, into the same trees Jackson's YAML parser builds: block mappings and sequences (also
 * the indentless {@code key:\n- item} form), plain and single-line quoted scalars, comments, {@code ---}
 * between documents, and {@code []} / {@code {}}.
 *
 * <p>Anything else (flow collections, block scalars, anchors, tags, multi-line scalars, escapes,
 * tabs, carriage returns, duplicate keys, floats, a syntax error...) declines the whole text, and
 * {@link YamlDocuments} reads it with Jackson as before, so that messages and edge cases stay
 * Jackson's: this reader only ever answers what Jackson would.
 */
final class BlockYamlReader {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    // Larger documents are refused by ManifestLimits before any reader; deeper nesting is left to
    // Jackson, which refuses it beyond ManifestLimits.MAX_NESTING with the object and the path.
    private static final int LARGEST_DOCUMENT = 3 * 1024 * 1024;
    private static final int DEEPEST_NESTING = 40;

    /** Thrown to decline: the text is outside the subset (or invalid), Jackson reads it. */
    private static final class Declined extends RuntimeException {
        Declined() {
            super(null, null, false, false);
        }
    }

    private static final Declined DECLINED = new Declined();

    private final String text;
    /** Content lines of the document being read: where each starts and ends, and its indentation. */
    private int[] starts = new int[64];
    private int[] ends = new int[64];
    private int[] indents = new int[64];
    private int count;
    private int next;

    private BlockYamlReader(String text) {
        this.text = text;
    }

    /**
     * Every document of {@code text} in order, null for an empty one, as Jackson reads them; or
     * empty when the text is not entirely in the subset this reader handles.
     */
    static Optional<List<JsonNode>> read(String text) {
        try {
            return Optional.of(new BlockYamlReader(text).documents());
        } catch (Declined e) {
            return Optional.empty();
        }
    }

    private List<JsonNode> documents() {
        List<JsonNode> documents = new ArrayList<>();
        int pos = 0;
        int documentStart = 0;
        boolean explicit = false;
        count = 0;
        while (pos < text.length()) {
            int end = text.indexOf('\n', pos);
            if (end < 0) {
                end = text.length();
            }
            if (text.startsWith("---", pos) && end == pos + 3) {
                // Text before the first --- is a document only if it has content; after one, always.
                if (explicit || count > 0) {
                    documents.add(document(pos - documentStart));
                }
                explicit = true;
                count = 0;
                documentStart = end;
            } else {
                addLine(pos, end);
            }
            pos = end + 1;
        }
        if (explicit || count > 0) {
            documents.add(document(text.length() - documentStart));
        }
        return documents;
    }

    private void addLine(int start, int end) {
        int indent = 0;
        while (start + indent < end && text.charAt(start + indent) == ' ') {
            indent++;
        }
        for (int i = start + indent; i < end; i++) {
            char c = text.charAt(i);
            if (c < ' ' || c > '~' && (c < '\u00a0' || c == '\u2028' || c == '\u2029' || c >= '\ud800' && c < '\ue000'
                    || c == '\ufeff' || c > '\ufffd')) {
                throw DECLINED;
            }
        }
        if (start + indent == end || text.charAt(start + indent) == '#') {
            return;
        }
        char first = text.charAt(start);
        if (indent == 0 && (first == '%' || text.startsWith("---", start) || text.startsWith("...", start))) {
            throw DECLINED;
        }
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
            indents = Arrays.copyOf(indents, count * 2);
        }
        starts[count] = start + indent;
        ends[count] = end;
        indents[count] = indent;
        count++;
    }

    private JsonNode document(int length) {
        if (length > LARGEST_DOCUMENT) {
            throw DECLINED;
        }
        if (count == 0) {
            return null;
        }
        next = 0;
        JsonNode root = block(indents[0], 0);
        if (next != count) {
            throw DECLINED;
        }
        return root;
    }

    /** The mapping or sequence whose first line is the next one, at {@code indent}. */
    private JsonNode block(int indent, int depth) {
        if (depth > DEEPEST_NESTING) {
            throw DECLINED;
        }
        return isEntry(next) ? sequence(indent, depth) : mapping(indent, depth);
    }

    private ObjectNode mapping(int indent, int depth) {
        ObjectNode map = NODES.objectNode();
        while (next < count && indents[next] >= indent) {
            if (indents[next] > indent) {
                throw DECLINED;
            }
            int line = next++;
            int colon = keyEnd(line);
            String key = key(starts[line], colon);
            if (map.has(key)) {
                throw DECLINED;
            }
            int value = skipSpaces(colon + 1, ends[line]);
            map.set(key, value == ends[line] || text.charAt(value) == '#'
                    ? nestedValue(indent, true, depth)
                    : inlineValue(value, ends[line], indent));
        }
        return map;
    }

    private ArrayNode sequence(int indent, int depth) {
        ArrayNode list = NODES.arrayNode();
        // A line at this indentation that is no entry ends the list (the next key of a mapping
        // around an indentless list); anything deeper is an error the caller declines.
        while (next < count && indents[next] == indent && isEntry(next)) {
            int line = next;
            int item = skipSpaces(starts[line] + 1, ends[line]);
            if (item == ends[line] || text.charAt(item) == '#') {
                next++;
                list.add(nestedValue(indent, false, depth));
            } else if (isMappingLine(item, ends[line])) {
                // "- key: value": a mapping whose keys line up with this first one.
                int column = item - (starts[line] - indents[line]);
                starts[line] = item;
                indents[line] = column;
                list.add(mapping(column, depth + 1));
            } else {
                next++;
                list.add(inlineValue(item, ends[line], indent));
            }
        }
        return list;
    }

    /** The value of {@code key:} or {@code -} with nothing after it: an indented block, an indentless list, or null. */
    private JsonNode nestedValue(int indent, boolean ofMapping, int depth) {
        if (next < count && indents[next] > indent) {
            return block(indents[next], depth + 1);
        }
        if (ofMapping && next < count && indents[next] == indent && isEntry(next)) {
            return sequence(indent, depth + 1);
        }
        return NODES.nullNode();
    }

    /** A scalar (or {@code []}, {@code {}}) written after the key or dash; nothing may continue it on later lines. */
    private JsonNode inlineValue(int from, int end, int indent) {
        if (next < count && indents[next] > indent) {
            throw DECLINED;
        }
        char first = text.charAt(from);
        if (first == '\'' || first == '"') {
            int close = closingQuote(from, end);
            requireNothingAfter(close + 1, end);
            return NODES.textNode(unquote(from, close));
        }
        if (first == '[' || first == '{') {
            int close = from + 1;
            if (close >= end || text.charAt(close) != (first == '[' ? ']' : '}')) {
                throw DECLINED;
            }
            requireNothingAfter(close + 1, end);
            return first == '[' ? NODES.arrayNode() : NODES.objectNode();
        }
        if ("]},#&*!|>%@`?:".indexOf(first) >= 0 || first == '-' && (from + 1 == end || text.charAt(from + 1) == ' ')) {
            throw DECLINED;
        }
        int stop = plainEnd(from, end);
        return PlainScalars.node(text.substring(from, stop)).orElseThrow(() -> DECLINED);
    }

    /** The end of a plain scalar (before a comment and trailing spaces); a {@code ": "} inside it declines. */
    private int plainEnd(int from, int end) {
        int stop = end;
        for (int i = from; i < end; i++) {
            char c = text.charAt(i);
            if (c == '#' && text.charAt(i - 1) == ' ') {
                stop = i;
                break;
            }
            if (c == ':' && (i + 1 == end || text.charAt(i + 1) == ' ')) {
                throw DECLINED;
            }
        }
        while (text.charAt(stop - 1) == ' ') {
            stop--;
        }
        return stop;
    }

    private int closingQuote(int open, int end) {
        char quote = text.charAt(open);
        for (int i = open + 1; i < end; i++) {
            char c = text.charAt(i);
            if (c == '\\' && quote == '"') {
                throw DECLINED;
            }
            if (c == quote) {
                if (quote == '\'' && i + 1 < end && text.charAt(i + 1) == '\'') {
                    i++;
                    continue;
                }
                return i;
            }
        }
        throw DECLINED;
    }

    private String unquote(int open, int close) {
        String inner = text.substring(open + 1, close);
        return text.charAt(open) == '\'' ? inner.replace("''", "'") : inner;
    }

    /** After a quoted scalar or an empty collection: only spaces, then perhaps a comment. */
    private void requireNothingAfter(int from, int end) {
        int i = skipSpaces(from, end);
        if (i < end && (text.charAt(i) != '#' || i == from)) {
            throw DECLINED;
        }
    }

    /** Where the key of a mapping line ends (its colon); declines a line that is not {@code key: ...}. */
    private int keyEnd(int line) {
        int from = starts[line];
        int end = ends[line];
        char first = text.charAt(from);
        if (first == '\'' || first == '"') {
            int colon = closingQuote(from, end) + 1;
            if (colon < end && text.charAt(colon) == ':' && (colon + 1 == end || text.charAt(colon + 1) == ' ')) {
                return colon;
            }
            throw DECLINED;
        }
        for (int i = from; i < end; i++) {
            char c = text.charAt(i);
            if (c == ':' && i > from && (i + 1 == end || text.charAt(i + 1) == ' ')) {
                return i;
            }
            if (!isKeyChar(c, i == from)) {
                throw DECLINED;
            }
        }
        throw DECLINED;
    }

    private String key(int from, int colon) {
        char first = text.charAt(from);
        return first == '\'' || first == '"' ? unquote(from, colon - 1) : text.substring(from, colon);
    }

    private boolean isMappingLine(int from, int end) {
        char first = text.charAt(from);
        if (first == '\'' || first == '"') {
            int close = closingQuote(from, end);
            return close + 1 < end && text.charAt(close + 1) == ':';
        }
        for (int i = from; i < end; i++) {
            char c = text.charAt(i);
            if (c == ':' && (i + 1 == end || text.charAt(i + 1) == ' ')) {
                return true;
            }
            if (c == '#' && i > from && text.charAt(i - 1) == ' ') {
                return false;
            }
        }
        return false;
    }

    /** Letters, digits and {@code . _ / -} (not first): the keys of Kubernetes objects, labels and annotations. */
    private static boolean isKeyChar(char c, boolean first) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.'
                || c == '/' || c == '-' && !first;
    }

    private boolean isEntry(int line) {
        int from = starts[line];
        return text.charAt(from) == '-' && (from + 1 == ends[line] || text.charAt(from + 1) == ' ');
    }

    private int skipSpaces(int from, int end) {
        int i = from;
        while (i < end && text.charAt(i) == ' ') {
            i++;
        }
        return i;
    }
}
