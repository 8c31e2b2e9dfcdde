package dev.muster.sim.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The {@code -o} choices of {@code muster simulate}; {@link #TEXT} is the default. */
public enum ReportFormat {
    TEXT(TextReportWriter::new),
    JSON(JsonReportWriter::new),
    YAML(YamlReportWriter::new);

    // A supplier, not a writer: only the format asked for is loaded (each sets up its own Jackson mapper).
    private final Supplier<ReportWriter> writer;

    ReportFormat(Supplier<ReportWriter> writer) {
        this.writer = writer;
    }

    /** Writes the report in this format and flushes {@code out}, leaving it open. */
    public void write(Report report, Writer out) throws IOException {
        writer.get().write(report, out);
    }

    /** Writes the report as UTF-8 bytes and flushes {@code out}, leaving it open. */
    public void write(Report report, OutputStream out) throws IOException {
        writer.get().write(report, out);
    }

    /**
     * Writes the report to a stream such as {@code System.out}, in the stream's own charset (as bytes
     * straight from the report writer when that is UTF-8, the usual case).
     *
     * @throws UncheckedIOException if the stream reports an error (a closed pipe, a full disk)
     */
    public void write(Report report, PrintStream out) {
        try {
            if (StandardCharsets.UTF_8.equals(out.charset())) {
                write(report, (OutputStream) out);
            } else {
                // Not closed: closing the OutputStreamWriter would close System.out.
                Writer chars = new OutputStreamWriter(out, out.charset());
                write(report, chars);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (out.checkError()) {
            throw new UncheckedIOException(new IOException("could not write the report to the output stream"));
        }
    }

    /** The name used on the command line: {@code text}, {@code json}, {@code yaml}. */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The format for a {@code -o} value, ignoring case.
     *
     * @throws IllegalArgumentException naming the accepted values, fit to show a user
     */
    public static ReportFormat fromOptionName(String name) {
        for (ReportFormat format : values()) {
            if (format.optionName().equalsIgnoreCase(name.strip())) {
                return format;
            }
        }
        String accepted = Arrays.stream(values()).map(ReportFormat::optionName).collect(Collectors.joining(", "));
        throw new IllegalArgumentException("unknown output format \"" + name + "\"; expected one of: " + accepted);
    }
}
