package dev.muster.operator.twin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The scenarios the twin test runs: every scenario of muster-sim's suite (the shared ones and the
 * conformance corpus included) and every example. Those the operator's stand-ins cannot drive are
 * skipped with the reason, found from what they declare; {@link #KNOWN_DIFFERENCES} lists those
 * that still differ, with the cause.
 */
final class TwinScenarios {

    private static final Path SCENARIOS = Path.of("..", "muster-sim", "src", "test", "resources", "scenarios");
    private static final Path EXAMPLES = Path.of("..", "examples");

    /** Scenarios whose runs differ, by name, with the cause: each is a bug of one mode, to fix. */
    static final Map<String, String> KNOWN_DIFFERENCES = Map.of();

    record Entry(String name, Map<String, String> files, String skipReason) {
    }

    private TwinScenarios() {
    }

    /**
     * The conformance corpus's scenarios run by default: KAI's preemption. The rest of the corpus
     * (about a hundred scenarios more, some minutes) runs with {@code -Dtwin.corpus=all}.
     */
    private static final List<String> CORPUS_BY_DEFAULT = List.of("conformance/kai/preempt/");

    static List<Entry> all() throws IOException {
        boolean wholeCorpus = "all".equals(System.getProperty("twin.corpus", ""));
        List<Entry> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(SCENARIOS)) {
            for (Path expect : walk.filter(p -> p.getFileName().toString().endsWith(".expect.yaml")).sorted().toList()) {
                String base = expect.getFileName().toString().replace(".expect.yaml", "");
                Path manifests = expect.resolveSibling(base + ".yaml");
                String name = SCENARIOS.relativize(manifests).toString();
                if (name.startsWith("conformance/") && !wholeCorpus && CORPUS_BY_DEFAULT.stream().noneMatch(name::startsWith)) {
                    continue;
                }
                out.add(entry(name, Map.of(manifests.getFileName().toString(), read(manifests)), read(expect),
                        notYet(expect.getParent()).containsKey(base)));
            }
        }
        try (Stream<Path> dirs = Files.list(EXAMPLES)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                Map<String, String> files = new TreeMap<>();
                String expect = "";
                try (Stream<Path> list = Files.list(dir)) {
                    for (Path f : list.sorted().toList()) {
                        String n = f.getFileName().toString();
                        if (n.endsWith(".expect.yaml")) {
                            expect = read(f);
                        } else if (n.endsWith(".yaml")) {
                            files.put(n, read(f));
                        }
                    }
                }
                if (!expect.isEmpty()) {
                    out.add(entry("examples/" + dir.getFileName(), files, expect, false));
                }
            }
        }
        return out;
    }

    private static Entry entry(String name, Map<String, String> files, String expect, boolean notYet) {
        String all = String.join("\n---\n", files.values());
        String reason = notYet ? "not yet built (NOT-YET.txt of its directory)"
                : KNOWN_DIFFERENCES.containsKey(name) ? "known difference: " + KNOWN_DIFFERENCES.get(name)
                : unsupported(all, expect).orElse("");
        return new Entry(name, files, reason);
    }

    /** Why the operator's stand-ins cannot drive a scenario, if they cannot. */
    static Optional<String> unsupported(String manifests, String expect) {
        if (declares(manifests, "Workload")) {
            return Optional.of("declares Workload objects: the operator writes Workloads for jobs, it does not queue"
                    + " Workloads submitted directly");
        }
        if (manifests.contains("sim.muster.dev/check-script")) {
            return Optional.of("a scripted admission check: a controller of the simulator only");
        }
        if (manifests.contains("sim.muster.dev/pod-failures")) {
            return Optional.of("pod failures: the simulator's only (no stand-in fails pods)");
        }
        if (manifests.contains("kueue.x-k8s.io/v1beta2")) {
            return Optional.of("kueue.x-k8s.io/v1beta2 objects: the operator serves v1beta1 (v1beta2 is converted"
                    + " by the conversion webhook, not served by the mock API server)");
        }
        if (declares(manifests, "Pod")) {
            return Optional.of("plain pods: the stand-ins make pods for jobs only");
        }
        if (manifests.contains("generateName:")) {
            return Optional.of("generateName: the job's name is chosen by the API server");
        }
        if (expect.lines().anyMatch(l -> l.startsWith("until:"))) {
            return Optional.of("ends at a fixed time ('until'): the twin runs to the end");
        }
        return Optional.empty();
    }

    private static boolean declares(String manifests, String kind) {
        return java.util.regex.Pattern.compile("(?m)^kind: " + kind + "\\s*$").matcher(manifests).find();
    }

    private static Map<String, String> notYet(Path dir) {
        Path file = dir.resolve("NOT-YET.txt");
        Map<String, String> out = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return out;
        }
        for (String line : read(file).lines().toList()) {
            if (!line.isBlank() && !line.startsWith("#") && line.contains(":")) {
                out.put(line.substring(0, line.indexOf(':')).trim(), line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return out;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
