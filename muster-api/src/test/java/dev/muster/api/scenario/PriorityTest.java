package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static dev.muster.api.scenario.Manifests.messages;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.manifest.ManifestError;
import org.junit.jupiter.api.Test;

/** Where a workload's priority comes from, in Kueue's order. */
class PriorityTest {

    static final String WPC = """
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: WorkloadPriorityClass
            metadata:
              name: prod
            value: 1000
            """;

    static String priorityClass(String name, int value, boolean globalDefault) {
        return """
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata:
                  name: %s
                value: %d
                globalDefault: %s
                """.formatted(name, value, globalDefault);
    }

    private static String pod(String labels, String priorityClassName) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: p
                  labels: {%s}
                spec:
                  %s
                  containers:
                  - name: c
                """.formatted(labels, priorityClassName.isEmpty() ? "" : "priorityClassName: " + priorityClassName);
    }

    private static WorkloadSource only(String yaml) throws Exception {
        return load(yaml).workloads().get(0);
    }

    @Test
    void workloadPriorityClassLabelWins() throws Exception {
        WorkloadSource w = only(docs(WPC, priorityClass("high", 5000, true),
                pod("kueue.x-k8s.io/priority-class: prod", "high")));
        assertThat(w.priority()).isEqualTo(1000);
        assertThat(w.priorityClassName()).contains("prod");
    }

    @Test
    void missingWorkloadPriorityClassIsNamed() {
        assertThat(messages(docs(WPC, pod("kueue.x-k8s.io/priority-class: prdo", "")))).containsExactly(
                "bad.yaml: document 2 (Pod \"default/p\"): metadata.labels[kueue.x-k8s.io/priority-class]:"
                        + " WorkloadPriorityClass \"prdo\" is not declared; did you mean prod?");
    }

    @Test
    void podPriorityClassThenGlobalDefaultThenZero() throws Exception {
        assertThat(only(docs(priorityClass("high", 5000, false), pod("", "high"))).priority()).isEqualTo(5000);
        WorkloadSource byDefault = only(docs(priorityClass("base", 7, true), pod("", "")));
        assertThat(byDefault.priority()).isEqualTo(7);
        assertThat(byDefault.priorityClassName()).contains("base");
        WorkloadSource none = only(pod("", ""));
        assertThat(none.priority()).isZero();
        assertThat(none.priorityClassName()).isEmpty();
    }

    @Test
    void kaiBuiltInClassesNeedNoDeclaration() throws Exception {
        assertThat(only(pod("", "inference")).priority()).isEqualTo(125);
        assertThat(only(pod("", "train")).priority()).isEqualTo(50);
        assertThat(only(docs(priorityClass("train", 10, false), pod("", "train"))).priority())
                .as("a declared class overrides the built-in one").isEqualTo(10);
    }

    @Test
    void unknownPodPriorityClass() {
        assertThat(errors(pod("", "trian"))).extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                tuple("spec.priorityClassName", "PriorityClass \"trian\" is not declared (KAI's built-in classes train,"
                        + " build-preemptible, build and inference need no declaration); did you mean train?"));
    }

    @Test
    void onlyOneGlobalDefault() {
        assertThat(errors(docs(priorityClass("a", 1, true), priorityClass("b", 2, true))))
                .extracting(ManifestError::document, ManifestError::fieldPath, ManifestError::message)
                .containsExactly(tuple(2, "globalDefault", "PriorityClass \"a\" is already the global default; only one may be"));
    }

    @Test
    void workloadSpecPriorityAndClassReferences() throws Exception {
        String v1 = """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Workload
                metadata: {name: a}
                spec:
                  priorityClassName: prod
                  priorityClassSource: kueue.x-k8s.io/workloadpriorityclass
                  podSets:
                  - count: 1
                    template: {spec: {containers: [{name: c}]}}
                """;
        String v2 = """
                apiVersion: kueue.x-k8s.io/v1beta2
                kind: Workload
                metadata: {name: b}
                spec:
                  priorityClassRef: {group: scheduling.k8s.io, kind: PriorityClass, name: high}
                  podSets:
                  - count: 1
                    template: {spec: {containers: [{name: c}]}}
                """;
        String explicit = v1.replace("name: a", "name: c").replace("  priorityClassName: prod\n", "  priority: 42\n")
                .replace("  priorityClassSource: kueue.x-k8s.io/workloadpriorityclass\n", "");
        Scenario s = load(docs(WPC, priorityClass("high", 500, false), v1, v2, explicit));
        assertThat(s.workloads()).extracting(w -> w.key().name(), WorkloadSource::priority)
                .containsExactly(tuple("a", 1000), tuple("b", 500), tuple("c", 42));
    }

    @Test
    void v1beta2ClassReferenceMustMatchItsGroup() {
        String v2 = """
                apiVersion: kueue.x-k8s.io/v1beta2
                kind: Workload
                metadata: {name: b}
                spec:
                  priorityClassRef: {group: kueue.x-k8s.io, kind: PriorityClass, name: high}
                  podSets:
                  - count: 1
                    template: {spec: {containers: [{name: c}]}}
                """;
        assertThat(errors(v2)).extracting(ManifestError::fieldPath).containsExactly("spec.priorityClassRef.kind");
    }
}
