package dev.muster.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule of the package, on one object as a webhook receives it; the scenario readers call the same classes. */
class AdmissionRulesTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static List<String> violations(String yaml) {
        try {
            JsonNode object = YAML.readTree(yaml);
            return AdmissionRules.validate(object).stream().map(Violation::toString).toList();
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static String job(String spec, String podSpec) {
        return """
                apiVersion: batch/v1
                kind: Job
                metadata: {name: work, namespace: team-a}
                spec:
                %s  template:
                    spec:
                %s      containers: [{name: main, image: busybox}]
                """.formatted(spec.isEmpty() ? "" : spec.indent(2), podSpec.isEmpty() ? "" : podSpec.indent(6));
    }

    private static String pod(String metadata, String spec) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: p
                %s
                spec:
                %s
                """.formatted(metadata.indent(2), spec.indent(2));
    }

    // ---- batch/v1 Job ----

    @Test
    void aValidJobHasNoViolations() {
        assertThat(violations(job("completionMode: Indexed\ncompletions: 4", "restartPolicy: OnFailure"))).isEmpty();
    }

    @Test
    void anUnknownCompletionModeIsNamedWithTheChoices() {
        assertThat(violations(job("completionMode: indexed", "restartPolicy: Never"))).containsExactly(
                "spec.completionMode: \"indexed\" is not one of NonIndexed, Indexed; did you mean Indexed?");
    }

    @Test
    void anIndexedJobHasAtMost100000Completions() {
        assertThat(violations(job("completionMode: Indexed\ncompletions: 100001", "restartPolicy: Never"))).containsExactly(
                "spec.completions: must be at most 100000 when completionMode is Indexed, got 100001");
    }

    @Test
    void aNegativeBackoffLimitIsRefused() {
        assertThat(violations(job("backoffLimit: -1", "restartPolicy: Never")))
                .containsExactly("spec.backoffLimit: must not be negative, got -1");
    }

    @Test
    void aJobNameHasAtMost63CharactersForItsPodsCarryItAsALabel() {
        String name = "a".repeat(64);
        assertThat(violations(job("", "restartPolicy: Never").replace("name: work", "name: " + name))).containsExactly(
                "metadata.name: \"" + name + "\" is longer than 63 characters, the most a Job's name may have (its pods"
                        + " carry it as the label batch.kubernetes.io/job-name)");
    }

    /**
     * A field the rules do not know is let through: the API server drops a misspelled field of a
     * core kind (or of a CRD with a schema) before any webhook sees the object, so one that gets
     * here is a field of a newer Kubernetes or KubeRay than Muster knows, and refusing it would
     * refuse every such object. Files are checked strictly (the scenario readers).
     */
    @Test
    void fieldsTheRulesDoNotKnowAreLeftToTheApiServer() {
        assertThat(violations(job("", "restartPolicy: Never").replace("spec:\n  template", "spce:\n  template"))).isEmpty();
        assertThat(violations(job("", "restartPolicy: Never").replace("  template:", "  futureField: 1\n  template:")))
                .isEmpty();
        assertThat(violations(pod("", "containers: [{name: main, imag: busybox, resources: {request: {cpu: 1}}}]"))).isEmpty();
        assertThat(violations(pod("label: {team: a}", "containers: [{name: main}]"))).isEmpty();
    }

    // ---- Pod spec and containers ----

    @Test
    void anUnknownRestartPolicyIsRefused() {
        assertThat(violations(pod("", "restartPolicy: Sometimes\ncontainers: [{name: main}]"))).containsExactly(
                "spec.restartPolicy: \"Sometimes\" is not one of Always, OnFailure, Never");
    }

    @Test
    void containerNamesAreDnsLabelsAndUniqueAcrossInitContainers() {
        assertThat(violations(pod("", """
                initContainers: [{name: main}]
                containers: [{name: main}, {name: Second}, {image: busybox}]"""))).containsExactly(
                "spec.containers[0].name: \"main\" is already the name of spec.initContainers[0].name: container names"
                        + " must be unique in a pod",
                "spec.containers[1].name: \"Second\" is not a valid name: use lowercase letters, digits and '-',"
                        + " starting and ending with a letter or digit",
                "spec.containers[2].name: required: every container needs a name");
    }

    @Test
    void aMisspelledTolerationFieldIsRefusedWhereTolerationsAreRead() {
        // tolerations are read (and their fields checked) by TolerationReader, not by the admission rules
        assertThat(violations(pod("", "tolerations: [{key: a, opertor: Exists}]\ncontainers: [{name: main}]"))).isEmpty();
    }

    // ---- metadata ----

    @Test
    void labelKeysAreQualifiedNamesAndValuesLabelValues() {
        assertThat(violations(pod("labels: {example.com/team: a-b_c.d, /team: a, team: -a, ok: \"\"}",
                "containers: [{name: main}]"))).containsExactly(
                "metadata.labels[/team]: invalid label key: \"/team\": the prefix before '/' must not be empty",
                "metadata.labels[team]: \"-a\" is not a valid label value: use letters, digits, '-', '_' and '.',"
                        + " starting and ending with a letter or digit (or leave it empty)");
    }

    @Test
    void aLabelValueHasAtMost63Characters() {
        assertThat(violations(pod("labels: {team: " + "a".repeat(64) + "}", "containers: [{name: main}]")))
                .singleElement().asString().endsWith("is longer than 63 characters, the most a label value may have");
    }

    @Test
    void annotationKeysAreQualifiedNamesInAnyCase() {
        assertThat(violations(pod("annotations: {Example.COM/Note: x, \"a b\": y}", "containers: [{name: main}]")))
                .containsExactly("metadata.annotations[a b]: invalid annotation key: \"a b\" is not a valid key: the name"
                        + " part uses letters, digits, '-', '_' and '.', starting and ending with a letter or digit");
    }

    @Test
    void annotationsMayTakeAtMost256KiBTogether() {
        String half = "x".repeat(128 * 1024);
        assertThat(violations(pod("annotations: {a: " + half + ", b: " + half + "}", "containers: [{name: main}]")))
                .containsExactly("metadata.annotations: may not be more than 262144 bytes (256 KiB) in all, keys and"
                        + " values together; these are 262146");
    }

    // ---- KAI's GPU sharing annotations ----

    @Test
    void aGpuFractionIsStrictlyBetweenZeroAndOne() {
        assertThat(violations(pod("annotations: {gpu-fraction: \"0\"}", "containers: [{name: main}]"))).singleElement()
                .asString().startsWith("metadata.annotations[gpu-fraction]: must be more than 0 and less than 1");
        assertThat(violations(pod("annotations: {gpu-fraction: \"0.999\"}", "containers: [{name: main}]"))).isEmpty();
    }

    @Test
    void aGpuFractionBesideAWholeGpuLimitIsRefused() {
        assertThat(violations(pod("annotations: {gpu-fraction: \"0.5\"}",
                "containers: [{name: main, resources: {limits: {nvidia.com/gpu: 1}}}]"))).containsExactly(
                "metadata.annotations[gpu-fraction]: cannot be combined with a whole nvidia.com/gpu request or limit"
                        + " (KAI: \"cannot have both GPU fraction request and whole GPU resource request/limit\")");
    }

    @Test
    void gpuMemoryIsAPositiveWholeNumberAndNotBesideAFraction() {
        assertThat(violations(pod("annotations: {gpu-memory: \"1.5\"}", "containers: [{name: main}]"))).containsExactly(
                "metadata.annotations[gpu-memory]: must be a whole number above 0 (a number of MiB such as \"2048\"),"
                        + " got \"1.5\"");
        assertThat(violations(pod("annotations: {gpu-memory: \"1024\", gpu-fraction: \"0.5\"}", "containers: [{name: main}]")))
                .singleElement().asString().startsWith("metadata.annotations[gpu-memory]: cannot be combined with gpu-fraction");
    }

    @Test
    void severalFractionalDevicesNeedAFractionOrMemory() {
        assertThat(violations(pod("annotations: {gpu-fraction-num-devices: \"2\"}", "containers: [{name: main}]")))
                .containsExactly("metadata.annotations[gpu-fraction-num-devices]: needs gpu-fraction or gpu-memory: it"
                        + " says how many devices get that share");
    }

    // ---- KubeRay ----

    private static String rayJob(String name, String groups) {
        return """
                apiVersion: ray.io/v1
                kind: RayJob
                metadata: {name: %s}
                spec:
                  entrypoint: python train.py
                  rayClusterSpec:
                    headGroupSpec:
                      template: {spec: {containers: [{name: head}]}}
                    workerGroupSpecs:
                %s
                """.formatted(name, groups.indent(6));
    }

    @Test
    void aRayJobNameIsADns1035LabelOfAtMost47Characters() {
        assertThat(violations(rayJob("train-1", "[]"))).isEmpty();
        assertThat(violations(rayJob("1-train", "[]"))).singleElement().asString()
                .startsWith("metadata.name: \"1-train\" is not a valid DNS-1035 label");
        assertThat(violations(rayJob("a".repeat(48), "[]"))).singleElement().asString()
                .endsWith("is longer than 47 characters, the most KubeRay allows for a RayJob (it names the cluster's pods"
                        + " and services after it)");
    }

    @Test
    void aRayClusterNameHasAtMost53Characters() {
        String cluster = """
                apiVersion: ray.io/v1
                kind: RayCluster
                metadata: {name: %s}
                spec: {headGroupSpec: {template: {spec: {containers: [{name: head}]}}}}
                """;
        assertThat(violations(cluster.formatted("a".repeat(53)))).isEmpty();
        assertThat(violations(cluster.formatted("a".repeat(54)))).hasSize(1);
    }

    @Test
    void rayGroupsHaveValidLabels() {
        assertThat(violations(rayJob("train", """
                - groupName: gpu
                  replica: 2
                  labels: {"bad key!": x}
                  template: {spec: {containers: [{name: worker}]}}"""))).as("replica: left to the API server").containsExactly(
                "spec.rayClusterSpec.workerGroupSpecs[0].labels[bad key!]: invalid label key: \"bad key!\" is not a"
                        + " valid key: the name part uses letters, digits, '-', '_' and '.', starting and ending with"
                        + " a letter or digit");
    }

    @Test
    void otherKindsHaveOnlyTheirMetadataChecked() {
        assertThat(violations("""
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata: {name: q, labels: {a: "b c"}}
                spec: {anything: goes}
                """)).containsExactly("metadata.labels[a]: \"b c\" is not a valid label value: use letters, digits, '-',"
                + " '_' and '.', starting and ending with a letter or digit (or leave it empty)");
    }
}
