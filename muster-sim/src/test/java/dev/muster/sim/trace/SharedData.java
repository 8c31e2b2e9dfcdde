package dev.muster.sim.trace;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's shared data folder ({@code shared/data}), found walking up from the working directory. */
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
        throw new IllegalStateException("no shared/data above " + Path.of("").toAbsolutePath());
    }
}
