package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.FLAVOR;
import static dev.muster.api.scenario.Manifests.clusterQueue;
import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static dev.muster.api.scenario.Manifests.localQueue;
import static dev.muster.api.scenario.Manifests.messages;
import static dev.muster.api.scenario.SharedScenariosTest.resources;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.manifest.ManifestError;
import dev.muster.core.model.PodSet;
import org.junit.jupiter.api.Test;

/** Kueue Workload objects and the LocalQueues workloads name. */
class WorkloadRulesTest {

    static String workload(String namespace, String name, String podSets) {
        return """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Workload
                metadata:
                  name: %s
                  namespace: %s
                spec:
                  queueName: main
                  podSets:
                %s""".formatted(name, namespace, podSets.indent(2));
    }

    static String podSet(String name, String counts) {
        return """
                - name: %s
                %s  template:
                    spec:
                      containers:
                      - name: c
                        resources: {requests: {cpu: "1"}}
                """.formatted(name, counts.isEmpty() ? "" : counts.indent(2));
    }

    private static String queues(String namespace) {
        return docs(FLAVOR, clusterQueue("cq", ""), localQueue(namespace, "main", "cq"));
    }

    @Test
    void workloadWithSeveralPodSets() throws Exception {
        String w = workload("team", "w", podSet("driver", "") + podSet("workers", "count: 4\nminCount: 2\n"));
        Scenario s = load(docs(queues("team"), w));
        assertThat(s.workloads().get(0).podSets()).containsExactly(
                PodSet.of("driver", 1, resources("cpu", "1")),
                new PodSet("workers", 4, 2, resources("cpu", "1")));
        assertThat(s.workloads().get(0).localQueue()).contains("main");
    }

    @Test
    void podSetNameDefaultsToMain() throws Exception {
        String w = workload("team", "w", podSet("x", "").replace("- name: x\n  template", "- template"));
        assertThat(load(docs(queues("team"), w)).workloads().get(0).podSets().get(0).name()).isEqualTo("main");
    }

    @Test
    void minCountAboveCount() {
        String w = workload("team", "w", podSet("main", "count: 2\nminCount: 3\n"));
        assertThat(messages(docs(queues("team"), w))).containsExactly("bad.yaml: document 4 (Workload \"team/w\"):"
                + " spec.podSets[0].minCount: must not exceed count (2), got 3");
    }

    @Test
    void podSetCountBelowOne() {
        String w = workload("team", "w", podSet("main", "count: 0\n"));
        assertThat(errors(docs(queues("team"), w))).extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactly(tuple("spec.podSets[0].count", "must be at least 1, got 0"));
    }

    @Test
    void podSetLimitsAndNames() {
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 19; i++) {
            many.append(podSet("p" + i, ""));
        }
        assertThat(errors(docs(queues("team"), workload("team", "w", many.toString()))))
                .extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactly(tuple("spec.podSets", "must have between 1 and 18 pod sets, has 19"));
        String twice = workload("team", "w", podSet("main", "") + podSet("main", ""));
        assertThat(errors(docs(queues("team"), twice))).extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactly(tuple("spec.podSets[1].name", "pod set \"main\" is declared twice"));
    }

    @Test
    void countMustBeANumberNotAString() {
        String w = workload("team", "w", podSet("main", "count: \"3\"\n"));
        assertThat(errors(docs(queues("team"), w))).extracting(ManifestError::message)
                .containsExactly("must be a whole number, not the string \"3\" (write it without quotes)");
    }

    @Test
    void workloadNamingALocalQueueOfAnotherNamespace() {
        String w = workload("team-b", "w", podSet("main", ""));
        assertThat(messages(docs(queues("team-a"), w))).containsExactly("bad.yaml: document 4 (Workload \"team-b/w\"):"
                + " spec.queueName: LocalQueue \"main\" does not exist in namespace \"team-b\" (a LocalQueue of that name"
                + " exists in namespace team-a; a workload uses the LocalQueues of its own namespace)");
    }

    @Test
    void jobLabelNamingAMissingLocalQueue() {
        String job = JobAndPodTest.job("""
                labels:
                    kueue.x-k8s.io/queue-name: mian
                """, "parallelism: 1");
        assertThat(messages(docs(queues("default"), job))).containsExactly("bad.yaml: document 4 (Job \"default/sample\"):"
                + " metadata.labels[kueue.x-k8s.io/queue-name]: LocalQueue \"mian\" does not exist in namespace"
                + " \"default\"; did you mean main?");
    }

    @Test
    void workloadWithoutAQueueIsAllowed() throws Exception {
        Scenario s = load(JobAndPodTest.job("", "parallelism: 1"));
        assertThat(s.workloads().get(0).localQueue()).isEmpty();
        assertThat(s.workloads().get(0).kaiQueue()).isEmpty();
    }

    @Test
    void templateIsRequired() {
        String w = """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Workload
                metadata: {name: w}
                spec:
                  podSets:
                  - name: main
                    count: 1
                """;
        assertThat(errors(w)).extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactly(tuple("spec.podSets[0].template", "required"));
    }
}
