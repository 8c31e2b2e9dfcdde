package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Input limits are checked before and while reading, in time linear in the input, with messages in the user's terms. */
class ManifestLimitsTest {

    private static String pod(String annotation) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: p1
                  namespace: team-a
                  annotations:
                    note: %s
                spec:
                  containers:
                  - name: a
                    image: pause
                """.formatted(annotation);
    }

    private static List<String> problems(String text) {
        ErrorLog log = new ErrorLog();
        YamlDocuments.read("big.yaml", text, log);
        return log.errors().stream().map(ManifestError::toString).toList();
    }

    private static long millisToRead(String text) {
        long start = System.nanoTime();
        problems(text);
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Test
    void aLineLongerThan256KibIsRefusedNamingTheObjectAndField() {
        assertThat(problems("---\n" + pod("x".repeat(2 * 1024 * 1024)))).containsExactly(
                "big.yaml: document 1 (Pod \"team-a/p1\"): metadata.annotations.note: a line of 2097162 characters;"
                        + " Muster reads lines of at most 262144 characters (256 KiB, what Kubernetes allows for all"
                        + " of an object's annotations together)");
    }

    @Test
    void aDocumentLargerThanTheParsersLimitIsRefusedBeforeParsing() {
        String manyLines = ("    note: " + "y".repeat(1000) + "\n").repeat(3300);
        String text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  a: |\n" + manyLines;
        assertThat(problems("kind: Namespace\nmetadata:\n  name: a\n---\n" + text)).singleElement().asString()
                .startsWith("big.yaml: document 2 (ConfigMap \"big\"): a document of ")
                .endsWith("Muster reads documents of at most 3145728 characters (3 MiB, the YAML parser's limit;"
                        + " the API server stores objects of at most 1.5 MiB)");
    }

    @Test
    void deepNestingIsRefusedWithTheObjectAndPathNotAParserClassName() {
        String deep = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata: " + "[".repeat(10_000)
                + "]".repeat(10_000) + "\n";
        List<String> problems = problems("kind: Namespace\nmetadata:\n  name: a\n---\n" + deep);
        assertThat(problems).containsExactly("big.yaml: document 2 (ConfigMap \"x\"): data[0][0][0]...: nested deeper"
                + " than 100 levels; Muster reads at most 100 (no Kubernetes object it reads needs more than about 15)");
        assertThat(problems.get(0)).doesNotContain("Jackson", "StreamReadConstraints", "Exception");
    }

    @Test
    void aFileOverTheLimitIsRefusedFromItsSizeAlone() {
        assertThat(ManifestLimits.fileSizeProblem(50L * 1000 * 1000)).contains(
                "is 47.7 MiB; Muster reads manifest files of at most 32 MiB (split it into several files)");
        assertThat(ManifestLimits.fileSizeProblem(ManifestLimits.MAX_FILE_BYTES)).isEmpty();
    }

    @Test
    void readingStaysLinearInTheInput() {
        // Warm up both readers once so that the figures are the reading, not class loading.
        problems(pod("x".repeat(1000)));
        problems(pod("{a: " + "x".repeat(1000) + "}"));

        int longest = ManifestLimits.MAX_LINE_CHARS - 40;
        assertThat(millisToRead(pod("x".repeat(longest)))).as("a 256 KiB scalar, block style").isLessThan(300);
        assertThat(millisToRead(pod("{a: " + "x".repeat(longest) + "}"))).as("a 256 KiB scalar, flow style (SnakeYAML)")
                .isLessThan(1000);
        assertThat(millisToRead(pod("x".repeat(2 * 1024 * 1024)))).as("a 2 MiB scalar, refused").isLessThan(300);
        assertThat(millisToRead(pod("x".repeat(30 * 1024 * 1024)))).as("a 30 MiB annotation, refused").isLessThan(1000);
    }
}
