package dev.muster.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.placement.GpuShare;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The KAI walkthrough ({@code examples/kai-gang-and-gpu-sharing}: the guide's queues, one L4 node,
 * its two RayClusters and the unlabelled one) through the API, with Muster in KAI's place: KubeRay
 * (a stand-in) gives the pods the scheduler name {@code kai-scheduler}, Muster binds them.
 */
@EnableKubernetesMockClient(crud = true)
class KaiWalkthroughThroughTheApiTest {

    private static final Path EXAMPLE = Path.of("..", "examples", "kai-gang-and-gpu-sharing");
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    /** The sample RayCluster renamed too-big, with three workers of one whole GPU each. */
    private static final Map<String, String> THREE_ONE_GPU_WORKERS = Map.of(
            "name: raycluster-sample", "name: too-big",
            "replicas: 2\n    minReplicas: 2", "replicas: 3\n    minReplicas: 3",
            "              memory: \"1Gi\"\n            requests:", "              memory: \"1Gi\"\n              nvidia.com/gpu: \"1\"\n            requests:");

    KubernetesClient client;

    private MusterOperator operator() {
        return new MusterOperator(client, OperatorOptions.defaults("test").withLeaderElection(false, "default")
                .withSchedulerNames(Set.of("muster", "kai-scheduler")));
    }

    private List<Pod> pods(String cluster) {
        return client.pods().inNamespace("default").withLabel("ray.io/cluster", cluster).list().getItems();
    }

    private static Map<String, String> nodes(List<Pod> pods) {
        return pods.stream().collect(Collectors.toMap(p -> p.getMetadata().getName(),
                p -> p.getSpec().getNodeName() == null ? "" : p.getSpec().getNodeName()));
    }

    @Test
    void theGangsAreBoundWholeAndTheHalfGpuWorkersShareOneDevice() {
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds().withCrds(KubeKind.KAI_QUEUE);
        cluster.applyFile(EXAMPLE.resolve("01-queues.yaml"));
        cluster.applyFile(EXAMPLE.resolve("02-gpu-node.yaml"));
        try (MusterOperator operator = operator(); ClusterStandIns standIns = new ClusterStandIns(client, "kai-scheduler").start()) {
            operator.start();
            cluster.applyFile(EXAMPLE.resolve("03-raycluster-sample.yaml"));

            // Step 4: head and the two workers, all three bound to the GPU node; the RayCluster was never suspended.
            await().atMost(PATIENCE).untilAsserted(() -> {
                List<Pod> pods = pods("raycluster-sample");
                assertThat(pods).hasSize(3);
                assertThat(nodes(pods).values()).containsOnly("gpu-node-1");
            });
            assertThat(OperatorCluster.suspended(cluster.get(KubeKind.RAY_CLUSTER,
                    new dev.muster.core.model.ObjectKey("default", "raycluster-sample")))).isFalse();

            // Step 5: two workers of half a GPU each share device 0 and carry the same GPU group.
            cluster.applyFile(EXAMPLE.resolve("04-raycluster-half-gpu.yaml"));
            await().atMost(PATIENCE).untilAsserted(() -> {
                List<Pod> pods = pods("raycluster-half-gpu");
                assertThat(pods).hasSize(3);
                assertThat(nodes(pods).values()).containsOnly("gpu-node-1");
            });
            List<Pod> workers = pods("raycluster-half-gpu").stream()
                    .filter(p -> "worker".equals(p.getMetadata().getLabels().get("ray.io/node-type"))).toList();
            assertThat(workers).hasSize(2).allSatisfy(w -> {
                assertThat(w.getMetadata().getLabels()).containsEntry(GpuShare.GPU_GROUP_LABEL, "gpu-node-1-gpu0");
                assertThat(w.getMetadata().getAnnotations()).containsEntry(GpuShare.FRACTION_ANNOTATION, "0.5")
                        .containsEntry(GpuShare.DEVICES_ANNOTATION, "0");
            });

            // The troubleshooting step: no queue label, so its pods stay Pending, and an event says why.
            cluster.applyFile(EXAMPLE.resolve("05-raycluster-kuberay.yaml"));
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(client.v1().events().inNamespace("default").list().getItems())
                    .anySatisfy(e -> {
                        assertThat(e.getInvolvedObject().getName()).isEqualTo("raycluster-kuberay");
                        assertThat(e.getReason()).isEqualTo("QueueLabelMissing");
                        assertThat(e.getMessage()).contains("kai.scheduler/queue");
                    }));
            assertThat(pods("raycluster-kuberay")).isNotEmpty().allSatisfy(p -> assertThat(p.getSpec().getNodeName()).isNull());
        }
    }

    /**
     * Three workers of a whole GPU each, on a cluster with one GPU: the head alone would fit, the
     * gang does not, and no pod is bound. KAI divides what the nodes hold, so the gang is also over
     * the cluster's capacity; two more GPU nodes joining (an autoscaler) make room for it.
     */
    @Test
    void aGangThatDoesNotFitHasNoPodBoundUntilGpuNodesJoin() {
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds().withCrds(KubeKind.KAI_QUEUE);
        cluster.applyFile(EXAMPLE.resolve("01-queues.yaml"));
        cluster.applyFile(EXAMPLE.resolve("02-gpu-node.yaml"));
        try (MusterOperator operator = operator(); ClusterStandIns standIns = new ClusterStandIns(client, "kai-scheduler").start()) {
            operator.start();
            cluster.applyFile(EXAMPLE.resolve("03-raycluster-sample.yaml"), THREE_ONE_GPU_WORKERS);
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(pods("too-big")).hasSize(4));
            await().during(Duration.ofSeconds(2)).atMost(PATIENCE).untilAsserted(() ->
                    assertThat(nodes(pods("too-big")).values()).containsOnly(""));

            cluster.applyFile(EXAMPLE.resolve("02-gpu-node.yaml"), Map.of("gpu-node-1", "gpu-node-2"));
            cluster.applyFile(EXAMPLE.resolve("02-gpu-node.yaml"), Map.of("gpu-node-1", "gpu-node-3"));
            await().atMost(PATIENCE).untilAsserted(() -> {
                List<Pod> pods = pods("too-big");
                assertThat(pods).hasSize(4).allSatisfy(p -> assertThat(p.getSpec().getNodeName()).isNotNull());
                // One GPU per node: each worker has a node of its own.
                assertThat(pods.stream().filter(p -> "worker".equals(p.getMetadata().getLabels().get("ray.io/node-type")))
                        .map(p -> p.getSpec().getNodeName()).distinct()).hasSize(3);
            });
        }
    }
}
