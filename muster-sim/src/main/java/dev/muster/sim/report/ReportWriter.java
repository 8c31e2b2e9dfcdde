package dev.muster.sim.report;

import java.io.IOException;
import java.io.Writer;

/** Writes a whole {@link Report} in one output format; see {@link ReportFormat} for the choice. */
public sealed interface ReportWriter permits TextReportWriter, JsonReportWriter, YamlReportWriter {

    /** Writes the report and flushes; the writer is left open, it belongs to the caller. */
    void write(Report report, Writer out) throws IOException;
}
