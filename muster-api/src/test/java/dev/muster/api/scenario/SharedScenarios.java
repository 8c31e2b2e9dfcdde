package dev.muster.api.scenario;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds the project's shared scenario folder ({@code shared/scenarios}) above the working directory. */
final class SharedScenarios {

    private SharedScenarios() {
    }

    static Optional<Path> directory() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared").resolve("scenarios");
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The scenario's manifest file; skips the test when the shared folder is not there. */
    static Path file(String name) {
        Optional<Path> dir = directory();
        assumeTrue(dir.isPresent(), "shared/scenarios not found above " + Path.of("").toAbsolutePath());
        Path f = dir.get().resolve(name + ".yaml");
        assumeTrue(Files.isRegularFile(f), f + " not found");
        return f;
    }

    static List<Path> all() throws IOException {
        Optional<Path> dir = directory();
        assumeTrue(dir.isPresent(), "shared/scenarios not found above " + Path.of("").toAbsolutePath());
        try (Stream<Path> s = Files.list(dir.get())) {
            return s.filter(f -> f.toString().endsWith(".yaml") && !f.toString().endsWith(".expect.yaml"))
                    .sorted()
                    .toList();
        }
    }
}
