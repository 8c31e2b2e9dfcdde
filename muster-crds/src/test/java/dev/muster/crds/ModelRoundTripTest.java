package dev.muster.crds;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.muster.crds.kai.Queue;
import dev.muster.crds.kai.QueueResource;
import dev.muster.crds.kueue.Admission;
import dev.muster.crds.kueue.AdmissionCheckState;
import dev.muster.crds.kueue.CheckState;
import dev.muster.crds.kueue.ClusterQueue;
import dev.muster.crds.kueue.Cohort;
import dev.muster.crds.kueue.CohortV1alpha1;
import dev.muster.crds.kueue.PodSetAssignment;
import dev.muster.crds.kueue.QueueingStrategy;
import dev.muster.crds.kueue.Workload;
import dev.muster.crds.kueue.WorkloadPriorityClass;
import dev.muster.crds.kueue.WorkloadStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The typed model reads what users write: every Kueue and KAI object in {@code examples/} survives a
 * trip through its class (no field dropped or changed), and what Muster writes serializes with the
 * spellings of Kueue's API.
 */
class ModelRoundTripTest {

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void everyKueueAndKaiObjectOfTheExamplesSurvivesTheModel() throws IOException {
        Path examples = repositoryRoot().resolve("examples");
        List<String> checked = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.walk(examples)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                for (JsonNode doc : documents(file)) {
                    Class<? extends CustomResource<?, ?>> type = typeOf(doc);
                    if (type == null) {
                        continue;
                    }
                    String where = examples.relativize(file) + " " + doc.path("kind").asText() + "/"
                            + doc.path("metadata").path("name").asText();
                    checked.add(where);
                    JsonNode back = SERIALIZATION.convertValue(SERIALIZATION.convertValue(doc, type), JsonNode.class);
                    for (String field : List.of("spec", "value", "description")) {
                        JsonNode in = normalize(doc.path(field));
                        JsonNode out = normalize(back.path(field));
                        if (!in.equals(out)) {
                            problems.add(where + " ." + field + ":\n      written " + in + "\n      read    " + out);
                        }
                    }
                }
            }
        }
        assertThat(checked).as("Kueue and KAI objects found under examples/").isNotEmpty();
        assertThat(problems).as("objects the model does not read back unchanged").isEmpty();
    }

    @Test
    void statusUsesKueuesSpellings() {
        Workload workload = new Workload();
        WorkloadStatus status = new WorkloadStatus();
        Admission admission = new Admission();
        admission.setClusterQueue("cluster-queue");
        PodSetAssignment head = new PodSetAssignment();
        head.setName("head");
        head.setFlavors(Map.of("nvidia.com/gpu", "default-flavor"));
        head.setResourceUsage(Map.of("nvidia.com/gpu", new Quantity("1")));
        head.setCount(1);
        admission.setPodSetAssignments(List.of(head));
        status.setAdmission(admission);
        AdmissionCheckState check = new AdmissionCheckState();
        check.setName("rayjob-gpu");
        check.setState(CheckState.READY);
        check.setMessage("");
        check.setLastTransitionTime("2026-01-01T00:00:00Z");
        status.setAdmissionChecks(List.of(check));
        Condition admitted = new ConditionBuilder().withType("Admitted").withStatus("True").withReason("Admitted")
                .withMessage("admitted by ClusterQueue cluster-queue").withLastTransitionTime("2026-01-01T00:00:00Z")
                .build();
        status.setConditions(List.of(admitted));
        workload.setStatus(status);

        JsonNode json = SERIALIZATION.convertValue(workload, JsonNode.class);
        assertThat(json.path("apiVersion").asText()).isEqualTo("kueue.x-k8s.io/v1beta1");
        assertThat(json.path("kind").asText()).isEqualTo("Workload");
        JsonNode s = json.path("status");
        assertThat(s.path("admission").path("podSetAssignments").get(0).path("resourceUsage").path("nvidia.com/gpu").asText())
                .isEqualTo("1");
        assertThat(s.path("admissionChecks").get(0).path("state").asText()).isEqualTo("Ready");
        assertThat(s.path("admissionChecks").get(0).has("podSetUpdates")).as("unset fields are left out").isFalse();
        assertThat(s.has("requeueState")).isFalse();
        assertThat(SERIALIZATION.convertValue(json, Workload.class).getStatus()).isEqualTo(status);
    }

    @Test
    void enumerationsReadTheirManifestSpelling() {
        ClusterQueue cq = SERIALIZATION.unmarshal("""
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata: {name: a}
                spec:
                  queueingStrategy: StrictFIFO
                """, ClusterQueue.class);
        assertThat(cq.getSpec().getQueueingStrategy()).isEqualTo(QueueingStrategy.STRICT_FIFO);
        assertThat(cq.getSpec().getQueueingStrategy().value()).isEqualTo("StrictFIFO");
        Queue queue = SERIALIZATION.unmarshal("""
                apiVersion: scheduling.run.ai/v2
                kind: Queue
                metadata: {name: team-a}
                spec:
                  parentQueue: department-a
                  resources:
                    gpu: {quota: -1, limit: 8, overQuotaWeight: 0.5}
                """, Queue.class);
        QueueResource gpu = queue.getSpec().getResources().getGpu();
        assertThat(gpu.getQuota()).isEqualTo(-1.0);
        assertThat(gpu.getOverQuotaWeight()).isEqualTo(0.5);
        WorkloadPriorityClass wpc = SERIALIZATION.unmarshal("""
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: WorkloadPriorityClass
                metadata: {name: prod}
                value: 1000
                description: production
                """, WorkloadPriorityClass.class);
        assertThat(wpc.getValue()).isEqualTo(1000);
        assertThat(SERIALIZATION.convertValue(wpc, JsonNode.class).has("spec")).as("no spec for a class").isFalse();
    }

    @Test
    void cohortIsServedInBothVersionsWithV1beta1Stored() {
        assertThat(CustomResource.getCRDName(Cohort.class)).isEqualTo(CustomResource.getCRDName(CohortV1alpha1.class));
        assertThat(CustomResource.getStorage(Cohort.class)).isTrue();
        assertThat(CustomResource.getStorage(CohortV1alpha1.class)).isFalse();
        assertThat(CustomResource.getServed(CohortV1alpha1.class)).isTrue();
    }

    private static Class<? extends CustomResource<?, ?>> typeOf(JsonNode doc) {
        return MusterCrds.typeOf(doc.path("apiVersion").asText(), doc.path("kind").asText()).orElse(null);
    }

    private static List<JsonNode> documents(Path file) throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                YAMLParser parser = ((YAMLFactory) YAML.getFactory()).createParser(reader)) {
            Iterator<JsonNode> it = YAML.readValues(parser, JsonNode.class);
            while (it.hasNext()) {
                JsonNode doc = it.next();
                if (doc != null && doc.isObject()) {
                    docs.add(doc);
                }
            }
        }
        return docs;
    }

    /** Numbers, and strings that are plain numbers, as one canonical text: quantities may come back as strings. */
    private static JsonNode normalize(JsonNode node) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (node.isObject()) {
            ObjectNode out = f.objectNode();
            node.properties().forEach(e -> out.set(e.getKey(), normalize(e.getValue())));
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = f.arrayNode();
            node.forEach(n -> out.add(normalize(n)));
            return out;
        }
        if (node.isNumber()) {
            return f.textNode(node.decimalValue().stripTrailingZeros().toPlainString());
        }
        if (node.isTextual() && node.asText().matches("-?[0-9]+(\\.[0-9]+)?")) {
            return f.textNode(new BigDecimal(node.asText()).stripTrailingZeros().toPlainString());
        }
        return node;
    }

    private static Path repositoryRoot() {
        return Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath().getParent();
    }
}
