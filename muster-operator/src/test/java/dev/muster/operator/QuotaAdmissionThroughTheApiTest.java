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

    /**
     * As Kueue's job reconciler does for a job without a Workload: the running job is stopped, a new
     * Workload is made and queued, and the job runs again once it is admitted; meanwhile the one
     * that waited is not admitted on the quota the stopped job held until its stop is written.
     */
    @Test
    void aWorkloadDeletedByHandStopsItsJobWhichIsQueuedAgainWithANewWorkload() {
        cluster.apply("rayjob.yaml", Map.of("NAME", "first"));
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                assertThat(condition(cluster.get(KubeKind.WORKLOAD, workloadOf("first")), "Admitted")).isTrue());
        String firstUid = cluster.get(KubeKind.WORKLOAD, workloadOf("first")).getMetadata().getUid();
        List<Boolean> suspendedSeen = new java.util.concurrent.CopyOnWriteArrayList<>();
        var watch = client.genericKubernetesResources(KubeKind.RAY_JOB.context()).inNamespace("default").withName("first")
                .watch(new io.fabric8.kubernetes.client.Watcher<>() {
                    @Override
                    public void eventReceived(Action action, GenericKubernetesResource job) {
                        suspendedSeen.add(suspended(job));
                    }

                    @Override
                    public void onClose(io.fabric8.kubernetes.client.WatcherException cause) {
                    }
                });

        client.genericKubernetesResources(KubeKind.WORKLOAD.context()).inNamespace("default")
                .withName(workloadOf("first").name()).delete();

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            GenericKubernetesResource wl = cluster.get(KubeKind.WORKLOAD, workloadOf("first"));
            assertThat(wl).as("a new Workload").isNotNull();
            assertThat(wl.getMetadata().getUid()).isNotEqualTo(firstUid);
            assertThat(condition(wl, "Admitted")).as("admitted again: the quota it held was given back").isTrue();
            assertThat(suspended(cluster.get(KubeKind.RAY_JOB, new ObjectKey("default", "first")))).isFalse();
        });
        assertThat(operator.decider().orElseThrow().stateOf("RayJob", new ObjectKey("default", "first"))).contains("ADMITTED");
        watch.close();
        assertThat(suspendedSeen).as("the job was stopped, then started again").containsSubsequence(true, false);
    }
}
