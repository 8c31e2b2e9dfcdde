package dev.muster.api.manifest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How much manifest input Muster reads, checked before and while reading so that reading stays
 * linear in the size of the input and a huge or hostile file is refused in milliseconds.
 *
 * <p>SnakeYAML, under Jackson's YAML parser, scans a token by re-copying everything read since the
 * token began for every 1,023 characters, so one long line costs time in the square of its length
 * (a 16 MB annotation took 48 s; 1 MiB still 2.5 s, 256 KiB about 0.15 s). Its own 3 MiB document limit is checked only after such a token.
 * So the text is measured first, in one pass: file, document and line sizes, with messages that name
 * the file, the document, the object (its kind and name as written) and the field. Nesting is
 * bounded in the parser itself ({@link YamlDocuments}).
 */
public final class ManifestLimits {

    /** A file larger than this is refused before it is read. */
    public static final long MAX_FILE_BYTES = 32L * 1024 * 1024;
    /** SnakeYAML's own limit on a document; the API server stores objects of at most 1.5 MiB. */
    public static final int MAX_DOCUMENT_CHARS = 3 * 1024 * 1024;
    /**
     * What Kubernetes allows for all of an object's annotations together (256 KiB), the longest free
     * text of the kinds Muster reads; it also keeps SnakeYAML's square-law cost per token in milliseconds.
     */
    public static final int MAX_LINE_CHARS = 256 * 1024;
    /** Deeper than any Kubernetes object Muster reads (a pod template is about 10 levels). */
    public static final int MAX_NESTING = 100;

    private ManifestLimits() {
    }

    /** The problem with a file of {@code bytes}, if it is too large to read. */
    public static Optional<String> fileSizeProblem(long bytes) {
        if (bytes <= MAX_FILE_BYTES) {
            return Optional.empty();
        }
        return Optional.of("is " + mebibytes(bytes) + " MiB; Muster reads manifest files of at most "
                + mebibytes(MAX_FILE_BYTES) + " MiB (split it into several files)");
    }

    /**
     * Measures {@code text} in one pass and adds a problem to {@code log} for every document or line
     * over its limit.
     *
     * @return whether the text is within the limits and may be parsed
     */
    static boolean check(String file, String text, ErrorLog log) {
        if (text.length() > MAX_FILE_BYTES) {
            log.add(ManifestError.ofFile(file, "is " + mebibytes(text.length()) + " MiB of text; Muster reads manifest"
                    + " files of at most " + mebibytes(MAX_FILE_BYTES) + " MiB (split it into several files)"));
            return false;
        }
        Scan scan = new Scan(file, log);
        pass(text, scan);
        return scan.withinLimits;
    }

    /** Feeds {@code text} to {@code scan} line by line, until it ends or the scan found what it wanted. */
    private static void pass(String text, Scan scan) {
        scan.text = text;
        int pos = 0;
        while (pos <= text.length() && !scan.done()) {
            int end = text.indexOf('\n', pos);
            if (end < 0) {
                end = text.length();
            }
            scan.line(text, pos, end);
            pos = end + 1;
        }
        scan.endDocument(text.length());
    }

    /**
     * The kind and name (namespace/name) of document {@code document} of {@code text} as written, by
     * the same line pass: for problems found by a parser that stopped inside the document.
     */
    static String[] identify(String text, int document) {
        Scan scan = new Scan("", new ErrorLog());
        scan.wanted = document;
        pass(text, scan);
        return scan.identity == null ? new String[2] : scan.identity;
    }

    private static String mebibytes(long bytes) {
        return bytes % (1024 * 1024) == 0 ? String.valueOf(bytes / (1024 * 1024))
                : String.format(java.util.Locale.ROOT, "%.1f", bytes / (1024.0 * 1024));
    }

    /** The state of the pass: the document being measured, what it is, and where its keys are. */
    private static final class Scan {
        private final String file;
        private final ErrorLog log;
        private boolean withinLimits = true;
        private int completedDocuments;
        private boolean explicitDocument;
        private boolean documentHasContent;
        private int documentStart;
        private String kind;
        private String name;
        private String namespace;
        private boolean inMetadata;
        /**
         * The block-mapping keys enclosing the current line: where each starts and ends in the text
         * (without a list item's "- "), and its indentation. Offsets, not strings: every line of
         * every file has its key remembered, and only a line found wrong needs them as text.
         */
        private int[] keyStarts = new int[16];
        private int[] keyEnds = new int[16];
        private int[] keyIndents = new int[16];
        private int keyCount;
        /** The text being passed, which the key offsets point into. */
        private String text = "";
        /** Problems of the current document, reported at its end when its kind and name are known. */
        private final List<String[]> problems = new ArrayList<>();
        /** For {@link #identify}: the document asked about, and its kind and name once it ends. */
        /** In {@link #identify}: the document (from 1) whose kind and name are wanted; 0 when checking limits. */
        private int wanted;
        private String[] identity;

        /** Whether the document wanted was identified (never while checking limits). */
        boolean done() {
            return identity != null;
        }

        Scan(String file, ErrorLog log) {
            this.file = file;
            this.log = log;
        }

        void line(String text, int start, int end) {
            if (text.startsWith("---", start) && (end == start + 3 || text.charAt(start + 3) == ' ')) {
                endDocument(start);
                completedDocuments += explicitDocument || documentHasContent ? 1 : 0;
                explicitDocument = true;
                startDocument(end);
                return;
            }
            int indent = 0;
            while (start + indent < end && text.charAt(start + indent) == ' ') {
                indent++;
            }
            if (start + indent == end || text.charAt(start + indent) == '#') {
                return;
            }
            documentHasContent = true;
            // Only a line's first characters are looked into for its key: the pass stays linear.
            int colon = keyEnd(text, start + indent, Math.min(end, start + indent + 256));
            leaveKeysAt(indent);
            if (end - start > MAX_LINE_CHARS) {
                String key = colon < 0 ? null : text.substring(start + indent, colon);
                problems.add(new String[] {pathOf(key), "a line of " + (end - start) + " characters; Muster reads lines of at"
                        + " most " + MAX_LINE_CHARS + " characters (256 KiB, what Kubernetes allows for all of an"
                        + " object's annotations together)"});
            }
            if (colon >= 0) {
                remember(indent, start + indent, colon, text, colon + 1, end);
            }
        }

        private void startDocument(int start) {
            documentStart = start;
            documentHasContent = false;
            kind = null;
            name = null;
            namespace = null;
            inMetadata = false;
            keyCount = 0;
        }

        void endDocument(int end) {
            if (end - documentStart > MAX_DOCUMENT_CHARS) {
                problems.add(0, new String[] {"", "a document of " + (end - documentStart) + " characters; Muster reads"
                        + " documents of at most " + MAX_DOCUMENT_CHARS + " characters (3 MiB, the YAML parser's limit;"
                        + " the API server stores objects of at most 1.5 MiB)"});
            }
            String object = namespace == null || name == null ? name : namespace + "/" + name;
            if (wanted == completedDocuments + 1 && identity == null) {
                identity = new String[] {kind, object};
            }
            for (String[] p : problems) {
                log.add(new ManifestError(file, completedDocuments + 1, kind, object, p[0], p[1]));
                withinLimits = false;
            }
            problems.clear();
        }

        /**
         * Where the key of a {@code key: value} or {@code - key: value} line starting at {@code from}
         * ends (its colon), if it is a plain one; -1 if not.
         */
        private static int keyEnd(String text, int from, int end) {
            int start = text.startsWith("- ", from) ? from + 2 : from;
            int colon = text.indexOf(':', start);
            if (colon <= start || colon >= end || colon + 1 < end && text.charAt(colon + 1) != ' ') {
                return -1;
            }
            for (int i = start; i < colon; i++) {
                char c = text.charAt(i);
                if (c == ' ' || c == '"' || c == '\'' || c == '{' || c == '[' || c == '#') {
                    return -1;
                }
            }
            return colon;
        }

        /** The keys at {@code indent} or deeper no longer enclose what follows. */
        private void leaveKeysAt(int indent) {
            while (keyCount > 0 && keyIndents[keyCount - 1] >= indent) {
                keyCount--;
            }
        }

        /**
         * The field path of the line with {@code key}: the enclosing keys (list items are not numbered).
         * Worked out only for a line found wrong: the scan passes every line of every file.
         */
        private String pathOf(String key) {
            StringBuilder path = new StringBuilder();
            for (int i = 0; i < keyCount; i++) {
                path.append(path.isEmpty() ? "" : ".").append(text, keyStarts[i], keyEnds[i]);
            }
            if (key != null) {
                path.append(path.isEmpty() ? "" : ".").append(key.startsWith("- ") ? key.substring(2) : key);
            }
            return path.toString();
        }

        /**
         * Remembers the key of a line, from {@code keyStart} to its colon, and the value from
         * {@code valueStart} to {@code end} where it names the object.
         */
        private void remember(int indent, int keyStart, int colon, String text, int valueStart, int end) {
            boolean item = text.startsWith("- ", keyStart);
            int plain = item ? keyStart + 2 : keyStart;
            if (keyCount == keyStarts.length) {
                keyStarts = Arrays.copyOf(keyStarts, 2 * keyCount);
                keyEnds = Arrays.copyOf(keyEnds, 2 * keyCount);
                keyIndents = Arrays.copyOf(keyIndents, 2 * keyCount);
            }
            keyStarts[keyCount] = plain;
            keyEnds[keyCount] = colon;
            keyIndents[keyCount] = item ? indent + 2 : indent;
            keyCount++;
            if (indent == 0) {
                inMetadata = is(text, plain, colon, "metadata");
                if (is(text, plain, colon, "kind")) {
                    kind = unquoted(value(text, valueStart, end));
                }
            } else if (inMetadata && keyCount == 2) {
                if (is(text, plain, colon, "name")) {
                    name = unquoted(value(text, valueStart, end));
                } else if (is(text, plain, colon, "namespace")) {
                    namespace = unquoted(value(text, valueStart, end));
                }
            }
        }

        /** Whether {@code text[from, to)} is {@code word}. */
        private static boolean is(String text, int from, int to, String word) {
            return to - from == word.length() && text.startsWith(word, from);
        }

        private static String value(String text, int valueStart, int end) {
            return end - valueStart <= 256 ? text.substring(valueStart, end).strip() : "";
        }

        private static String unquoted(String value) {
            return value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"")
                    || value.startsWith("'") && value.endsWith("'")) ? value.substring(1, value.length() - 1) : value;
        }
    }
}
