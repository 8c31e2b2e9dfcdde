package dev.muster.cli.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How a mutant's run ended, judged by the command-line contract: a report (exit 0, JSON that
 * parses), a clean refusal (exit 2, a message free of Java), or a defect.
 */
sealed interface Outcome {

    /** Exit 0 and a JSON report. */
    record Accepted() implements Outcome {
    }

    /** Exit 2 and a message a user can act on; {@code message} is its first line. */
    record Refused(String message) implements Outcome {
    }

    /** Anything else: an internal error, a trace, a class name, a report that is no JSON, a hang. */
    record Defect(String what, String output) implements Outcome {
    }

    ObjectMapper JSON = new ObjectMapper();

    // what a message must never show: a stack frame, an exception's name, a Java class of Muster or a library
    Pattern JAVA_LEAK = Pattern.compile("Exception|\\tat |\\bat dev\\.muster|\\b[A-Z][A-Za-z]+Error\\b"
            + "|\\b(?:java|javax|jdk|sun|dev\\.muster|com\\.fasterxml|org\\.yaml|org\\.snakeyaml|picocli)\\.[a-z]");

    /** Judges a finished run. */
    static Outcome of(int exitCode, String out, String err) {
        Optional<String> leak = leak(err).or(() -> exitCode == 0 ? Optional.empty() : leak(out));
        if (leak.isPresent()) {
            return new Defect("Java in the output (" + leak.get() + "), exit " + exitCode, err + out);
        }
        return switch (exitCode) {
            case 0 -> isJsonReport(out) ? new Accepted() : new Defect("exit 0 without a JSON report", out);
            case 2 -> err.isBlank() ? new Defect("exit 2 without a message", out) : new Refused(err.lines().findFirst().orElse(""));
            default -> new Defect("exit " + exitCode, err + out);
        };
    }

    private static Optional<String> leak(String text) {
        var m = JAVA_LEAK.matcher(text);
        return m.find() ? Optional.of(m.group()) : Optional.empty();
    }

    private static boolean isJsonReport(String out) {
        try {
            JsonNode report = JSON.readTree(out);
            return report != null && report.isObject() && report.size() > 0;
        } catch (IOException e) {
            return false;
        }
    }
}
