package dev.muster.operator;

import static dev.muster.operator.OperatorCluster.condition;
import static dev.muster.operator.OperatorCluster.suspended;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.provisioning.ProvisioningChecks;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The GKE walkthrough ({@code examples/gke-queued-provisioning}: the guide's kueue-resources.yaml
 * unchanged, and its RayJob) through the API. The test stands in for the node autoscaler: it
 * accepts and provisions the ProvisioningRequest Muster creates, or fails it.
 */
@EnableKubernetesMockClient(crud = true)
class QueuedProvisioningWalkthroughThroughTheApiTest {

    private static final Path EXAMPLE = Path.of("..", "examples", "gke-queued-provisioning");
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final ObjectKey JOB = new ObjectKey("default", "pytorch-text-classifier");
    private static final ObjectKey WORKLOAD = new ObjectKey("default", KueueWorkloadNames.of("RayJob", JOB));
    private static final String REQUEST = WORKLOAD.name() + "-rayjob-gpu-1";

    KubernetesClient client;

    private OperatorCluster setUp(String extraConfig) {
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds();
        cluster.applyFile(EXAMPLE.resolve("01-kueue-resources.yaml"), Map.of("  managedResources:\n  - nvidia.com/gpu",
                "  managedResources:\n  - nvidia.com/gpu" + extraConfig));
        return cluster;
    }

    private void createRayJob(OperatorCluster cluster) {
        cluster.applyFile(EXAMPLE.resolve("03-ray-job.pytorch-distributed-training.yaml"),
                Map.of("generateName: pytorch-text-classifier-", "name: pytorch-text-classifier"));
    }

    /** The RayJob is created, Muster asks for its capacity, and the autoscaler answers Failed. */
    private void theFirstRequestFails(OperatorCluster cluster) {
        createRayJob(cluster);
        await().atMost(PATIENCE).untilAsserted(() ->
                assertThat(cluster.get(KubeKind.PROVISIONING_REQUEST, new ObjectKey("default", REQUEST))).isNotNull());
        autoscalerAnswers(REQUEST, "Failed");
    }

    /** What the node autoscaler writes on a request: these conditions, all True. */
    private void autoscalerAnswers(String request, String... conditions) {
        var op = client.genericKubernetesResources(KubeKind.PROVISIONING_REQUEST.context()).inNamespace("default").withName(request);
        GenericKubernetesResource pr = op.get();
        List<Map<String, Object>> list = java.util.Arrays.stream(conditions).map(c -> Map.<String, Object>of("type", c,
                "status", "True", "reason", c, "message", c.equals("Failed") ? "no capacity for g2-standard-4 in us-west1-b" : c,
                "lastTransitionTime", "2026-11-22T00:00:00Z")).toList();
        pr.setAdditionalProperty("status", Map.of("conditions", list));
        op.updateStatus(pr);
    }

    @Test
    void theRayJobIsAdmittedOnlyOnceItsCapacityIsProvisioned() {
        OperatorCluster cluster = setUp("");
        try (MusterOperator operator = new MusterOperator(client,
                OperatorOptions.defaults("test").withLeaderElection(false, "default"))) {
            operator.start();
            createRayJob(cluster);

            // Quota is reserved at once; a request asks for the head's GPU; the job stays suspended.
            await().atMost(PATIENCE).untilAsserted(() -> {
                assertThat(condition(cluster.get(KubeKind.WORKLOAD, WORKLOAD), "QuotaReserved")).isTrue();
                assertThat(cluster.get(KubeKind.PROVISIONING_REQUEST, new ObjectKey("default", REQUEST))).isNotNull();
            });
            GenericKubernetesResource pr = cluster.get(KubeKind.PROVISIONING_REQUEST, new ObjectKey("default", REQUEST));
            assertThat(pr.toString()).contains("provisioningClassName=queued-provisioning.gke.io")
                    .contains("name=ppt-" + REQUEST + "-head").contains("count=1").doesNotContain("submitter");
            assertThat(cluster.get(KubeKind.POD_TEMPLATE, new ObjectKey("default", "ppt-" + REQUEST + "-head"))).isNotNull();
            assertThat(suspended(cluster.get(KubeKind.RAY_JOB, JOB))).isTrue();
            assertThat(condition(cluster.get(KubeKind.WORKLOAD, WORKLOAD), "Admitted")).isFalse();

            autoscalerAnswers(REQUEST, "Accepted");
            autoscalerAnswers(REQUEST, "Accepted", "Provisioned");

            await().atMost(PATIENCE).untilAsserted(() -> {
                assertThat(condition(cluster.get(KubeKind.WORKLOAD, WORKLOAD), "Admitted")).isTrue();
                assertThat(suspended(cluster.get(KubeKind.RAY_JOB, JOB))).isFalse();
            });
            // The head's pods consume the capacity booked for them, as Kueue's pod set updates say.
            assertThat(cluster.get(KubeKind.RAY_JOB, JOB).toString())
                    .contains(ProvisioningChecks.CONSUME_ANNOTATION + "=" + REQUEST)
                    .contains(ProvisioningChecks.CLASS_ANNOTATION + "=queued-provisioning.gke.io");
        }
    }

    @Test
    void capacityThatNeverComesLeavesTheRayJobSuspendedAndSaysWhy() {
        OperatorCluster cluster = setUp("\n  retryStrategy:\n    backoffLimitCount: 0");
        try (MusterOperator operator = new MusterOperator(client,
                OperatorOptions.defaults("test").withLeaderElection(false, "default"))) {
            operator.start();
            theFirstRequestFails(cluster);

            await().atMost(PATIENCE).untilAsserted(() -> {
                GenericKubernetesResource wl = cluster.get(KubeKind.WORKLOAD, WORKLOAD);
                assertThat(condition(wl, "QuotaReserved")).isFalse();
                assertThat(OperatorCluster.message(wl, "QuotaReserved")).contains("deactivated")
                        .contains("no capacity for g2-standard-4");
            });
            assertThat(suspended(cluster.get(KubeKind.RAY_JOB, JOB))).isTrue();
        }
    }

    /**
     * A failed request is tried again after retryStrategy's backoff (here 1 s). Nothing else
     * happens in the cluster meanwhile: the controller must wake itself when the backoff ends.
     */
    @Test
    void aFailedRequestIsTriedAgainWhenItsBackoffEndsWithNoOtherEvent() {
        OperatorCluster cluster = setUp("\n  retryStrategy:\n    backoffLimitCount: 1\n    backoffBaseSeconds: 1\n    backoffMaxSeconds: 1");
        try (MusterOperator operator = new MusterOperator(client,
                OperatorOptions.defaults("test").withLeaderElection(false, "default"))) {
            operator.start();
            theFirstRequestFails(cluster);

            ObjectKey secondAttempt = new ObjectKey("default", WORKLOAD.name() + "-rayjob-gpu-2");
            await().atMost(PATIENCE).untilAsserted(() -> {
                assertThat(cluster.get(KubeKind.PROVISIONING_REQUEST, secondAttempt)).isNotNull();
                assertThat(condition(cluster.get(KubeKind.WORKLOAD, WORKLOAD), "QuotaReserved")).isTrue();
            });
            assertThat(suspended(cluster.get(KubeKind.RAY_JOB, JOB))).isTrue();
        }
    }

    @Test
    void aControllerRestartedWhileTheCapacityIsBeingProvisionedTakesTheRequestOver() {
        OperatorCluster cluster = setUp("");
        try (MusterOperator first = new MusterOperator(client,
                OperatorOptions.defaults("first").withLeaderElection(false, "default"))) {
            first.start();
            createRayJob(cluster);
            await().atMost(PATIENCE).untilAsserted(() -> {
                assertThat(condition(cluster.get(KubeKind.WORKLOAD, WORKLOAD), "QuotaReserved")).isTrue();
                assertThat(cluster.get(KubeKind.PROVISIONING_REQUEST, new ObjectKey("default", REQUEST))).isNotNull();
            });
        }
        autoscalerAnswers(REQUEST, "Accepted");
        String reservedAt = reservedAt(cluster);
        sleepPastASecond(); // condition times have a resolution of one second
        try (MusterOperator second = new MusterOperator(client,
                OperatorOptions.defaults("second").withLeaderElection(false, "default"))) {
            second.start();
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(second.decider().orElseThrow()
                    .stateOf("RayJob", JOB)).contains("QUOTA_RESERVED"));
            // The reservation and its request are taken over: reserved when it was, no second attempt, the job still waits.
            assertThat(reservedAt(cluster)).isEqualTo(reservedAt);
            String secondAttempt = WORKLOAD.name() + "-rayjob-gpu-2";
            assertThat(cluster.get(KubeKind.PROVISIONING_REQUEST, new ObjectKey("default", secondAttempt))).isNull();
            assertThat(suspended(cluster.get(KubeKind.RAY_JOB, JOB))).isTrue();

            autoscalerAnswers(REQUEST, "Accepted", "Provisioned");
            await().atMost(PATIENCE).untilAsserted(() -> {
                assertThat(condition(cluster.get(KubeKind.WORKLOAD, WORKLOAD), "Admitted")).isTrue();
                assertThat(suspended(cluster.get(KubeKind.RAY_JOB, JOB))).isFalse();
            });
            assertThat(cluster.get(KubeKind.PROVISIONING_REQUEST, new ObjectKey("default", secondAttempt))).isNull();
        }
    }

    @SuppressWarnings("unchecked")
    private static String reservedAt(OperatorCluster cluster) {
        return OperatorCluster.conditions(cluster.get(KubeKind.WORKLOAD, WORKLOAD)).stream()
                .filter(c -> "QuotaReserved".equals(c.get("type"))).map(c -> String.valueOf(c.get("lastTransitionTime")))
                .findFirst().orElseThrow();
    }

    private static void sleepPastASecond() {
        try {
            Thread.sleep(1_100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
