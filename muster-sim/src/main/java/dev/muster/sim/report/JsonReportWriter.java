package dev.muster.sim.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;

/**
 * {@code -o json}: the report tree of contract section 2, laid out by {@link JsonReportLayout}, one
 * trailing newline.
 *
 * <p>Jackson writes records component by component in declaration order, so the field order is
 * {@link Report}'s; nulls are written (the contract has {@code "finishedAtSeconds": null}) and maps
 * keep the iteration order the simulator built them with. Lines end with {@code "\n"} rather than
 * the platform's line separator so the output is byte-for-byte the same everywhere, which
 * golden-file tests rely on.
 */
public final class JsonReportWriter implements ReportWriter {

    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    // Written straight to the stream: a report of ten thousand workloads is tens of megabytes, and a
    // string of it first would double the memory and the time. The stream stays open for the caller.
    private final ObjectWriter writer = MAPPER.writer(new JsonReportLayout()).without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    @Override
    public void write(Report report, Writer out) throws IOException {
        writer.writeValue(out, report);
        out.write('\n');
        out.flush();
    }

    /**
     * Jackson's byte generator encodes as it writes: the characters of a report of tens of megabytes
     * are not written once and then encoded again by the stream's encoder (a tenth of a second of an
     * openb run, cold). The same bytes as {@link #write(Report, Writer)} over a UTF-8 writer.
     */
    @Override
    public void write(Report report, OutputStream out) throws IOException {
        writer.writeValue(out, report);
        out.write('\n');
        out.flush();
    }
}
