package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.FLAVOR;
import static dev.muster.api.scenario.Manifests.clusterQueue;
import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.localQueue;
import static dev.muster.api.scenario.Manifests.messages;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.manifest.ManifestError;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The mistakes people new to Kueue make first, and the exact messages they get. */
class NewUserMistakesTest {

    @Test
    void misspelledKindSuggestsTheKnownOne() {
        String yaml = docs(FLAVOR, clusterQueue("team-a", "").replace("kind: ClusterQueue", "kind: ClusterQueu"));
        assertThat(messages(yaml)).containsExactly(
                "bad.yaml: document 2 (ClusterQueu \"team-a\"): kind: unknown kind \"ClusterQueu\""
                        + " (apiVersion kueue.x-k8s.io/v1beta1); did you mean ClusterQueue?");
    }

    @Test
    void quantityThatIsAWord() {
        String yaml = docs(FLAVOR, localQueue("default", "main", "team-a"),
                clusterQueue("team-a", "").replace("nominalQuota: 10", "nominalQuota: \"two\""));
        List<ManifestError> errors = errors(yaml);
        assertThat(errors).hasSize(1);
        ManifestError e = errors.get(0);
        assertThat(e.file()).isEqualTo("bad.yaml");
        assertThat(e.document()).isEqualTo(3);
        assertThat(e.kind()).isEqualTo("ClusterQueue");
        assertThat(e.name()).isEqualTo("team-a");
        assertThat(e.fieldPath()).isEqualTo("spec.resourceGroups[0].flavors[0].resources[0].nominalQuota");
        assertThat(e).hasToString("bad.yaml: document 3 (ClusterQueue \"team-a\"):"
                + " spec.resourceGroups[0].flavors[0].resources[0].nominalQuota: \"two\" is not a Kubernetes quantity"
                + " (expected a number with an optional suffix, such as 2, 500m, 8G or 16Gi)");
    }

    @Test
    void cpuRequestThatIsAWord() {
        String yaml = """
                apiVersion: batch/v1
                kind: Job
                metadata:
                  name: sample
                  namespace: team-a
                spec:
                  template:
                    spec:
                      containers:
                      - name: main
                        resources:
                          requests:
                            cpu: "two"
                """;
        assertThat(messages(yaml)).containsExactly("bad.yaml: document 1 (Job \"team-a/sample\"):"
                + " spec.template.spec.containers[0].resources.requests[cpu]: \"two\" is not a Kubernetes quantity"
                + " (expected a number with an optional suffix, such as 2, 500m, 8G or 16Gi)");
    }

    @Test
    void clusterQueueNamingAMissingFlavor() {
        String yaml = clusterQueue("team-a", "").replace("name: default-flavor", "name: defualt-flavor");
        assertThat(messages(docs(FLAVOR, yaml))).containsExactly(
                "bad.yaml: document 2 (ClusterQueue \"team-a\"): spec.resourceGroups[0].flavors[0].name:"
                        + " ResourceFlavor \"defualt-flavor\" is not declared; did you mean default-flavor?");
    }

    @Test
    void localQueueNamingAMissingClusterQueue() {
        String yaml = docs(FLAVOR, clusterQueue("cluster-queue", ""), localQueue("default", "user-queue", "clusterqueue"));
        assertThat(messages(yaml)).containsExactly(
                "bad.yaml: document 3 (LocalQueue \"default/user-queue\"): spec.clusterQueue:"
                        + " ClusterQueue \"clusterqueue\" is not declared; did you mean cluster-queue?");
    }

    @Test
    void cohortCycle() {
        String yaml = docs(cohort("a", "b"), cohort("b", "c"), cohort("c", "a"));
        assertThat(messages(yaml)).containsExactly(
                "bad.yaml: document 1 (Cohort \"a\"): spec.parentName: cohort cycle: a -> b -> c -> a");
    }

    @Test
    void cohortThatIsItsOwnParent() {
        assertThat(messages(cohort("a", "a"))).containsExactly(
                "bad.yaml: document 1 (Cohort \"a\"): spec.parentName: cohort cycle: a -> a");
    }

    @Test
    void everyProblemOfALoadIsReportedAtOnce() {
        String yaml = docs(
                FLAVOR,
                clusterQueue("team-a", "").replace("kind: ClusterQueue", "kind: ClusterQueu"),
                clusterQueue("team-b", "").replace("nominalQuota: 10", "nominalQuota: \"two\""),
                localQueue("default", "main", "team-c"),
                cohort("x", "y"), cohort("y", "x"));
        assertThat(errors(yaml)).extracting(ManifestError::document).containsExactly(2, 3, 4, 5);
    }

    @Test
    void problemsFoundAcrossObjectsAreListedInDocumentOrder() {
        String yaml = docs(localQueue("default", "main", "missing"),
                clusterQueue("team-b", "").replace("nominalQuota: 10", "nominalQuota: \"two\""), FLAVOR);
        assertThat(errors(yaml)).extracting(ManifestError::document).containsExactly(1, 2);
    }

    @Test
    void onlyQueuesAndWorkloadsBringTheirNamespaces() throws Exception {
        String configMap = """
                apiVersion: v1
                kind: ConfigMap
                metadata: {name: kueue-manager-config, namespace: kueue-system}
                data:
                  controller_manager_config.yaml: |
                    apiVersion: config.kueue.x-k8s.io/v1beta1
                    kind: Configuration
                """;
        assertThat(Manifests.load(docs(configMap, localQueue("team", "main", "cq"), clusterQueue("cq", ""), FLAVOR))
                .namespaces()).extracting(n -> n.name()).containsExactly("team");
    }

    static String cohort(String name, String parent) {
        return """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Cohort
                metadata:
                  name: %s
                spec:
                  parentName: %s
                """.formatted(name, parent);
    }
}
