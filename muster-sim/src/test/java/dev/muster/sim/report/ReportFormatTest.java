package dev.muster.sim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReportFormatTest {

    @Test
    void findsAFormatByItsOptionNameIgnoringCase() {
        assertThat(ReportFormat.fromOptionName("text")).isEqualTo(ReportFormat.TEXT);
        assertThat(ReportFormat.fromOptionName("JSON")).isEqualTo(ReportFormat.JSON);
        assertThat(ReportFormat.fromOptionName(" yaml ")).isEqualTo(ReportFormat.YAML);
        assertThat(ReportFormat.YAML.optionName()).isEqualTo("yaml");
    }

    @Test
    void namesTheAcceptedFormatsForAnUnknownOne() {
        assertThatThrownBy(() -> ReportFormat.fromOptionName("xml"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown output format \"xml\"; expected one of: text, json, yaml");
    }

    @Test
    void writesToAPrintStreamWithoutClosingIt() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8);

        ReportFormat.JSON.write(SampleReports.empty(), out);
        out.print("after");

        assertThat(bytes.toString(StandardCharsets.UTF_8)).startsWith("{\n").endsWith("}\nafter");
    }
}
