package dev.muster.sim.trace;

import static org.junit.jupiter.api.Assumptions.abort;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository's shared data folder ({@code shared/data}), found walking up from the working directory.
 * A checkout without it beside (a clone outside the workspace) skips the tests that read it, as the
 * shared-scenario tests of muster-api do.
 */
final class SharedData {

    private SharedData() {
    }

    static Path folder() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("data");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return abort("no shared/data above " + Path.of("").toAbsolutePath());
    }
}
