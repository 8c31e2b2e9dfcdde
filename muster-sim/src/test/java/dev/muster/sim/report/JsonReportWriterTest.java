package dev.muster.sim.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonReportWriterTest {

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    @Test
    void writesTheContractFieldsInRecordComponentOrder() throws IOException {
        JsonNode tree = JSON.readTree(json(SampleReports.gkeQueuedProvisioning()));

        assertThat(fieldNames(tree)).isEqualTo(componentNames(Report.class));
        JsonNode workload = tree.get("workloads").get(0);
        assertThat(fieldNames(tree.get("workloads").get(1))).as("a pending workload")
                .isEqualTo(componentNames(Report.WorkloadReport.class))
                .containsExactly("kind", "namespace", "name", "queue", "clusterQueue", "priority", "state",
                        "admittedAtSeconds", "finishedAtSeconds", "flavors", "podSets", "evictions", "pods", "message",
                        "createdAtSeconds", "admissionsAtSeconds", "pending");
        assertThat(fieldNames(workload)).as("an admitted workload has no pending object")
                .isEqualTo(componentNames(Report.WorkloadReport.class).subList(0, 16));
        assertThat(fieldNames(tree.get("workloads").get(1).get("pending")))
                .isEqualTo(componentNames(Report.PendingReport.class))
                .containsExactly("reason", "positionInClusterQueue", "positionInLocalQueue", "blocking",
                        "forecastAdmitAtSeconds", "forecastBasis");
        assertThat(fieldNames(workload.get("podSets").get(0))).isEqualTo(componentNames(Report.PodSetCount.class));
        assertThat(fieldNames(workload.get("evictions").get(0))).isEqualTo(componentNames(Report.Eviction.class));
        assertThat(fieldNames(workload.get("pods").get(0))).isEqualTo(componentNames(Report.PodReport.class));
        assertThat(fieldNames(tree.get("queues").get(0))).isEqualTo(componentNames(Report.QueueReport.class));
        assertThat(fieldNames(tree.get("nodes").get(0))).isEqualTo(componentNames(Report.NodeReport.class));
        assertThat(fieldNames(tree.get("provisioningRequests").get(0)))
                .isEqualTo(componentNames(Report.ProvisioningRequestReport.class));
        assertThat(fieldNames(tree.get("events").get(0))).as("an event that happened once: no count, no last time")
                .isEqualTo(componentNames(Report.EventReport.class).subList(0, 5));
    }

    @Test
    void aRepeatedEventCarriesItsCountAndLastTimeAndOneThatHappenedOnceNeither() throws IOException {
        Report.EventReport once = new Report.EventReport(5.0, "Job/default/a", "Normal", "Pending", "waiting");
        Report.EventReport repeated = new Report.EventReport(5.0, "Job/default/b", "Normal", "Pending", "waiting", 3, 65.0);
        Report report = new Report(Report.SCHEMA, 70.0, List.of(), List.of(), List.of(), List.of(),
                List.of(once, repeated));

        JsonNode events = JSON.readTree(json(report)).get("events");
        assertThat(fieldNames(events.get(0))).containsExactly("atSeconds", "object", "type", "reason", "message");
        assertThat(fieldNames(events.get(1))).containsExactly("atSeconds", "object", "type", "reason", "message", "count",
                "lastSeconds");
        assertThat(events.get(1).get("count").asInt()).isEqualTo(3);
        assertThat(events.get(1).get("lastSeconds").asDouble()).isEqualTo(65.0);
        assertThat(JSON.readValue(json(report), Report.class)).as("read back: once means 1, at its first time")
                .isEqualTo(report);
        assertThat(JSON.readValue(json(report), Report.class).events().get(0).lastSecondsOrFirst()).isEqualTo(5.0);
    }

    @Test
    void writesNullsEmptyListsAndDoublesAsTheContractShowsThem() throws IOException {
        String json = json(SampleReports.gkeQueuedProvisioning());

        assertThat(json)
                .contains("\"schema\": \"muster.sim/v1\"")
                .contains("\"endSeconds\": 900.0")
                .contains("\"admittedAtSeconds\": 60.0")
                .contains("\"finishedAtSeconds\": null")
                .contains("\"clusterQueue\": null")
                .contains("\"gpuFraction\": null")
                .contains("\"podSets\": []")
                .contains("\"flavors\": {}")
                .contains("\"removedAtSeconds\": null")
                .contains("\"cpu\": \"2\"");
    }

    @Test
    void writesAnEmptyReportExactly() throws IOException {
        assertThat(json(SampleReports.empty())).isEqualTo("""
                {
                  "schema": "muster.sim/v1",
                  "endSeconds": 0.0,
                  "workloads": [],
                  "queues": [],
                  "nodes": [],
                  "provisioningRequests": [],
                  "events": []
                }
                """);
    }

    @Test
    void writesEachEventAndEachLeafOfAWorkloadOrQueueOnOneLine() throws IOException {
        String json = json(SampleReports.gkeQueuedProvisioning());

        assertThat(json.lines()).contains(
                "    {\"atSeconds\": 0.0, \"object\": \"RayJob/default/pytorch-text-classifier-x7k2q\", \"type\": \"Normal\","
                        + " \"reason\": \"Suspended\", \"message\": \"suspended until admitted\"},",
                "        \"head\": {\"cpu\": \"default-flavor\", \"nvidia.com/gpu\": \"default-flavor\"}",
                "        {\"name\": \"head\", \"count\": 1}",
                "        {\"name\": \"pytorch-text-classifier-x7k2q-head\", \"podSet\": \"head\", \"node\": \"gpu-node-pool-0\","
                        + " \"gpuDevices\": [0], \"gpuFraction\": null, \"gpuGroup\": null}",
                "        \"default-flavor\": {\"cpu\": \"2\", \"memory\": \"8G\", \"nvidia.com/gpu\": \"1\"}");
        // the rest stays a field a line
        assertThat(json.lines()).contains("      \"kind\": \"RayJob\",", "  \"events\": [", "      \"flavors\": {");
    }

    @Test
    void readsBackToAnEqualReport() throws IOException {
        Report report = SampleReports.gkeQueuedProvisioning();

        assertThat(JSON.readValue(json(report), Report.class)).isEqualTo(report);
    }

    @Test
    void keepsTheMapOrderTheSimulatorBuilt() throws IOException {
        Map<String, String> resources = new LinkedHashMap<>();
        resources.put("nvidia.com/gpu", "1");
        resources.put("memory", "4Gi");
        resources.put("cpu", "2");
        Map<String, Map<String, String>> usage = new LinkedHashMap<>();
        usage.put("spot", resources);
        usage.put("on-demand", Map.of("cpu", "1"));
        Report report = new Report(Report.SCHEMA, 1.0, List.of(),
                List.of(new Report.QueueReport("q", "ClusterQueue", usage, 0, 0)), List.of(), List.of(), List.of());

        JsonNode usageNode = JSON.readTree(json(report)).get("queues").get(0).get("usage");

        assertThat(fieldNames(usageNode)).containsExactly("spot", "on-demand");
        assertThat(fieldNames(usageNode.get("spot"))).containsExactly("nvidia.com/gpu", "memory", "cpu");
    }

    @Test
    void isDeterministicAndEndsWithOneNewline() throws IOException {
        String first = json(SampleReports.gkeQueuedProvisioning());

        assertThat(json(SampleReports.gkeQueuedProvisioning())).isEqualTo(first);
        assertThat(first).endsWith("}\n").doesNotEndWith("\n\n").doesNotContain("\r");
    }

    /**
     * Standard output takes the report as bytes from Jackson's UTF-8 generator; they must be the
     * characters' UTF-8 encoding exactly, non-ASCII text (a message with a non-breaking space, an
     * arrow and an accent) and escapes included.
     */
    @Test
    void theByteStreamGetsTheUtf8OfTheCharacters() throws IOException {
        Report.EventReport odd = new Report.EventReport(5.0, "Job/default/a", "Normal", "Pending",
                "waiting\u00a0for \"quota\" \u2192 caf\u00e9\n\ttab");
        Report report = new Report(Report.SCHEMA, 70.0, List.of(), List.of(), List.of(), List.of(), List.of(odd));
        for (Report r : List.of(report, SampleReports.gkeQueuedProvisioning())) {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            new JsonReportWriter().write(r, bytes);
            assertThat(bytes.toByteArray()).isEqualTo(json(r).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    private static String json(Report report) throws IOException {
        StringWriter out = new StringWriter();
        new JsonReportWriter().write(report, out);
        return out.toString();
    }

    static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    static List<String> componentNames(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }
}
