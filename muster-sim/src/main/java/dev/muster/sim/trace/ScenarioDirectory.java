package dev.muster.sim.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes a scenario directory all at once or not at all: the files go to a hidden sibling first,
 * which is then renamed to the target. A target that holds anything is refused, so an import never
 * mixes with an older scenario or leaves half a one behind.
 */
public final class ScenarioDirectory {

    private ScenarioDirectory() {
    }

    public static void write(Path dir, Map<String, String> files) {
        Path target = dir.toAbsolutePath().normalize();
        refuseNonEmpty(target);
        Path parent = target.getParent();
        Path staging = null;
        try {
            Files.createDirectories(parent);
            staging = Files.createTempDirectory(parent, "." + target.getFileName() + ".");
            for (Map.Entry<String, String> f : files.entrySet()) {
                Files.writeString(staging.resolve(f.getKey()), f.getValue());
            }
            Files.deleteIfExists(target); // empty, checked above
            try {
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(staging, target);
            }
            staging = null;
        } catch (DirectoryNotEmptyException e) {
            throw new TraceFileException(dir + ": is not empty; give a new directory");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the scenario to " + dir, e);
        } finally {
            if (staging != null) {
                deleteQuietly(staging);
            }
        }
    }

    private static void refuseNonEmpty(Path target) {
        if (Files.isRegularFile(target)) {
            throw new TraceFileException(target + ": is a file; give a new directory");
        }
        if (Files.isDirectory(target)) {
            try (Stream<Path> entries = Files.list(target)) {
                if (entries.findAny().isPresent()) {
                    throw new TraceFileException(target + ": is not empty; give a new directory");
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + target, e);
            }
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a hidden staging directory left behind harms nothing
        }
    }
}
