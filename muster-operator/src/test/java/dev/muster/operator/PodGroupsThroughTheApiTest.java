package dev.muster.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.core.model.ObjectKey;
import dev.muster.operator.jobs.PodGroups;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Plain pods grouped by {@code kueue.x-k8s.io/pod-group-name}, as Kueue's pod integration runs
 * them: created behind the admission gate (as the webhook leaves them), a group is admitted whole
 * when all its pods exist, its gates are removed with the flavor's node labels set, and eviction
 * deletes its pods.
 */
@EnableKubernetesMockClient(crud = true)
class PodGroupsThroughTheApiTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    KubernetesClient client;

    /** The pods of a group as the webhook leaves them: gated, labelled with the queue and the group. */
    private void group(String name, int pods, String cpu, String priorityClass) {
        for (int i = 0; i < pods; i++) {
            var meta = new PodBuilder().withNewMetadata().withName(name + "-" + i).withNamespace("default")
                    .addToLabels(PodGroups.QUEUE_LABEL, "user-queue").addToLabels(PodGroups.GROUP_LABEL, name)
                    .addToAnnotations(PodGroups.TOTAL_ANNOTATION, String.valueOf(pods));
            if (priorityClass != null) {
                meta.addToLabels(PodGroups.PRIORITY_CLASS_LABEL, priorityClass);
            }
            client.pods().inNamespace("default").resource(meta.endMetadata().withNewSpec().addNewSchedulingGate()
                    .withName(PodGroups.GATE).endSchedulingGate().addNewContainer().withName("c").withImage("busybox")
                    .withNewResources().addToRequests("cpu", new Quantity(cpu)).endResources().endContainer().endSpec()
                    .withNewStatus().withPhase("Pending").endStatus().build()).create();
        }
    }

    private List<Pod> pods(String group) {
        return client.pods().inNamespace("default").withLabel(PodGroups.GROUP_LABEL, group).list().getItems();
    }

    private static boolean gated(Pod p) {
        return p.getSpec().getSchedulingGates() != null
                && p.getSpec().getSchedulingGates().stream().anyMatch(g -> PodGroups.GATE.equals(g.getName()));
    }

    private void finish(String group) {
        for (Pod p : pods(group)) {
            p.getStatus().setPhase("Succeeded");
            client.pods().inNamespace("default").resource(p).updateStatus();
        }
    }

    @Test
    void aGroupIsAdmittedWholeOnceAllItsPodsExistAndTheNextWaitsForItsQuota() {
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("queues.yaml");
        try (MusterOperator operator = new MusterOperator(client, OperatorOptions.defaults("test").withLeaderElection(false, "default"))) {
            operator.start();
            group("train", 3, "2", null);

            await().atMost(PATIENCE).untilAsserted(() -> assertThat(pods("train")).hasSize(3).allSatisfy(p -> {
                assertThat(gated(p)).isFalse();
                assertThat(p.getSpec().getNodeSelector()).containsEntry("cloud.google.com/gke-nodepool", "gpu-node-pool");
            }));
            assertThat(OperatorCluster.condition(cluster.get(KubeKind.WORKLOAD, new ObjectKey("default", "train")), "Admitted")).isTrue();

            // 6 of 10 cpu are used: a group of 2 x 4 cpu waits, its pods gated, and its Workload says why.
            group("second", 2, "4", null);
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(OperatorCluster.message(
                    cluster.get(KubeKind.WORKLOAD, new ObjectKey("default", "second")), "QuotaReserved")).contains("cpu"));
            assertThat(pods("second")).allSatisfy(p -> assertThat(gated(p)).isTrue());

            // The first group's pods all succeed: it is finished, and the second one starts.
            finish("train");
            await().atMost(PATIENCE).untilAsserted(() -> {
                assertThat(OperatorCluster.condition(cluster.get(KubeKind.WORKLOAD, new ObjectKey("default", "train")), "Finished")).isTrue();
                assertThat(pods("second")).allSatisfy(p -> assertThat(gated(p)).isFalse());
            });
        }
    }

    @Test
    void aHigherPriorityGroupEvictsALowerOneByDeletingItsPods() {
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("queues.yaml");
        try (MusterOperator operator = new MusterOperator(client, OperatorOptions.defaults("test").withLeaderElection(false, "default"))) {
            operator.start();
            group("low", 2, "4", null);
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(pods("low")).hasSize(2).noneMatch(PodGroupsThroughTheApiTest::gated));

            group("high", 2, "4", "prod-priority");
            await().atMost(PATIENCE).untilAsserted(() -> {
                assertThat(pods("low")).isEmpty();
                assertThat(pods("high")).hasSize(2).noneMatch(PodGroupsThroughTheApiTest::gated);
            });
            assertThat(client.v1().events().inNamespace("default").list().getItems())
                    .anySatisfy(e -> assertThat(e.getReason()).isEqualTo("Preempted"));
        }
    }
}
