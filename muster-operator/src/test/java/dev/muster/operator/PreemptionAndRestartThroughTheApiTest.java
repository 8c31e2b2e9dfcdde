package dev.muster.operator;

import static dev.muster.operator.OperatorCluster.condition;
import static dev.muster.operator.OperatorCluster.suspended;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.decide.Decider;
import dev.muster.operator.jobs.JobPatches;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Preemption suspends a running RayJob through the API; a restarted controller admits nothing twice. */
@EnableKubernetesMockClient(crud = true)
class PreemptionAndRestartThroughTheApiTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final Map<String, String> PROD = Map.of("kueue.x-k8s.io/queue-name: user-queue",
            "kueue.x-k8s.io/queue-name: user-queue\n    kueue.x-k8s.io/priority-class: prod-priority");

    KubernetesClient client;
    private OperatorCluster cluster;
    private MusterOperator operator;

    @BeforeEach
    void setUp() {
        cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("queues.yaml");
        operator = start();
    }

    @AfterEach
    void tearDown() {
        operator.close();
    }

    private MusterOperator start() {
        MusterOperator op = new MusterOperator(client, OperatorOptions.defaults("test").withLeaderElection(false, "default"));
        op.start();
        return op;
    }

    private static ObjectKey job(String name) {
        return new ObjectKey("default", name);
    }

    private static ObjectKey workloadOf(String name) {
        return new ObjectKey("default", KueueWorkloadNames.of("RayJob", job(name)));
    }

    private GenericKubernetesResource rayJob(String name) {
        return cluster.get(KubeKind.RAY_JOB, job(name));
    }

    private GenericKubernetesResource workload(String name) {
        return cluster.get(KubeKind.WORKLOAD, workloadOf(name));
    }

    /** What KubeRay writes on a RayJob: its deployment status. */
    private void kuberayReports(String name, String jobDeploymentStatus) {
        var op = client.genericKubernetesResources(KubeKind.RAY_JOB.context()).inNamespace("default").withName(name);
        GenericKubernetesResource job = op.get();
        job.setAdditionalProperty("status", Map.of("jobDeploymentStatus", jobDeploymentStatus));
        op.updateStatus(job);
    }

    /**
     * dev runs (KubeRay reports it Running), and prod, of a higher priority, preempts it: dev is
     * suspended and evicted at once; while its cluster is torn down the GPU stays its, and prod waits.
     */
    private void devPreemptedByProdWhileItsClusterRuns() {
        cluster.apply("rayjob.yaml", Map.of("NAME", "dev"));
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(condition(workload("dev"), "Admitted")).isTrue());
        kuberayReports("dev", "Running");
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(operator.decider().orElseThrow().stateOf("RayJob", job("dev")))
                .contains("ADMITTED"));
        cluster.apply("rayjob.yaml", withName("prod", PROD));
        await().atMost(PATIENCE).untilAsserted(() -> {
            assertThat(suspended(rayJob("dev"))).isTrue();
            assertThat(condition(workload("dev"), "Evicted")).isTrue();
            assertThat(OperatorCluster.message(workload("prod"), "QuotaReserved")).contains("to stop");
        });
    }

    @Test
    void aPreemptedRayJobKeepsItsQuotaUntilKubeRayReportsItSuspended() {
        devPreemptedByProdWhileItsClusterRuns();
        assertThat(condition(workload("dev"), "QuotaReserved")).isTrue();
        // As Kueue: Admitted and the admission stay with the quota until the job has stopped.
        assertThat(condition(workload("dev"), "Admitted")).isTrue();
        assertThat(admittedTo(workload("dev"))).isEqualTo("cluster-queue");
        assertThat(suspended(rayJob("prod"))).isTrue();

        kuberayReports("dev", "Suspended");
        await().atMost(PATIENCE).untilAsserted(() -> {
            assertThat(condition(workload("dev"), "QuotaReserved")).isFalse();
            assertThat(condition(workload("prod"), "Admitted")).isTrue();
            assertThat(suspended(rayJob("prod"))).isFalse();
        });
    }

    @Test
    void aControllerRestartedWhileAPreemptedJobStopsHoldsItsQuotaUntilItHasStopped() {
        devPreemptedByProdWhileItsClusterRuns();

        operator.close();
        operator = start();

        // The new controller finds dev evicted with its quota still reserved (its RayCluster is being
        // torn down): it holds that quota, as Kueue's cache does, and prod waits.
        Decider decider = operator.decider().orElseThrow();
        await().atMost(PATIENCE).untilAsserted(() -> {
            assertThat(decider.stateOf("RayJob", job("dev"))).contains("PENDING");
            assertThat(decider.stateOf("RayJob", job("prod"))).contains("PENDING");
        });
        await().during(Duration.ofSeconds(1)).atMost(PATIENCE).untilAsserted(() -> {
            assertThat(suspended(rayJob("prod"))).isTrue();
            assertThat(condition(workload("dev"), "QuotaReserved")).isTrue();
        });

        kuberayReports("dev", "Suspended");
        await().atMost(PATIENCE).untilAsserted(() -> {
            assertThat(condition(workload("dev"), "QuotaReserved")).isFalse();
            assertThat(condition(workload("dev"), "Admitted")).isFalse();
            assertThat(condition(workload("prod"), "Admitted")).isTrue();
            assertThat(suspended(rayJob("prod"))).isFalse();
        });
    }

    @Test
    void aProductionRayJobPreemptsADevelopmentOneWhichIsSuspendedWithItsTemplatesRestored() {
        cluster.apply("rayjob.yaml", Map.of("NAME", "dev"));
        // The Workload says Admitted before the job is started (as Kueue), so the start is awaited too.
        await().atMost(PATIENCE).untilAsserted(() -> {
            assertThat(condition(workload("dev"), "Admitted")).isTrue();
            assertThat(rayJob("dev").toString()).contains(JobPatches.ORIGINALS_ANNOTATION);
        });

        cluster.apply("rayjob.yaml", withName("prod", PROD));

        await().atMost(PATIENCE).untilAsserted(() -> {
            assertThat(suspended(rayJob("dev"))).isTrue();
            assertThat(condition(workload("dev"), "Evicted")).isTrue();
            assertThat(condition(workload("dev"), "Preempted")).isTrue();
            assertThat(condition(workload("dev"), "Admitted")).isFalse();
            assertThat(suspended(rayJob("prod"))).isFalse();
            assertThat(condition(workload("prod"), "Admitted")).isTrue();
        });
        GenericKubernetesResource dev = rayJob("dev");
        assertThat(dev.toString()).doesNotContain(JobPatches.ORIGINALS_ANNOTATION)
                .doesNotContain("cloud.google.com/gke-nodepool");
        assertThat(OperatorCluster.conditions(workload("dev"))).anySatisfy(c -> {
            assertThat(c.get("type")).isEqualTo("Preempted");
            assertThat(c.get("reason")).isEqualTo("InClusterQueue");
        });
    }

    @Test
    void aRestartedControllerTakesAdmissionsOverAndAdmitsNothingTwice() {
        cluster.apply("rayjob.yaml", Map.of("NAME", "first"));
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(condition(workload("first"), "Admitted")).isTrue());
        cluster.apply("rayjob.yaml", Map.of("NAME", "second"));
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(workload("second")).isNotNull());
        String admittedAt = transitionTime(workload("first"), "Admitted");

        operator.close();
        operator = start();

        // The new controller has read both jobs: "first" is taken over as admitted, "second" waits.
        Decider decider = operator.decider().orElseThrow();
        await().atMost(PATIENCE).untilAsserted(() -> {
            assertThat(decider.stateOf("RayJob", job("first"))).contains("ADMITTED");
            assertThat(decider.stateOf("RayJob", job("second"))).contains("PENDING");
        });
        assertThat(suspended(rayJob("first"))).isFalse();
        assertThat(transitionTime(workload("first"), "Admitted")).isEqualTo(admittedAt);
        assertThat(suspended(rayJob("second"))).isTrue();
        assertThat(condition(workload("second"), "Admitted")).isFalse();

        cluster.finishRayJob(job("first"));
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(condition(workload("second"), "Admitted")).isTrue());
    }

    @Test
    void aRestartedControllerLeavesAJobThatFinishedFinishedAndQueuesItNoMore() {
        cluster.apply("rayjob.yaml", Map.of("NAME", "first"));
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(condition(workload("first"), "Admitted")).isTrue());
        cluster.finishRayJob(job("first"));
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(condition(workload("first"), "Finished")).isTrue());

        java.util.List<Boolean> finishedAsWritten = new java.util.concurrent.CopyOnWriteArrayList<>();
        var watch = client.genericKubernetesResources(KubeKind.WORKLOAD.context()).inNamespace("default")
                .withName(workloadOf("first").name()).watch(new io.fabric8.kubernetes.client.Watcher<>() {
                    @Override
                    public void eventReceived(Action action, GenericKubernetesResource w) {
                        finishedAsWritten.add(condition(w, "Finished"));
                    }

                    @Override
                    public void onClose(io.fabric8.kubernetes.client.WatcherException cause) {
                    }
                });
        operator.close();
        operator = start();

        Decider decider = operator.decider().orElseThrow();
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(decider.stateOf("RayJob", job("first"))).contains("FINISHED"));
        // The only GPU is free: the finished job was not queued, and admitted, again.
        cluster.apply("rayjob.yaml", Map.of("NAME", "second"));
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(condition(workload("second"), "Admitted")).isTrue());
        watch.close();
        assertThat(finishedAsWritten).as("the Workload of the finished job, as the new controller wrote it").doesNotContain(false);
    }

    @SuppressWarnings("unchecked")
    private static String admittedTo(GenericKubernetesResource workload) {
        Object status = workload.getAdditionalProperties().get("status");
        Object admission = status instanceof Map<?, ?> m ? m.get("admission") : null;
        return admission instanceof Map<?, ?> a ? String.valueOf(a.get("clusterQueue")) : null;
    }

    private static String transitionTime(GenericKubernetesResource workload, String type) {
        return OperatorCluster.conditions(workload).stream().filter(c -> type.equals(c.get("type")))
                .map(c -> String.valueOf(c.get("lastTransitionTime"))).findFirst().orElse("");
    }

    private static Map<String, String> withName(String name, Map<String, String> more) {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>(more);
        m.put("NAME", name);
        return m;
    }
}
