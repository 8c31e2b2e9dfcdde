package dev.muster.sim.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class YamlReportWriterTest {

    private static final YAMLMapper YAML = new YAMLMapper();

    @Test
    void isTheSameTreeAsTheJson() throws IOException {
        Report report = SampleReports.gkeQueuedProvisioning();
        StringWriter json = new StringWriter();
        new JsonReportWriter().write(report, json);

        JsonNode fromYaml = YAML.readTree(yaml(report));

        assertThat(fromYaml).isEqualTo(new YAMLMapper().readTree(json.toString()));
        assertThat(JsonReportWriterTest.fieldNames(fromYaml.get("workloads").get(1)))
                .isEqualTo(JsonReportWriterTest.componentNames(Report.WorkloadReport.class));
    }

    @Test
    void readsBackToAnEqualReport() throws IOException {
        Report report = SampleReports.gkeQueuedProvisioning();

        assertThat(YAML.readValue(yaml(report), Report.class)).isEqualTo(report);
    }

    @Test
    void quotesNumberLikeStringsSoQuantitiesStayStrings() throws IOException {
        String yaml = yaml(SampleReports.gkeQueuedProvisioning());

        assertThat(yaml).contains("cpu: \"2\"").contains("memory: 8G").contains("finishedAtSeconds: null")
                .contains("podSets: []").contains("endSeconds: 900.0").doesNotStartWith("---");
    }

    @Test
    void doesNotFoldLongMessages() throws IOException {
        String message = "a very long message ".repeat(20).strip();
        Report report = new Report(Report.SCHEMA, 0.0, List.of(), List.of(), List.of(), List.of(),
                List.of(new Report.EventReport(0.0, "Pod/default/p", "Normal", "Created", message)));

        assertThat(yaml(report)).contains("message: " + message + "\n");
    }

    private static String yaml(Report report) throws IOException {
        StringWriter out = new StringWriter();
        new YamlReportWriter().write(report, out);
        return out.toString();
    }
}
