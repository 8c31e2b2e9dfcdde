package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.messages;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.api.manifest.ManifestError;
import org.junit.jupiter.api.Test;

/** KAI Scheduler queues and the workloads that name them. */
class KaiQueueTest {

    static String queue(String name, String parent, String resources) {
        return """
                apiVersion: scheduling.run.ai/v2
                kind: Queue
                metadata:
                  name: %s
                spec:
                %s%s""".formatted(name, parent.isEmpty() ? "" : "  parentQueue: " + parent + "\n",
                resources.isEmpty() ? "" : resources.indent(2));
    }

    @Test
    void parentMustBeDeclared() {
        assertThat(messages(queue("team-a", "departmnet-1", "") + "---\n" + queue("department-1", "", "")))
                .containsExactly("bad.yaml: document 1 (Queue \"team-a\"): spec.parentQueue: Queue \"departmnet-1\""
                        + " is not declared; did you mean department-1?");
    }

    @Test
    void queueCycle() {
        assertThat(messages(docs(queue("a", "b", ""), queue("b", "a", "")))).containsExactly(
                "bad.yaml: document 1 (Queue \"a\"): spec.parentQueue: queue cycle: a -> b -> a");
    }

    @Test
    void aKaiQueueNamedLikeAClusterQueueOrACohortIsRefused() {
        // fuzz, SWAP_KIND of a ClusterQueue into a KAI Queue: the engine threw "has the name of a ClusterQueue" (exit 3)
        String kueue = docs(Manifests.FLAVOR, Manifests.clusterQueue("team-a", "cohort: shared"));
        assertThat(messages(kueue + "---\n" + docs(queue("team-a", "", ""), queue("shared", "", ""))))
                .containsExactly(
                        "bad.yaml: document 3 (Queue \"team-a\"): metadata.name: Kueue has a ClusterQueue named \"team-a\" too;"
                                + " Muster keeps KAI and Kueue queues in one quota tree, so a KAI Queue needs a name of its own",
                        "bad.yaml: document 4 (Queue \"shared\"): metadata.name: Kueue has a Cohort named \"shared\" too;"
                                + " Muster keeps KAI and Kueue queues in one quota tree, so a KAI Queue needs a name of its own");
    }

    @Test
    void quotasAreNumbersWithMinusOneForUnlimited() {
        String resources = """
                resources:
                  gpu: {quota: 4, limit: 2, overQuotaWeight: 1}
                  cpu: {quota: -2, limit: -1}
                  memory: {quota: "100", overQuotaWeight: -1}
                """;
        assertThat(errors(queue("q", "", resources))).extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactly(
                        tuple("spec.resources.cpu.quota", "must be -1 (unlimited) or not negative, got -2"),
                        tuple("spec.resources.memory.quota", "must be a number, not the string \"100\" (write it without quotes)"),
                        tuple("spec.resources.memory.overQuotaWeight", "must not be negative, got -1"));
    }

    @Test
    void aQuotaAboveTheLimitIsAcceptedAsKaiAcceptsIt() throws Exception {
        // KAI's Queue webhook (pkg/apis/scheduling/v2/queue_webhook.go) checks only that resources are
        // set; its fair-share division caps such a queue at its limit (the conformance scenario
        // kai-proportion-gpu-single-quota-above-limit shows the cap).
        String resources = """
                resources:
                  gpu: {quota: 3, limit: 2, overQuotaWeight: 0}
                """;
        assertThat(Manifests.load(queue("q", "", resources)).kaiQueues()).singleElement()
                .satisfies(q -> assertThat(q.share("nvidia.com/gpu")).hasValueSatisfying(gpu -> {
                    assertThat(gpu.quota()).hasValue(dev.muster.core.quantity.Quantity.ofUnits(3));
                    assertThat(gpu.limit()).hasValue(dev.muster.core.quantity.Quantity.ofUnits(2));
                }));
    }

    @Test
    void workloadNamingAMissingKaiQueueLoadsAndIsLeftToTheEngine() throws Exception {
        String pod = """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: p
                  labels: {kai.scheduler/queue: team-b}
                spec:
                  containers: [{name: c}]
                """;
        // As in KAI, a workload naming a queue that does not exist stays Pending and says so: no input error.
        assertThat(Manifests.load(docs(queue("team-a", "", ""), pod)).workloads()).singleElement()
                .satisfies(w -> assertThat(w.kaiQueue()).contains("team-b"));
    }
}
