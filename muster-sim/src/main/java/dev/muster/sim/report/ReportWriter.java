package dev.muster.sim.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/** Writes a whole {@link Report} in one output format; see {@link ReportFormat} for the choice. */
public sealed interface ReportWriter permits TextReportWriter, JsonReportWriter, YamlReportWriter {

    /** Writes the report and flushes; the writer is left open, it belongs to the caller. */
    void write(Report report, Writer out) throws IOException;

    /** Writes the report as UTF-8 bytes and flushes; the stream is left open, it belongs to the caller. */
    default void write(Report report, OutputStream out) throws IOException {
        // Not closed: closing the OutputStreamWriter would close the caller's stream.
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        write(report, writer);
        writer.flush();
    }
}
