package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static dev.muster.api.scenario.SharedScenariosTest.resources;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.manifest.ManifestError;
import dev.muster.core.model.PodSet;
import org.junit.jupiter.api.Test;

/** batch/v1 Jobs and plain Pods into one pod set "main". */
class JobAndPodTest {

    static String job(String metadataExtra, String specExtra) {
        return """
                apiVersion: batch/v1
                kind: Job
                metadata:
                  name: sample
                %sspec:
                  %s
                  template:
                    spec:
                      containers:
                      - name: main
                        resources: {requests: {cpu: "1"}}
                """.formatted(metadataExtra.isEmpty() ? "" : metadataExtra.indent(2), specExtra);
    }

    @Test
    void parallelismIsTheCount() throws Exception {
        assertThat(load(job("", "parallelism: 4")).workloads().get(0).podSets())
                .containsExactly(PodSet.of("main", 4, resources("cpu", "1")));
        assertThat(load(job("", "suspend: true")).workloads().get(0).podSets().get(0).count()).isEqualTo(1);
        assertThat(load(job("", "parallelism: 4\n  completions: 2")).workloads().get(0).podSets().get(0).count())
                .isEqualTo(2);
    }

    @Test
    void minParallelismAnnotationAllowsPartialAdmission() throws Exception {
        String j = job("annotations: {kueue.x-k8s.io/job-min-parallelism: \"2\"}\n", "parallelism: 5");
        assertThat(load(j).workloads().get(0).podSets()).containsExactly(new PodSet("main", 5, 2, resources("cpu", "1")));
    }

    @Test
    void minParallelismMustBeBelowParallelism() {
        String j = job("annotations: {kueue.x-k8s.io/job-min-parallelism: \"6\"}\n", "parallelism: 5");
        assertThat(errors(j)).extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                tuple("metadata.annotations[kueue.x-k8s.io/job-min-parallelism]",
                        "must be between 1 and 4 (less than the job's 5 pods), got 6"));
    }

    @Test
    void podIsOnePod() throws Exception {
        String pod = """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: p
                  namespace: ns
                spec:
                  nodeSelector: {disk: ssd}
                  containers:
                  - name: c
                    resources: {limits: {nvidia.com/gpu: "1"}}
                """;
        WorkloadSource w = load(pod).workloads().get(0);
        assertThat(w.kind()).isEqualTo("Pod");
        assertThat(w.key().toString()).isEqualTo("ns/p");
        assertThat(w.podSets()).singleElement().satisfies(ps -> {
            assertThat(ps.withHints(dev.muster.core.model.PlacementHints.NONE)).isEqualTo(PodSet.of("main", 1, resources("nvidia.com/gpu", "1")));
            assertThat(ps.hints().nodeSelector()).as("placement honours the node selector").containsEntry("disk", "ssd");
        });
    }

    @Test
    void podNeedsAContainer() {
        String pod = """
                apiVersion: v1
                kind: Pod
                metadata: {name: p}
                spec:
                  containers: []
                """;
        assertThat(errors(pod)).extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactly(tuple("spec.containers", "required: a pod needs at least one container"));
    }
}
