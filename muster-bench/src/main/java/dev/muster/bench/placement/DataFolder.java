package dev.muster.bench.placement;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the shared data lives: the {@code shared/data} folder of the first directory, walking up
 * from a start directory, that holds one. The traces are not copied into the repository; the
 * benchmark and its tests read them in place.
 */
public final class DataFolder {

    private DataFolder() {
    }

    /** The {@code shared/data} folder above {@code start} (or in it), if there is one. */
    public static Optional<Path> find(Path start) {
        for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("data");
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** {@link #find} from the working directory. */
    public static Optional<Path> fromWorkingDirectory() {
        return find(Path.of(""));
    }
}
