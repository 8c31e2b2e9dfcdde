package dev.muster.cli;

import dev.muster.sim.report.Report;
import dev.muster.sim.report.html.HtmlReport;
import dev.muster.sim.series.RunSeries;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;

/** Where {@code --html} writes its page: checked before the run, written whole or not at all. */
final class HtmlOutput {

    private HtmlOutput() {
    }

    /** Why {@code file} cannot be written, if it cannot (its directory is missing or read-only, it is a directory). */
    static Optional<String> unwritable(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (Files.isDirectory(file)) {
            return Optional.of("is a directory; give a file name");
        }
        if (dir == null || !Files.isDirectory(dir)) {
            return Optional.of("no directory " + dir + " to write it in");
        }
        if (!Files.isWritable(dir) || Files.exists(file) && !Files.isWritable(file)) {
            return Optional.of("cannot be written (permissions)");
        }
        return Optional.empty();
    }

    /** Writes a whole page to the writer it is given. */
    interface Page {
        void writeTo(Writer out) throws IOException;
    }

    static void write(Path file, Report report, RunSeries series, String title) throws IOException {
        write(file, out -> HtmlReport.write(report, series, title, out));
    }

    /** Writes to a temporary file beside it, then moves it in place: a reader never sees half a page. */
    static void write(Path file, Page page) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        // Made as any new file is (the user's umask), not as createTempFile's owner-only file.
        Path tmp = dir.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE_NEW,
                    java.nio.file.StandardOpenOption.WRITE)) {
                page.writeTo(w);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The page's title: the scenario's paths, as given. */
    static String title(List<Path> paths) {
        return String.join(", ", paths.stream().map(Path::toString).toList());
    }
}
