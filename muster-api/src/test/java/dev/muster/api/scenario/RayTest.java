package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.FLAVOR;
import static dev.muster.api.scenario.Manifests.clusterQueue;
import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static dev.muster.api.scenario.Manifests.localQueue;
import static dev.muster.api.scenario.SharedScenariosTest.resources;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.manifest.ManifestError;
import dev.muster.api.workload.RayWorkerGroup;
import dev.muster.core.model.PodSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** RayJob and RayCluster into pod sets, as Kueue's Ray integration counts them. */
class RayTest {

    private static String rayJob(String specExtra, String workerGroups) {
        return """
                apiVersion: ray.io/v1
                kind: RayJob
                metadata:
                  name: job
                  labels: {kueue.x-k8s.io/queue-name: main}
                spec:
                  shutdownAfterJobFinishes: true
                %s  rayClusterSpec:
                    headGroupSpec:
                      template:
                        spec:
                          containers:
                          - name: head
                            resources: {requests: {cpu: "1"}}
                    workerGroupSpecs:
                %s""".formatted(specExtra.isEmpty() ? "" : specExtra.indent(2), workerGroups.indent(4));
    }

    private static String group(String name, String fields) {
        return """
                - groupName: %s
                %s  template:
                    spec:
                      containers:
                      - name: w
                        resources: {requests: {cpu: "2"}}
                """.formatted(name, fields.isEmpty() ? "" : fields.indent(2));
    }

    private static final String QUEUES = docs(FLAVOR, clusterQueue("cq", ""), localQueue("default", "main", "cq"));

    private static WorkloadSource only(String yaml) throws Exception {
        return load(docs(QUEUES, yaml)).workloads().get(0);
    }

    @Test
    void replicasTimesHostsOnePodSetPerGroupEvenSuspendedSubmitterAdded() throws Exception {
        WorkloadSource w = only(rayJob("", group("small", "replicas: 3\nnumOfHosts: 2\n")
                + group("default-replicas", "") + group("paused", "replicas: 5\nsuspend: true\n")));
        assertThat(w.podSets()).containsExactly(
                PodSet.of("head", 1, resources("cpu", "1")),
                PodSet.of("small", 6, resources("cpu", "2")),
                PodSet.of("default-replicas", 1, resources("cpu", "2")),
                PodSet.of("paused", 5, resources("cpu", "2")),
                PodSet.of("submitter", 1, resources("cpu", "500m", "memory", "200Mi")));
        assertThat(w.rayWorkerGroups()).extracting(RayWorkerGroup::podSet, RayWorkerGroup::suspended).containsExactly(
                tuple("small", false), tuple("default-replicas", false), tuple("paused", true));
        assertThat(w.workerGroup("small").orElseThrow().kaiGangMinimum()).isEqualTo(6);
        assertThat(w.workerGroup("paused").orElseThrow().kaiGangMinimum()).isZero();
        assertThat(w.podTemplates()).hasSize(5);
    }

    @Test
    void groupNamesBecomeLowerCasePodSetNames() throws Exception {
        WorkloadSource w = only(rayJob("", group("GPU-Workers", "")));
        assertThat(w.podSets().get(1).name()).isEqualTo("gpu-workers");
    }

    @Test
    void submitterPodTemplateGivesTheSubmitterRequests() throws Exception {
        String extra = """
                submitterPodTemplate:
                  spec:
                    containers:
                    - name: submit
                      resources: {requests: {cpu: 250m, memory: 100Mi}}
                """;
        assertThat(only(rayJob(extra, group("w", ""))).template("submitter").orElseThrow().requests())
                .isEqualTo(resources("cpu", "250m", "memory", "100Mi"));
    }

    @Test
    void httpModeHasNoSubmitter() throws Exception {
        WorkloadSource w = only(rayJob("submissionMode: HTTPMode\n", group("w", "")));
        assertThat(w.podSets()).extracting(PodSet::name).containsExactly("head", "w");
    }

    @Test
    void kueueManagedRayJobRules() {
        String yaml = rayJob("clusterSelector: {ray.io/cluster: existing}\n", group("w", ""))
                .replace("shutdownAfterJobFinishes: true", "shutdownAfterJobFinishes: false");
        assertThat(errors(docs(QUEUES, yaml))).extracting(ManifestError::fieldPath)
                .containsExactly("spec.shutdownAfterJobFinishes", "spec.clusterSelector");
    }

    @Test
    void rayJobOnAnExistingClusterIsRefused() {
        String yaml = """
                apiVersion: ray.io/v1
                kind: RayJob
                metadata: {name: job}
                spec:
                  clusterSelector: {ray.io/cluster: existing}
                """;
        assertThat(errors(yaml)).extracting(ManifestError::fieldPath).containsExactly("spec.clusterSelector");
        String autoscaling = rayJob("", group("w", "")).replace("    headGroupSpec:", "    enableInTreeAutoscaling: true\n    headGroupSpec:");
        assertThat(errors(docs(QUEUES, autoscaling))).extracting(ManifestError::fieldPath)
                .containsExactly("spec.rayClusterSpec.enableInTreeAutoscaling");
    }

    @Test
    void workerGroupChecks() {
        String yaml = rayJob("", group("head", "minReplicas: 3\nmaxReplicas: 2\n") + group("w", "numOfHosts: 0\n"));
        assertThat(errors(docs(QUEUES, yaml))).extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                tuple("spec.rayClusterSpec.workerGroupSpecs[0].groupName",
                        "\"head\" names the same pod set as the head; every worker group needs its own name, and \"head\" is taken"),
                tuple("spec.rayClusterSpec.workerGroupSpecs[0].minReplicas", "must not exceed maxReplicas (2), got 3"),
                tuple("spec.rayClusterSpec.workerGroupSpecs[1].numOfHosts", "must be at least 1, got 0"));
    }

    @Test
    void rayClusterHasNoSubmitterAndTakesKaiQueueFromItsLabel() throws Exception {
        String cluster = """
                apiVersion: ray.io/v1alpha1
                kind: RayCluster
                metadata:
                  name: rc
                spec:
                  headGroupSpec:
                    template:
                      metadata:
                        labels: {kai.scheduler/queue: team-a}
                      spec:
                        containers: [{name: h, resources: {limits: {cpu: "1"}}}]
                  workerGroupSpecs: []
                """;
        String queue = """
                apiVersion: scheduling.run.ai/v2
                kind: Queue
                metadata: {name: team-a}
                """;
        WorkloadSource w = load(docs(queue, cluster)).workloads().get(0);
        assertThat(w.podSets()).containsExactly(PodSet.of("head", 1, resources("cpu", "1")));
        assertThat(w.kaiQueue()).contains("team-a");
    }

    @Test
    void kubeRaySamplesLoad() throws Exception {
        Optional<Path> dir = SharedScenarios.directory().map(p -> p.resolveSibling("reference").resolve("kuberay-samples"));
        org.junit.jupiter.api.Assumptions.assumeTrue(dir.isPresent() && Files.isDirectory(dir.get()));
        Scenario toy = ScenarioLoader.load(List.of(dir.get().resolve("ray-job.kueue-toy-sample.yaml")), 7);
        WorkloadSource w = toy.workloads().get(0);
        assertThat(w.key().name()).startsWith("rayjob-sample-");
        assertThat(w.podSets()).containsExactly(
                PodSet.of("head", 1, resources("cpu", "1", "memory", "2Gi")),
                PodSet.of("small-group", 1, resources("cpu", "1", "memory", "1Gi")),
                PodSet.of("submitter", 1, resources("cpu", "500m", "memory", "200Mi")));
        Scenario kai = ScenarioLoader.load(List.of(dir.get().resolve("ray-cluster.kai-scheduler.yaml")), 7);
        assertThat(kai.workloads().get(0).kaiQueue()).contains("team-a");
        // The plain sample ships a ConfigMap with the job's code, which plays no part in a simulation.
        assertThat(errorsOf(dir.get().resolve("ray-job.sample.yaml")))
                .extracting(ManifestError::kind, ManifestError::fieldPath).containsExactly(tuple("ConfigMap", "kind"));
    }

    private static List<ManifestError> errorsOf(Path f) {
        try {
            ScenarioLoader.load(List.of(f), 1);
            return List.of();
        } catch (dev.muster.api.manifest.ManifestException e) {
            return e.errors();
        }
    }
}
