package dev.muster.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.core.model.ObjectKey;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The leader's pod carries muster.dev/leader=true, which the visibility API's Service selects (the
 * other replicas have no engine to answer from); the label goes when the replica stops leading.
 */
@EnableKubernetesMockClient(crud = true)
class LeaderPodLabelTest {

    KubernetesClient client;

    @Test
    void theLeadersPodIsLabelledWhileItLeads() {
        new OperatorCluster(client).withAllCrds();
        client.pods().inNamespace("muster-system").resource(new PodBuilder().withNewMetadata().withName("muster-0")
                .withNamespace("muster-system").withLabels(Map.of("app.kubernetes.io/name", "muster")).endMetadata()
                .build()).create();
        MusterOperator operator = new MusterOperator(client, OperatorOptions.defaults("muster-0")
                .withLeaderElection(false, "muster-system")).labellingLeaderPod(new ObjectKey("muster-system", "muster-0"));

        operator.start();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(labels()).containsEntry(LeaderPodLabel.LABEL, "true").containsKey("app.kubernetes.io/name"));
        operator.close();

        assertThat(labels()).doesNotContainKey(LeaderPodLabel.LABEL).containsKey("app.kubernetes.io/name");
    }

    private Map<String, String> labels() {
        Pod pod = client.pods().inNamespace("muster-system").withName("muster-0").get();
        return pod.getMetadata().getLabels();
    }
}
