package dev.muster.sim.report;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.Writer;

/**
 * {@code -o yaml}: the same tree as {@link JsonReportWriter}, in YAML.
 *
 * <p>Strings are quoted only where YAML needs it, but strings that look like numbers stay quoted
 * ({@code cpu: "2"}) so that reading the YAML back gives the same types as the JSON. Long messages are
 * not folded over several lines, and there is no leading {@code ---}: the output is one document.
 */
public final class YamlReportWriter implements ReportWriter {

    private static final YAMLMapper MAPPER = new YAMLMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .build());

    private final ObjectWriter writer = MAPPER.writer();

    @Override
    public void write(Report report, Writer out) throws IOException {
        out.write(writer.writeValueAsString(report));
        out.flush();
    }
}
