package dev.muster.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The bundled examples ({@code examples/} of the repository), for tests that run each of them. */
final class BundledExamples {

    private BundledExamples() {
    }

    /** Their directory names, in name order. */
    static Stream<String> names() throws IOException {
        try (Stream<Path> dirs = Files.list(Path.of("..", "examples"))) {
            return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }
}
