package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.FLAVOR;
import static dev.muster.api.scenario.Manifests.clusterQueue;
import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.localQueue;
import static dev.muster.api.scenario.Manifests.messages;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.manifest.ManifestError;
import org.junit.jupiter.api.Test;

/**
 * Kubernetes' own rules for the cluster-scoped core kinds and for namespaces, as the scenario
 * loader applies them (docs/scenario-format.md, "Kubernetes' own rules").
 */
class KubernetesRulesTest {

    private static final String NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            spec:
              taints: [{key: a, value: b, effect: NoSchedule}]
            status:
              allocatable: {cpu: "8", pods: "110"}
            """;

    private static String namespace(String name) {
        return """
                apiVersion: v1
                kind: Namespace
                metadata: {name: %s}
                """.formatted(name);
    }

    @Test
    void aNodeWithAMisspelledFieldIsRefused() throws Exception {
        Manifests.load(NODE);
        assertThat(messages(NODE.replace("allocatable:", "allocatible:").replace("  taints:", "  taint:")
                + "  allocatable: {cpu: \"8\"}\n")).containsExactly(
                "bad.yaml: document 1 (Node \"n1\"): spec.taint: unknown field \"taint\"; did you mean taints?",
                "bad.yaml: document 1 (Node \"n1\"): status.allocatible: unknown field \"allocatible\"; did you mean allocatable?");
    }

    @Test
    void aTaintOrTolerationWithAMisspelledFieldIsRefused() {
        assertThat(messages(NODE.replace("effect: NoSchedule", "efect: NoSchedule"))).contains(
                "bad.yaml: document 1 (Node \"n1\"): spec.taints[0].efect: unknown field \"efect\"; did you mean effect?");
    }

    @Test
    void aNamespaceSpecHasOnlyFinalizers() {
        assertThat(messages(namespace("team-a") + "spec: {finalizer: [kubernetes]}\n")).containsExactly(
                "bad.yaml: document 1 (Namespace \"team-a\"): spec.finalizer: unknown field \"finalizer\"; did you mean finalizers?");
    }

    @Test
    void priorityClassNamesStartingWithSystemAreReserved() {
        String yaml = """
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: system-high}
                value: 1000
                """;
        assertThat(messages(yaml)).containsExactly("bad.yaml: document 1 (PriorityClass \"system-high\"): metadata.name:"
                + " \"system-high\": names starting with \"system-\" are reserved for the system's priority classes");
    }

    @Test
    void aPriorityClassValueAboveOneBillionIsReservedAndAMisspelledFieldRefused() {
        String yaml = """
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: high}
                value: 1000000001
                globaldefault: true
                """;
        assertThat(messages(yaml)).containsExactly(
                "bad.yaml: document 1 (PriorityClass \"high\"): globaldefault: unknown field \"globaldefault\"; did you mean globalDefault?",
                "bad.yaml: document 1 (PriorityClass \"high\"): value: must be at most 1000000000 (higher values are"
                        + " reserved for system classes), got 1000000001");
    }

    @Test
    void objectsInTheNamespacesEveryClusterHasNeedNoDeclaration() throws Exception {
        Scenario s = Manifests.load(docs(namespace("team-a"), FLAVOR, clusterQueue("cq", ""),
                localQueue("default", "main", "cq"), localQueue("kube-system", "sys", "cq"), localQueue("team-a", "a", "cq")));
        assertThat(s.warnings()).isEmpty();
    }

    @Test
    void aScenarioThatDeclaresNoNamespaceGetsOneWarningPerNamespaceItUses() throws Exception {
        Scenario s = Manifests.load(docs(FLAVOR, clusterQueue("cq", ""), localQueue("team-a", "one", "cq"),
                localQueue("team-a", "two", "cq"), localQueue("team-b", "three", "cq")));
        assertThat(s.warnings()).extracting(ManifestError::toString).containsExactly(
                "bad.yaml: document 3 (LocalQueue \"team-a/one\"): metadata.namespace: namespace \"team-a\" is not declared;"
                        + " Muster creates it (a cluster would refuse objects in it until a Namespace \"team-a\" exists)",
                "bad.yaml: document 5 (LocalQueue \"team-b/three\"): metadata.namespace: namespace \"team-b\" is not declared;"
                        + " Muster creates it (a cluster would refuse objects in it until a Namespace \"team-b\" exists)");
        assertThat(s.namespaces()).extracting(n -> n.name()).contains("team-a", "team-b");
    }

    @Test
    void aWorkloadInANamespaceThatIsNotDeclaredWhileOthersAreIsRefused() {
        String job = """
                apiVersion: batch/v1
                kind: Job
                metadata: {name: work, namespace: team-b}
                spec:
                  template:
                    spec:
                      restartPolicy: Never
                      containers: [{name: main, resources: {requests: {cpu: 1}}}]
                """;
        assertThat(messages(docs(namespace("team-a"), job))).containsExactly(
                "bad.yaml: document 2 (Job \"team-b/work\"): metadata.namespace: namespace \"team-b\" is not declared;"
                        + " Kubernetes refuses objects in a namespace that does not exist (this scenario declares team-a);"
                        + " did you mean team-a?");
    }
}
