package dev.muster.api.manifest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Turns the paths a user gave into the manifest files to read: a file as is, a directory as its
 * {@code *.yaml} and {@code *.yml} files in name order (not recursive, without the
 * {@code *.expect.yaml} expectation files that sit next to scenarios).
 */
public final class ManifestFiles {

    private ManifestFiles() {
    }

    public static List<Path> expand(List<Path> paths, ErrorLog log) {
        List<Path> files = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                List<Path> inDir = manifestsIn(p, log);
                if (inDir.isEmpty()) {
                    log.add(ManifestError.ofFile(p.toString(), "directory has no *.yaml or *.yml manifest files"));
                }
                inDir.forEach(f -> addOnce(f, files, seen));
            } else if (Files.isRegularFile(p)) {
                if (isExpectation(p)) {
                    log.add(ManifestError.ofFile(p.toString(),
                            "is an expectation file (*.expect.yaml), not a manifest; pass the scenario file or its directory"));
                } else {
                    addOnce(p, files, seen);
                }
            } else if (Files.exists(p)) {
                log.add(ManifestError.ofFile(p.toString(), "is neither a file nor a directory"));
            } else {
                log.add(ManifestError.ofFile(p.toString(), "no such file or directory"));
            }
        }
        return files;
    }

    private static List<Path> manifestsIn(Path dir, ErrorLog log) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile)
                    .filter(ManifestFiles::isManifestName)
                    .sorted(Comparator.comparing(f -> f.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            log.add(ManifestError.ofFile(dir.toString(), "cannot list directory: " + e.getMessage()));
            return List.of();
        }
    }

    private static boolean isManifestName(Path f) {
        String n = f.getFileName().toString();
        return (n.endsWith(".yaml") || n.endsWith(".yml")) && !isExpectation(f);
    }

    private static boolean isExpectation(Path f) {
        return f.getFileName().toString().endsWith(".expect.yaml");
    }

    // The same file named twice (directly and through its directory) would declare every object twice.
    private static void addOnce(Path f, List<Path> files, Set<Path> seen) {
        if (seen.add(f.toAbsolutePath().normalize())) {
            files.add(f);
        }
    }
}
