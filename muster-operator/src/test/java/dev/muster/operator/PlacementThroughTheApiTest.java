package dev.muster.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.placement.GpuShare;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Kueue-queued RayClusters whose pods name Muster's scheduler: admitted when both the quota and
 * the nodes have room, unsuspended, and their pods bound by Muster to the nodes chosen at
 * admission, on the flavor's nodes; pods of other schedulers take room; a restart moves nothing.
 */
@EnableKubernetesMockClient(crud = true)
class PlacementThroughTheApiTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    KubernetesClient client;

    private MusterOperator operator() {
        return new MusterOperator(client, OperatorOptions.defaults("test").withLeaderElection(false, "default"));
    }

    private void rayCluster(OperatorCluster cluster, String name, int workers) {
        cluster.apply("raycluster-on-muster.yaml", Map.of("NAME", name, "WORKERS", String.valueOf(workers)));
    }

    private Map<String, String> nodesOf(String cluster) {
        return client.pods().inNamespace("default").withLabel("ray.io/cluster", cluster).list().getItems().stream()
                .collect(Collectors.toMap(p -> p.getMetadata().getName(),
                        p -> p.getSpec().getNodeName() == null ? "" : p.getSpec().getNodeName()));
    }

    private static ObjectKey workload(String cluster) {
        return new ObjectKey("default", KueueWorkloadNames.of("RayCluster", new ObjectKey("default", cluster)));
    }

    /** A pod the default scheduler placed on a node, holding its GPU. */
    private void otherSchedulersPodOn(String node) {
        client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("other").endMetadata()
                .withNewSpec().withNodeName(node).addNewContainer().withName("c").withImage("x").withNewResources()
                .addToRequests("nvidia.com/gpu", new io.fabric8.kubernetes.api.model.Quantity("1"))
                .addToLimits("nvidia.com/gpu", new io.fabric8.kubernetes.api.model.Quantity("1")).endResources().endContainer()
                .endSpec().withNewStatus().withPhase("Running").endStatus().build()).create();
    }

    @Test
    void podsAreBoundToTheFlavorsNodesAndAGangWaitsForRoomOtherPodsHold() {
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("placement.yaml");
        otherSchedulersPodOn("gpu-node-2");
        try (MusterOperator operator = operator(); ClusterStandIns standIns = new ClusterStandIns(client, "muster").start()) {
            operator.start();
            rayCluster(cluster, "first", 1);

            // Head and worker land on the flavor's nodes (pool=gpu); gpu-node-2's GPU is another pod's.
            await().atMost(PATIENCE).untilAsserted(() -> {
                assertThat(nodesOf("first")).containsEntry("first-gpu-worker-0", "gpu-node-1");
                assertThat(nodesOf("first").get("first-head")).isIn("gpu-node-1", "gpu-node-2");
            });
            Pod worker = client.pods().inNamespace("default").withName("first-gpu-worker-0").get();
            assertThat(worker.getMetadata().getAnnotations()).containsEntry(GpuShare.DEVICES_ANNOTATION, "0");

            // Quota has room for a second one-GPU gang, the nodes do not: it stays suspended, and says why.
            rayCluster(cluster, "second", 1);
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(OperatorCluster.message(
                    cluster.get(KubeKind.WORKLOAD, workload("second")), "QuotaReserved")).contains("nodes"));
            assertThat(OperatorCluster.suspended(cluster.get(KubeKind.RAY_CLUSTER, new ObjectKey("default", "second")))).isTrue();

            // The other pod goes: its GPU is free, and the second gang is admitted onto it.
            client.pods().inNamespace("default").withName("other").delete();
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(nodesOf("second")).containsEntry("second-gpu-worker-0", "gpu-node-2"));
        }
    }

    @Test
    void aRestartedControllerKeepsTheGangsWhereTheyRunAndAdmitsNothingTwice() {
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("placement.yaml");
        try (ClusterStandIns standIns = new ClusterStandIns(client, "muster").start()) {
            Map<String, String> before;
            try (MusterOperator first = operator()) {
                first.start();
                rayCluster(cluster, "running", 2);
                await().atMost(PATIENCE).untilAsserted(() -> assertThat(nodesOf("running").values())
                        .hasSize(3).doesNotContain(""));
                before = nodesOf("running");
            }
            try (MusterOperator second = operator()) {
                second.start();
                // Both GPUs are held by the gang that runs: a new one-GPU gang must wait, not be placed on top.
                rayCluster(cluster, "late", 1);
                await().atMost(PATIENCE).untilAsserted(() -> assertThat(OperatorCluster.message(
                        cluster.get(KubeKind.WORKLOAD, workload("late")), "QuotaReserved")).contains("nodes"));
                assertThat(OperatorCluster.condition(cluster.get(KubeKind.WORKLOAD, workload("running")), "Admitted")).isTrue();
                assertThat(nodesOf("running")).isEqualTo(before);
                assertThat(second.decider().orElseThrow().stateOf("RayCluster", new ObjectKey("default", "running")))
                        .contains("ADMITTED");
                assertThat(OperatorCluster.suspended(cluster.get(KubeKind.RAY_CLUSTER, new ObjectKey("default", "late")))).isTrue();
            }
        }
    }
}
