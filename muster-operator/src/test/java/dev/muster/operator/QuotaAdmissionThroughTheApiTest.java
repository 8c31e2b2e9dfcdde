package dev.muster.operator;

import static dev.muster.operator.OperatorCluster.condition;
import static dev.muster.operator.OperatorCluster.message;
import static dev.muster.operator.OperatorCluster.suspended;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The operator against an API server (fabric8's mock, CRUD mode): RayJobs labelled with a queue
 * are suspended, admitted by quota with their flavor's node labels merged in, and the one that
 * does not fit waits with a reason until the first finishes.
 */
@EnableKubernetesMockClient(crud = true)
class QuotaAdmissionThroughTheApiTest {

    KubernetesClient client;
    private OperatorCluster cluster;
    private MusterOperator operator;

    @BeforeEach
    void startOperator() {
        cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("queues.yaml");
        operator = new MusterOperator(client, OperatorOptions.defaults("test").withLeaderElection(false, "default"));
        operator.start();
    }

    @AfterEach
    void stopOperator() {
        operator.close();
    }

    private static ObjectKey workloadOf(String job) {
        return new ObjectKey("default", KueueWorkloadNames.of("RayJob", new ObjectKey("default", job)));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> status(GenericKubernetesResource object) {
        Object status = object == null ? null : object.getAdditionalProperties().get("status");
        return status instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @Test
    void aRayJobIsAdmittedWithItsFlavorsNodeLabelsAndTheNextWaitsForItsGpu() {
        cluster.apply("rayjob.yaml", Map.of("NAME", "first"));

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            GenericKubernetesResource job = cluster.get(KubeKind.RAY_JOB, new ObjectKey("default", "first"));
            assertThat(suspended(job)).as("unsuspended once admitted").isFalse();
            assertThat(job.toString()).contains("cloud.google.com/gke-nodepool=gpu-node-pool");
            GenericKubernetesResource wl = cluster.get(KubeKind.WORKLOAD, workloadOf("first"));
            assertThat(wl).isNotNull();
            assertThat(condition(wl, "QuotaReserved")).isTrue();
            assertThat(condition(wl, "Admitted")).isTrue();
        });
        GenericKubernetesResource wl = cluster.get(KubeKind.WORKLOAD, workloadOf("first"));
        assertThat(wl.getMetadata().getOwnerReferences()).singleElement()
                .satisfies(o -> assertThat(o.getName()).isEqualTo("first"));
        assertThat(wl.toString()).contains("clusterQueue=cluster-queue");

        cluster.apply("rayjob.yaml", Map.of("NAME", "second"));
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            GenericKubernetesResource second = cluster.get(KubeKind.RAY_JOB, new ObjectKey("default", "second"));
            assertThat(suspended(second)).as("suspended by the controller on first sight").isTrue();
            GenericKubernetesResource w2 = cluster.get(KubeKind.WORKLOAD, workloadOf("second"));
            assertThat(w2).isNotNull();
            assertThat(condition(w2, "QuotaReserved")).isFalse();
            assertThat(message(w2, "QuotaReserved")).contains("nvidia.com/gpu");
        });

        // What kubectl get clusterqueue / localqueue show: one admitted, one pending, the GPU in use.
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            Map<String, Object> cq = status(cluster.get(KubeKind.CLUSTER_QUEUE, new ObjectKey("", "cluster-queue")));
            assertThat(cq).containsEntry("admittedWorkloads", 1).containsEntry("pendingWorkloads", 1)
                    .containsEntry("reservingWorkloads", 1);
            assertThat(String.valueOf(cq.get("flavorsUsage"))).contains("name=nvidia.com/gpu, total=1, borrowed=0");
            Map<String, Object> lq = status(cluster.get(KubeKind.LOCAL_QUEUE, new ObjectKey("default", "user-queue")));
            assertThat(lq).containsEntry("admittedWorkloads", 1).containsEntry("pendingWorkloads", 1);
        });

        cluster.finishRayJob(new ObjectKey("default", "first"));
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            assertThat(suspended(cluster.get(KubeKind.RAY_JOB, new ObjectKey("default", "second")))).isFalse();
            assertThat(condition(cluster.get(KubeKind.WORKLOAD, workloadOf("second")), "Admitted")).isTrue();
            assertThat(condition(cluster.get(KubeKind.WORKLOAD, workloadOf("first")), "Finished")).isTrue();
        });
    }
}
