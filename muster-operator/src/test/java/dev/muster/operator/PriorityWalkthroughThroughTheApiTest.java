package dev.muster.operator;

import static dev.muster.operator.OperatorCluster.condition;
import static dev.muster.operator.OperatorCluster.suspended;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The priority walkthrough ({@code examples/priority-preemption}, the talk's prod-priority and
 * dev-priority classes) through the API, with its manifests as they are: the development RayJob
 * runs, the production one preempts it, and when production is done, development runs again.
 * The test stands in for KubeRay: it reports the production job Complete.
 */
@EnableKubernetesMockClient(crud = true)
class PriorityWalkthroughThroughTheApiTest {

    private static final Path EXAMPLE = Path.of("..", "examples", "priority-preemption");
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    KubernetesClient client;

    private static ObjectKey workloadOf(String job) {
        return new ObjectKey("default", KueueWorkloadNames.of("RayJob", new ObjectKey("default", job)));
    }

    @Test
    void productionPreemptsDevelopmentWhichRunsAgainAfterwards() {
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds();
        cluster.applyFile(EXAMPLE.resolve("01-priority-classes.yaml"));
        cluster.applyFile(EXAMPLE.resolve("02-queues.yaml"));
        try (MusterOperator operator = new MusterOperator(client,
                OperatorOptions.defaults("test").withLeaderElection(false, "default"))) {
            operator.start();
            cluster.applyFile(EXAMPLE.resolve("03-dev-rayjob.yaml"));
            await().atMost(PATIENCE).untilAsserted(() ->
                    assertThat(condition(cluster.get(KubeKind.WORKLOAD, workloadOf("dev-text-classifier")), "Admitted")).isTrue());

            cluster.applyFile(EXAMPLE.resolve("04-prod-rayjob.yaml"));
            await().atMost(PATIENCE).untilAsserted(() -> {
                var dev = cluster.get(KubeKind.WORKLOAD, workloadOf("dev-text-classifier"));
                assertThat(condition(dev, "Preempted")).isTrue();
                assertThat(suspended(cluster.get(KubeKind.RAY_JOB, new ObjectKey("default", "dev-text-classifier")))).isTrue();
                assertThat(condition(cluster.get(KubeKind.WORKLOAD, workloadOf("prod-batch-inference")), "Admitted")).isTrue();
            });
            assertThat(OperatorCluster.conditions(cluster.get(KubeKind.WORKLOAD, workloadOf("dev-text-classifier"))))
                    .anySatisfy(c -> {
                        assertThat(c.get("type")).isEqualTo("Evicted");
                        assertThat(c.get("reason")).isEqualTo("Preempted");
                        assertThat(String.valueOf(c.get("message"))).contains("prod-batch-inference");
                    });
            // The Workload carries the class's value, as Kueue copies it from the WorkloadPriorityClass.
            assertThat(cluster.get(KubeKind.WORKLOAD, workloadOf("prod-batch-inference")).toString()).contains("priority=1000");

            cluster.finishRayJob(new ObjectKey("default", "prod-batch-inference"));
            await().atMost(PATIENCE).untilAsserted(() -> {
                assertThat(condition(cluster.get(KubeKind.WORKLOAD, workloadOf("dev-text-classifier")), "Admitted")).isTrue();
                assertThat(suspended(cluster.get(KubeKind.RAY_JOB, new ObjectKey("default", "dev-text-classifier")))).isFalse();
            });
        }
    }
}
