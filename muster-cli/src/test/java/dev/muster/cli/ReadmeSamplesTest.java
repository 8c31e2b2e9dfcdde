package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's sample reports are what the tool prints: each sample block (one that starts like a
 * report section, or like {@code muster explain}'s answer) is checked against {@code muster simulate}
 * (or {@code muster explain}) of the example the README names just before it. A sample may leave lines out ({@code ...}) and cut long assignments ({@code {...}});
 * every line it shows must be printed, in the same order, with the same words (column widths may
 * differ where lines were left out).
 */
class ReadmeSamplesTest {

    private static final Path README = Path.of("..", "README.md");
    private static final Pattern EXAMPLE = Pattern.compile("examples/([a-z0-9-]+)");
    private static final List<String> REPORT_STARTS = List.of("Simulation ended", "Timeline", "Workloads", "Queues",
            "Pods", "Nodes", "Provisioning requests");
    /** How {@code muster explain}'s output starts. */
    private static final Pattern EXPLAIN_START = Pattern.compile("(\\d+ workloads? waiting at|Nothing waits at) .*");

    /** A sample block: the README line of its first line, the command that prints it, the example it shows, its lines. */
    private record Sample(int line, String command, String example, List<String> lines) {
    }

    @Test
    void everySampleReportInTheReadmeIsWhatTheToolPrints() throws IOException {
        List<Sample> samples = samples(Files.readAllLines(README));
        assertThat(samples).as("sample reports found in the README").hasSizeGreaterThanOrEqualTo(3);
        for (Sample s : samples) {
            List<String> printed = normalised(run(s.command(), s.example()));
            int at = 0;
            for (int j = 0; j < s.lines().size(); j++) {
                String line = s.lines().get(j);
                if (line.isBlank() || line.strip().equals("...")) {
                    continue;
                }
                Pattern wanted = pattern(line);
                int found = -1;
                for (int i = at; i < printed.size() && found < 0; i++) {
                    if (wanted.matcher(printed.get(i)).matches()) {
                        found = i;
                    }
                }
                assertThat(found).as("README.md line %d (sample of examples/%s) is not printed, in this order:%n%s",
                        s.line() + j, s.example(), line).isNotNegative();
                at = found + 1;
            }
        }
    }

    private static List<Sample> samples(List<String> readme) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < readme.size(); i++) {
            if (!readme.get(i).startsWith("```")) {
                continue;
            }
            int end = i + 1;
            while (end < readme.size() && !readme.get(end).startsWith("```")) {
                end++;
            }
            List<String> block = readme.subList(i + 1, Math.min(end, readme.size()));
            if (!block.isEmpty() && REPORT_STARTS.stream().anyMatch(block.get(0)::startsWith)) {
                samples.add(new Sample(i + 2, "simulate", exampleBefore(readme, i), block));
            } else if (!block.isEmpty() && EXPLAIN_START.matcher(block.get(0)).matches()) {
                samples.add(new Sample(i + 2, "explain", exampleBefore(readme, i), block));
            }
            i = end;
        }
        return samples;
    }

    private static String exampleBefore(List<String> readme, int line) {
        for (int i = line; i >= 0; i--) {
            Matcher m = EXAMPLE.matcher(readme.get(i));
            if (m.find()) {
                return m.group(1);
            }
        }
        throw new AssertionError("no example named before README.md line " + (line + 1));
    }

    private static String run(String command, String example) {
        StringWriter out = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true),
                command, Path.of("..", "examples", example).toString());
        assertThat(code).as("muster %s examples/%s", command, example).isZero();
        return out.toString();
    }

    private static List<String> normalised(String text) {
        return text.lines().map(l -> l.strip().replaceAll("\\s+", " ")).toList();
    }

    /** The sample line with its spacing loosened and each {@code {...}} standing for any one assignment. */
    private static Pattern pattern(String sampleLine) {
        String[] parts = sampleLine.strip().replaceAll("\\s+", " ").split(Pattern.quote("{...}"), -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            regex.append(Pattern.quote(parts[i]));
            if (i < parts.length - 1) {
                regex.append("\\{[^}]*\\}");
            }
        }
        return Pattern.compile(regex.toString());
    }
}
