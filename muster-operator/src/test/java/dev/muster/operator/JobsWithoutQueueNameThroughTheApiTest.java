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
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code muster run} decides which LocalQueue a Job without the queue-name label goes to as
 * {@code muster simulate} does (Kueue's rules, in muster-api's KueueQueueing): with
 * manageJobsWithoutQueueName the Job is suspended and waits, since its namespace has no LocalQueue
 * "default"; with a LocalQueue "default" in the namespace it is queued there (Kueue's LocalQueue
 * defaulting), whatever manageJobsWithoutQueueName says.
 */
@EnableKubernetesMockClient(crud = true)
class JobsWithoutQueueNameThroughTheApiTest {

    private static final String MANAGE_WITHOUT_QUEUE_NAME = """
            apiVersion: config.kueue.x-k8s.io/v1beta1
            kind: Configuration
            manageJobsWithoutQueueName: true
            """;

    KubernetesClient client;
    private MusterOperator operator;

    @AfterEach
    void stopOperator() {
        if (operator != null) {
            operator.close();
        }
    }

    private OperatorCluster start(Map<String, String> configuration) {
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("queues.yaml");
        operator = new MusterOperator(client, OperatorOptions.defaults("test").withLeaderElection(false, "default")
                .withConfiguration(configuration));
        return cluster;
    }

    private static ObjectKey workloadOf(String job) {
        return new ObjectKey("default", KueueWorkloadNames.of("Job", new ObjectKey("default", job)));
    }

    @Test
    void withManageJobsWithoutQueueNameAJobWithoutLabelIsSuspendedAndWaitsWithoutADefaultLocalQueue() {
        OperatorCluster cluster = start(Map.of("kueue-config.yaml", MANAGE_WITHOUT_QUEUE_NAME));
        operator.start();
        cluster.apply("job-without-queue.yaml", Map.of("NAME", "unlabelled"));

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            GenericKubernetesResource job = cluster.get(KubeKind.BATCH_JOB, new ObjectKey("default", "unlabelled"));
            assertThat(suspended(job)).as("managed: suspended although it names no queue").isTrue();
            GenericKubernetesResource wl = cluster.get(KubeKind.WORKLOAD, workloadOf("unlabelled"));
            assertThat(wl).as("its Workload").isNotNull();
            assertThat(condition(wl, "QuotaReserved")).isFalse();
            assertThat(message(wl, "QuotaReserved")).contains("LocalQueue default does not exist in namespace default");
        });
    }

    @Test
    void aJobWithoutLabelGoesToTheNamespacesDefaultLocalQueue() {
        OperatorCluster cluster = start(Map.of());
        cluster.apply("job-without-queue.yaml", Map.of("NAME", "unlabelled")); // before the LocalQueue is known
        client.resource("""
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata:
                  namespace: default
                  name: default
                spec:
                  clusterQueue: cluster-queue
                """).create();
        operator.start();

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            GenericKubernetesResource wl = cluster.get(KubeKind.WORKLOAD, workloadOf("unlabelled"));
            assertThat(wl).as("its Workload").isNotNull();
            assertThat(condition(wl, "Admitted")).isTrue();
            assertThat(wl.toString()).contains("queueName=default").contains("clusterQueue=cluster-queue");
            GenericKubernetesResource job = cluster.get(KubeKind.BATCH_JOB, new ObjectKey("default", "unlabelled"));
            assertThat(suspended(job)).as("admitted, so running").isFalse();
        });
    }
}
