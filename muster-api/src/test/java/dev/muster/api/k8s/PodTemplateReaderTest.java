package dev.muster.api.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.manifest.ErrorLog;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.YamlDocuments;
import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodTemplateReaderTest {

    private final List<String> reported = new ArrayList<>();

    private PodTemplate read(String yaml) {
        Field f = Field.root(YamlDocuments.read("t.yaml", yaml, new ErrorLog()).get(0).root(),
                (path, message) -> reported.add(path + ": " + message));
        return PodTemplateReader.read(f);
    }

    @Test
    void readsEverythingPlacementNeeds() {
        PodTemplate t = read("""
                metadata:
                  labels: {app: ray}
                  annotations: {gpu-fraction: "0.25"}
                spec:
                  priorityClassName: high
                  nodeSelector: {pool: gpu}
                  tolerations: [{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}]
                  overhead: {cpu: 100m}
                  initContainers:
                  - name: sidecar
                    restartPolicy: Always
                    resources: {requests: {cpu: 200m}}
                  containers:
                  - name: main
                    resources:
                      requests: {cpu: "1"}
                      limits: {cpu: "2", memory: 4Gi}
                """);
        assertThat(reported).isEmpty();
        assertThat(t.requests()).isEqualTo(new ResourceList(Map.of("cpu", Quantity.parse("1300m"), "memory", Quantity.parse("4Gi"))));
        assertThat(t.labels()).containsEntry("app", "ray");
        assertThat(t.gpuFraction()).contains(new BigDecimal("0.25"));
        assertThat(t.priorityClassName()).contains("high");
        assertThat(t.nodeSelector()).containsEntry("pool", "gpu");
        assertThat(t.tolerations()).singleElement().satisfies(x -> assertThat(x.operator()).isEqualTo("Exists"));
    }

    @Test
    void reportsWhatTheApiServerWouldReject() {
        read("""
                metadata:
                  annotations: {gpu-fraction: "1.5"}
                spec:
                  tolerations: [{operator: Equal, value: x}]
                  initContainers:
                  - name: i
                    restartPolicy: OnFailure
                  containers:
                  - name: main
                    resources:
                      requests: {cpu: "3", memory: -1Gi}
                      limits: {cpu: "2"}
                """);
        assertThat(reported).containsExactly(
                "metadata.annotations[gpu-fraction]: must be more than 0 and less than 1 (a share of one GPU; ask for whole"
                        + " GPUs with nvidia.com/gpu), got \"1.5\"",
                "spec.containers[0].resources.requests[memory]: must not be negative, got -1Gi",
                "spec.containers[0].resources.requests[cpu]: must be less than or equal to the cpu limit (2)",
                "spec.initContainers[0].restartPolicy: \"OnFailure\" is not one of Always",
                "spec.tolerations[0].operator: must be Exists when key is empty (a toleration without a key tolerates every taint)");
    }
}
