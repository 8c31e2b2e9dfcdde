package dev.muster.bench.kueue;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kueue's performance-test expectations ({@code configs/*&#47;rangespec.yaml}) together with the
 * figures Kueue measured, which the file keeps only in comments ("Average value 351116.4 (+/- 0.9%)"
 * in baseline, "mean=1179411ms" in large-scale). The thresholds are the gates of Kueue's checker;
 * the means are what Kueue's CI measured end to end (minimalkueue on envtest).
 *
 * <p>The format is two levels deep (section, then {@code key: value}), so it is read line by line:
 * that keeps the comments, which a YAML parser would drop. For each key, a figure in its inline
 * comment wins over one in the comment lines just above it.
 *
 * @param maxWallMs              {@code cmd.maxWallMs} with Kueue's measured mean wall time
 * @param clusterQueueMinUsage   per ClusterQueue class, the minimum usage % and Kueue's mean
 * @param maxAvgTimeToAdmissionMs per workload class, the maximum average time to admission (ms) and Kueue's mean
 */
public record RangeSpec(
        Optional<Figure> maxWallMs,
        Map<String, Figure> clusterQueueMinUsage,
        Map<String, Figure> maxAvgTimeToAdmissionMs) {

    public RangeSpec {
        clusterQueueMinUsage = Collections.unmodifiableMap(new LinkedHashMap<>(clusterQueueMinUsage));
        maxAvgTimeToAdmissionMs = Collections.unmodifiableMap(new LinkedHashMap<>(maxAvgTimeToAdmissionMs));
    }

    /** A gate of Kueue's checker and, when the file records it, the value Kueue measured. */
    public record Figure(double limit, OptionalDouble kueueMeasured) {
    }

    private static final Pattern MEASURED = Pattern.compile("(?:Average value|mean=)\\s*([0-9][0-9_]*(?:\\.[0-9]+)?)");
    private static final Pattern ENTRY = Pattern.compile("^(\\s*)([A-Za-z0-9_.-]+)\\s*:\\s*(.*)$");

    /**
     * Reads a rangespec.yaml.
     *
     * @param source names the input in error messages
     */
    public static RangeSpec parse(String text, String source) {
        Optional<Figure> wall = Optional.empty();
        Map<String, Figure> usage = new LinkedHashMap<>();
        Map<String, Figure> admission = new LinkedHashMap<>();
        String section = null;
        StringBuilder comments = new StringBuilder();
        String[] lines = text.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String trimmed = line.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (trimmed.startsWith("#")) {
                comments.append(trimmed).append('\n');
                continue;
            }
            Matcher m = ENTRY.matcher(line);
            if (!m.matches()) {
                throw new GeneratorConfigException(source + ": line " + (i + 1) + ": expected \"key: value\"");
            }
            String key = m.group(2);
            String rest = m.group(3);
            String value = rest;
            String inline = "";
            int hash = commentStart(rest);
            if (hash >= 0) {
                value = rest.substring(0, hash).strip();
                inline = rest.substring(hash);
            }
            if (m.group(1).isEmpty()) {
                section = key;
                comments.setLength(0);
                continue;
            }
            if (section == null) {
                throw new GeneratorConfigException(source + ": line " + (i + 1) + ": " + key + " outside a section");
            }
            OptionalDouble measured = measured(inline);
            if (measured.isEmpty()) {
                measured = measured(comments.toString());
            }
            comments.setLength(0);
            Figure figure = new Figure(number(value, source, i + 1), measured);
            switch (section) {
                case "cmd" -> {
                    if (key.equals("maxWallMs")) {
                        wall = Optional.of(figure);
                    }
                }
                case "clusterQueueClassesMinUsage" -> usage.put(key, figure);
                case "wlClassesMaxAvgTimeToAdmissionMs" -> admission.put(key, figure);
                default -> {
                    // other sections are not gates Muster's replay can compare with
                }
            }
        }
        return new RangeSpec(wall, usage, admission);
    }

    private static int commentStart(String rest) {
        for (int i = 0; i < rest.length(); i++) {
            if (rest.charAt(i) == '#' && (i == 0 || Character.isWhitespace(rest.charAt(i - 1)))) {
                return i;
            }
        }
        return -1;
    }

    private static OptionalDouble measured(String comment) {
        Matcher m = MEASURED.matcher(comment);
        return m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1).replace("_", ""))) : OptionalDouble.empty();
    }

    private static double number(String value, String source, int line) {
        String v = value.replace("_", "");
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new GeneratorConfigException(source + ": line " + line + ": \"" + value + "\" is not a number");
        }
    }
}
