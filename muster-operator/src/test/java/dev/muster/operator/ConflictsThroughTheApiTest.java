package dev.muster.operator;

import static dev.muster.operator.OperatorCluster.condition;
import static dev.muster.operator.OperatorCluster.suspended;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The API server answers 409 Conflict when an object changed under the writer; Muster tries
 * again on a fresh object instead of losing the write. The mock answers the first status write
 * and the first patch of the job with a conflict.
 */
@EnableKubernetesMockClient(crud = true)
class ConflictsThroughTheApiTest {

    KubernetesClient client;
    KubernetesMockServer server;

    @Test
    void writesThatMeetAConflictAreTriedAgain() {
        ObjectKey job = new ObjectKey("default", "train");
        ObjectKey workload = new ObjectKey("default", KueueWorkloadNames.of("RayJob", job));
        var conflict = new StatusBuilder().withStatus("Failure").withReason("Conflict").withCode(409)
                .withMessage("the object has been modified; please apply your changes to the latest version").build();
        server.expect().patch().withPath("/apis/kueue.x-k8s.io/v1beta1/namespaces/default/workloads/" + workload.name() + "/status")
                .andReturn(409, conflict).once();
        server.expect().patch().withPath("/apis/ray.io/v1/namespaces/default/rayjobs/train")
                .andReturn(409, conflict).once();

        OperatorCluster cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("queues.yaml");
        try (MusterOperator operator = new MusterOperator(client,
                OperatorOptions.defaults("test").withLeaderElection(false, "default"))) {
            operator.start();
            cluster.apply("rayjob.yaml", Map.of("NAME", "train"));
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                assertThat(condition(cluster.get(KubeKind.WORKLOAD, workload), "Admitted")).isTrue();
                assertThat(suspended(cluster.get(KubeKind.RAY_JOB, job))).isFalse();
            });
        }
    }
    /**
     * A stop carries the resourceVersion it was decided on: when the job changed since (here: it
     * finished), the API server refuses it with 409 and the writer does not write it again; the
     * finished job stays unsuspended.
     */
    @Test
    void aStopDecidedOnAStaleJobIsRefusedAndNotRepeated() {
        var job = new io.fabric8.kubernetes.api.model.batch.v1.JobBuilder().withNewMetadata().withName("done")
                .withNamespace("default").endMetadata().withNewSpec().withSuspend(false).withNewTemplate().withNewSpec()
                .addNewContainer().withName("main").withImage("busybox").endContainer().endSpec().endTemplate().endSpec().build();
        var created = client.batch().v1().jobs().inNamespace("default").resource(job).create();
        com.fasterxml.jackson.databind.JsonNode seen = Serialization.jsonMapper().valueToTree(created);
        client.batch().v1().jobs().inNamespace("default").withName("done").edit(j -> new io.fabric8.kubernetes.api.model.batch.v1.JobBuilder(j)
                .editMetadata().addToLabels("finished", "yes").endMetadata().build());

        var writer = new dev.muster.operator.kube.FabricClusterWriter(client, "test");
        boolean written = writer.patchJob(KubeKind.BATCH_JOB, new ObjectKey("default", "done"),
                dev.muster.operator.jobs.JobPatches.stop(seen, new dev.muster.operator.jobs.BatchJobAdapter()));

        assertThat(written).as("refused: the job changed since the stop was decided").isFalse();
        assertThat(client.batch().v1().jobs().inNamespace("default").withName("done").get().getSpec().getSuspend()).isFalse();

        com.fasterxml.jackson.databind.JsonNode fresh = Serialization.jsonMapper()
                .valueToTree(client.batch().v1().jobs().inNamespace("default").withName("done").get());
        assertThat(writer.patchJob(KubeKind.BATCH_JOB, new ObjectKey("default", "done"),
                dev.muster.operator.jobs.JobPatches.stop(fresh, new dev.muster.operator.jobs.BatchJobAdapter())))
                .as("decided on the job as it is now, the stop holds").isTrue();
        assertThat(client.batch().v1().jobs().inNamespace("default").withName("done").get().getSpec().getSuspend()).isTrue();
    }
}
