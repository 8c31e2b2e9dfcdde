package dev.muster.cli.fuzz;

import dev.muster.cli.Main;
import dev.muster.cli.fuzz.Mutator.Mutant;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Runs a mutant as a user would, {@code muster simulate -o json DIR} through the command's own entry
 * point, in this JVM, on a worker thread with a time limit: a run past the limit is a hang.
 */
final class MutantRunner implements AutoCloseable {

    /** One mutant's run: its outcome and how long it took. */
    record Result(Mutant mutant, Outcome outcome, Duration took) {
    }

    private final Path workDir;
    private final Duration limit;
    private ExecutorService worker = newWorker();

    MutantRunner(Path workDir, Duration limit) {
        this.workDir = workDir;
        this.limit = limit;
    }

    Result run(Mutant mutant, FuzzSource source) {
        Path dir = workDir.resolve("mutant-" + mutant.id().index());
        List<String> args = new ArrayList<>(List.of("simulate", "-o", "json"));
        source.until().ifPresent(u -> args.addAll(List.of("--until", u)));
        args.add(dir.toString());
        long start = System.nanoTime();
        Outcome outcome;
        try {
            Files.createDirectories(dir);
            mutant.manifests().writeTo(dir);
            outcome = runWithLimit(args.toArray(String[]::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
        return new Result(mutant, outcome, Duration.ofNanos(System.nanoTime() - start));
    }

    private Outcome runWithLimit(String[] args) {
        Future<Outcome> run = worker.submit(() -> {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
            return Outcome.of(code, out.toString(), err.toString());
        });
        try {
            return run.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // the stuck thread cannot be stopped: leave it (a daemon) and go on with a fresh worker
            run.cancel(true);
            worker.shutdownNow();
            worker = newWorker();
            return new Outcome.Defect("no answer within " + limit.toSeconds() + " s (a hang)", "");
        } catch (ExecutionException e) {
            return new Outcome.Defect("the command threw " + e.getCause(), "");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(task -> {
            Thread t = new Thread(task, "fuzz-mutant");
            t.setDaemon(true);
            return t;
        });
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
