package dev.muster.operator;

import static dev.muster.operator.OperatorCluster.condition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.decide.Decider;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Two replicas: the one holding the Lease decides; when it goes, the other takes over where it stopped. */
@EnableKubernetesMockClient(crud = true)
class LeaderElectionThroughTheApiTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    KubernetesClient client;
    KubernetesMockServer server;
    private MusterOperator one;
    private MusterOperator two;

    private final java.util.Map<MusterOperator, KubernetesClient> clients = new java.util.HashMap<>();

    /** A replica with a client of its own, as a pod of the Deployment would have. */
    private MusterOperator replica(String name) {
        KubernetesClient own = server.createClient();
        MusterOperator op = new MusterOperator(own, OperatorOptions.defaults(name)
                .withLeaderElection(true, "default")
                .withLeaseTimings(Duration.ofSeconds(8), Duration.ofSeconds(6), Duration.ofSeconds(1)));
        op.start();
        clients.put(op, own);
        return op;
    }

    @AfterEach
    void stop() {
        Stream.of(one, two).forEach(MusterOperator::close);
    }

    private static String states(MusterOperator op) {
        return op.decider().map(d -> "a=" + d.stateOf("RayJob", new ObjectKey("default", "a")) + " b="
                + d.stateOf("RayJob", new ObjectKey("default", "b")) + " " + d.notReady().orElse("ready")).orElse("no decider");
    }

    private static ObjectKey workloadOf(String job) {
        return new ObjectKey("default", KueueWorkloadNames.of("RayJob", new ObjectKey("default", job)));
    }

    @Test
    void onlyTheLeaderDecidesAndTheOtherTakesOverWhenItStops() {
        // JOSDK checks that it may use Leases (a SelfSubjectRulesReview) before it runs for leader; the mock
        // does not answer that review by itself, so it says what a bound ClusterRole would: leases may be used.
        server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")
                .andReturn(201, new SelfSubjectRulesReviewBuilder().withNewMetadata().endMetadata()
                        .withNewStatus().withIncomplete(false)
                        .addNewResourceRule().withApiGroups("coordination.k8s.io").withResources("leases")
                        .withVerbs("create", "update", "get").endResourceRule()
                        .endStatus().build())
                .always();
        OperatorCluster cluster = new OperatorCluster(client).withAllCrds();
        cluster.apply("queues.yaml");
        one = replica("one");
        two = replica("two");
        await().atMost(PATIENCE).until(() -> one.leading() || two.leading());
        assertThat(List.of(one.leading(), two.leading())).containsOnlyOnce(true);
        MusterOperator leader = one.leading() ? one : two;
        MusterOperator follower = leader == one ? two : one;

        cluster.apply("rayjob.yaml", Map.of("NAME", "a"));
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(condition(cluster.get(KubeKind.WORKLOAD, workloadOf("a")), "Admitted"))
                .as("one leads: %s (%s), two leads: %s (%s)", one.leading(), states(one), two.leading(), states(two))
                .isTrue());
        // Created once "a" holds the only GPU, "b" waits for it.
        cluster.apply("rayjob.yaml", Map.of("NAME", "b"));
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(cluster.get(KubeKind.WORKLOAD, workloadOf("b"))).isNotNull());
        assertThat(follower.leading()).isFalse();
        assertThat(follower.decider()).as("a replica without the Lease has no decider").isEmpty();

        // The leader dies: it can no longer reach the API server, so it cannot renew the Lease. (Stopping
        // it with close() would not do here: JOSDK's executors are shared within one JVM, and closing one
        // operator's would interrupt the other's; in a cluster each replica is a process of its own.)
        clients.get(leader).close();
        await().atMost(PATIENCE).until(follower::leading);
        await().atMost(PATIENCE).until(() -> !leader.leading());
        cluster.finishRayJob(new ObjectKey("default", "a"));
        await().atMost(PATIENCE).untilAsserted(() -> {
            Decider d = follower.decider().orElseThrow();
            String held = "the new leader holds a=" + d.stateOf("RayJob", new ObjectKey("default", "a"))
                    + ", b=" + d.stateOf("RayJob", new ObjectKey("default", "b"));
            assertThat(condition(cluster.get(KubeKind.WORKLOAD, workloadOf("b")), "Admitted")).as(held).isTrue();
            assertThat(condition(cluster.get(KubeKind.WORKLOAD, workloadOf("a")), "Finished")).as(held).isTrue();
        });
    }
}
