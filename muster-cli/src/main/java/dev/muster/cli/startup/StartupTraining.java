package dev.muster.cli.startup;

import dev.muster.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The launcher's training run for JDK 25's AOT cache ({@code ./muster}, {@code train_aot_cache}):
 * {@code muster simulate -o json} over the paths given (the bundled examples) together with the
 * {@link TrainingScenario}, as one run, with the report discarded.
 *
 * <p>One run because {@code -XX:AOTMode=record} records one JVM. The examples and the synthetic
 * cluster go through the same command line a user's run does, so that what is recorded (classes
 * loaded and linked, method profiles) is what a user's run needs. Exit status: the simulation's.
 */
public final class StartupTraining {

    private StartupTraining() {
    }

    public static void main(String[] examples) throws IOException {
        System.exit(run(examples));
    }

    /** Runs the training simulation over {@code examples} and the synthetic cluster; returns its exit status. */
    static int run(String... examples) throws IOException {
        Path dir = Files.createTempDirectory("muster-training-");
        try {
            TrainingScenario.write(dir);
            List<String> args = new ArrayList<>(List.of("simulate"));
            args.addAll(List.of(examples));
            args.addAll(List.of(dir.toString(), "-o", "json"));
            PrintWriter discard = new PrintWriter(Writer.nullWriter());
            return Main.execute(discard, new PrintWriter(System.err, true), args.toArray(String[]::new));
        } finally {
            deleteTree(dir);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
