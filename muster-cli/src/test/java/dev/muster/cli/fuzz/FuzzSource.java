package dev.muster.cli.fuzz;

import dev.muster.api.manifest.ErrorLog;
import dev.muster.api.manifest.ManifestFiles;
import dev.muster.sim.expect.ExpectationFileReader;
import dev.muster.sim.expect.Expectations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A valid scenario the fuzz test mutates: every shared scenario and every example, with its
 * expectation file (whose {@code until} the mutants keep, so that a scenario meant to be cut off
 * still is).
 */
record FuzzSource(String name, ManifestSet manifests, Path expectFile, Optional<String> until) {

    static final Path SHARED = Path.of("muster-sim", "src", "test", "resources", "scenarios", "shared");

    /** The shared scenarios, then the examples, each in name order. */
    static List<FuzzSource> all() {
        Path root = repositoryRoot();
        List<FuzzSource> sources = new ArrayList<>();
        for (Path expect : expectationFiles(root.resolve(SHARED))) {
            String name = expect.getFileName().toString().replace(".expect.yaml", "");
            sources.add(of("shared/" + name, expect.resolveSibling(name + ".yaml"), expect));
        }
        for (Path dir : list(root.resolve("examples")).stream().filter(Files::isDirectory).toList()) {
            for (Path expect : expectationFiles(dir)) {
                sources.add(of("examples/" + dir.getFileName(), dir, expect));
            }
        }
        return sources;
    }

    static FuzzSource named(String name) {
        return all().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no fuzz source " + name + "; there are "
                        + all().stream().map(FuzzSource::name).toList()));
    }

    private static FuzzSource of(String name, Path manifests, Path expect) {
        ErrorLog log = new ErrorLog();
        List<Path> files = ManifestFiles.expand(List.of(manifests), log);
        Expectations expectations = ExpectationFileReader.read(expect);
        Optional<String> until = Optional.ofNullable(expectations.until()).map(d -> d.toSeconds() + "s");
        return new FuzzSource(name, ManifestSet.read(files), expect, until);
    }

    private static List<Path> expectationFiles(Path dir) {
        return list(dir).stream().filter(p -> p.getFileName().toString().endsWith(".expect.yaml")).toList();
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("examples"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no examples/ folder above " + Path.of("").toAbsolutePath());
        }
        return p;
    }
}
