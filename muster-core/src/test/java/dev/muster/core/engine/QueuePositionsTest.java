package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.explain.PendingPosition;
import dev.muster.core.explain.QueuePositions;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.Namespace;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Positions in the queue as Kueue's visibility API gives them. The cases marked "Kueue:" are ported
 * from kubernetes-sigs/kueue pkg/visibility/storage/pending_workloads_cq_test.go
 * (TestPendingWorkloadsInCQ) and pending_workloads_lq_test.go (TestPendingWorkloadsInLQ), with
 * their names; offset and limit are the API's, tested in muster-operator (VisibilityApiTest).
 * Every ClusterQueue here has no quota, so that everything submitted stays pending.
 */
class QueuePositionsTest {

    private static final int LOW = 50;
    private static final int HIGH = 100;
    private static final long NOW = 1_000_000;

    private final List<ClusterQueueSpec> clusterQueues = new ArrayList<>();
    private final List<LocalQueueSpec> localQueues = new ArrayList<>();
    private final List<Namespace> namespaces = new ArrayList<>();
    private long sequence;

    @Test
    void kueue_singleClusterQueueAndSingleLocalQueueSetupWithTwoWorkloads() {
        Engine engine = clusterQueue("cqA").localQueue("foo", "lqA", "cqA").engine();
        engine.submit(workload("foo", "a", "lqA", HIGH, NOW));
        engine.submit(workload("foo", "b", "lqA", LOW, NOW));
        engine.schedule(NOW);

        assertThat(engine.queuePositions("cqA").orElseThrow().workloads()).containsExactly(
                position("foo", "a", "lqA", "cqA", HIGH, NOW, 0, 0),
                position("foo", "b", "lqA", "cqA", LOW, NOW, 1, 1));
    }

    @Test
    void kueue_singleClusterQueueAndTwoLocalQueueSetupWithFourWorkloads() {
        Engine engine = twoLocalQueuesWithFourWorkloads();

        assertThat(engine.queuePositions("cqA").orElseThrow().workloads()).containsExactly(
                position("foo", "lqA-high-prio", "lqA", "cqA", HIGH, NOW, 0, 0),
                position("foo", "lqB-high-prio", "lqB", "cqA", HIGH, NOW + 1000, 1, 0),
                position("foo", "lqA-low-prio", "lqA", "cqA", LOW, NOW, 2, 1),
                position("foo", "lqB-low-prio", "lqB", "cqA", LOW, NOW + 1000, 3, 1));
    }

    @Test
    void kueue_twoLocalQueueSetupWithFourWorkloads_localQueueARequest() {
        Engine engine = twoLocalQueuesWithFourWorkloads();

        assertThat(engine.clusterQueueOfLocalQueue("foo", "lqA")).contains("cqA");
        assertThat(engine.queuePositions("cqA").orElseThrow().inLocalQueue("foo", "lqA")).containsExactly(
                position("foo", "lqA-high-prio", "lqA", "cqA", HIGH, NOW, 0, 0),
                position("foo", "lqA-low-prio", "lqA", "cqA", LOW, NOW, 2, 1));
    }

    @Test
    void kueue_twoLocalQueueSetupWithFourWorkloads_localQueueBRequest() {
        Engine engine = twoLocalQueuesWithFourWorkloads();

        assertThat(engine.queuePositions("cqA").orElseThrow().inLocalQueue("foo", "lqB")).containsExactly(
                position("foo", "lqB-high-prio", "lqB", "cqA", HIGH, NOW + 1000, 1, 0),
                position("foo", "lqB-low-prio", "lqB", "cqA", LOW, NOW + 1000, 3, 1));
    }

    @Test
    void kueue_twoNamespacesTwoClusterQueuesAndTwoLocalQueues_eachClusterQueueNumbersItsOwn() {
        Engine engine = clusterQueue("cqA").clusterQueue("cqB")
                .localQueue("nsA", "lqA", "cqA").localQueue("nsB", "lqB", "cqB").engine();
        engine.submit(workload("nsA", "lqA-high-prio", "lqA", HIGH, NOW));
        engine.submit(workload("nsA", "lqA-low-prio", "lqA", LOW, NOW));
        engine.submit(workload("nsB", "lqB-high-prio", "lqB", HIGH, NOW + 1000));
        engine.submit(workload("nsB", "lqB-low-prio", "lqB", LOW, NOW + 1000));
        engine.schedule(NOW + 1000);

        assertThat(engine.queuePositions("cqA").orElseThrow().inLocalQueue("nsA", "lqA")).containsExactly(
                position("nsA", "lqA-high-prio", "lqA", "cqA", HIGH, NOW, 0, 0),
                position("nsA", "lqA-low-prio", "lqA", "cqA", LOW, NOW, 1, 1));
        assertThat(engine.queuePositions("cqB").orElseThrow().inLocalQueue("nsB", "lqB")).containsExactly(
                position("nsB", "lqB-high-prio", "lqB", "cqB", HIGH, NOW + 1000, 0, 0),
                position("nsB", "lqB-low-prio", "lqB", "cqB", LOW, NOW + 1000, 1, 1));
    }

    @Test
    void kueue_sameLocalQueueNameReusedAcrossNamespacesReportsPositionWithinEachNamespacesOwnLocalQueue() {
        Engine engine = clusterQueue("cqA").localQueue("foo", "lqA", "cqA").localQueue("bar", "lqA", "cqA").engine();
        engine.submit(workload("foo", "a", "lqA", HIGH, NOW));
        engine.submit(workload("bar", "b", "lqA", HIGH, NOW + 1000));
        engine.schedule(NOW + 1000);

        assertThat(engine.queuePositions("cqA").orElseThrow().workloads()).containsExactly(
                position("foo", "a", "lqA", "cqA", HIGH, NOW, 0, 0),
                position("bar", "b", "lqA", "cqA", HIGH, NOW + 1000, 1, 0));
    }

    @Test
    void kueue_emptyClusterQueue() {
        Engine engine = clusterQueue("cqA").localQueue("foo", "lqA", "cqA").engine();

        assertThat(engine.queuePositions("cqA")).hasValueSatisfying(q -> assertThat(q.workloads()).isEmpty());
    }

    @Test
    void kueue_nonexistentQueueName() {
        Engine engine = clusterQueue("cqA").localQueue("foo", "lqA", "cqA").engine();

        assertThat(engine.queuePositions("nonexistent-queue")).isEmpty();
        assertThat(engine.clusterQueueOfLocalQueue("foo", "invalid-name")).isEmpty();
        assertThat(engine.clusterQueueOfLocalQueue("bar", "lqA")).as("a LocalQueue is its namespace's").isEmpty();
    }

    @Test
    void aWorkloadKeptOutOfTheQueuesOrderIsNumberedAmongTheOthersAsKueuesSnapshotSortsItsInadmissibleListWithTheHeap() {
        // Kueue: a workload whose namespace the ClusterQueue does not admit goes to the inadmissible
        // list, which Snapshot (pkg/cache/queue/cluster_queue.go) sorts together with the heap.
        clusterQueues.add(spec("cqA", LabelSelector.of(Map.of("team", "a"), List.of())));
        namespaces.add(new Namespace("foo", Map.of("team", "a")));
        namespaces.add(new Namespace("other", Map.of("team", "b")));
        Engine engine = localQueue("foo", "lqA", "cqA").localQueue("other", "lqA", "cqA").engine();
        engine.submit(workload("foo", "low", "lqA", LOW, NOW));
        engine.submit(workload("other", "refused", "lqA", HIGH, NOW + 1000));
        engine.submit(workload("foo", "high", "lqA", HIGH, NOW + 2000));
        engine.schedule(NOW + 2000);

        assertThat(engine.clusterQueue("cqA").orElseThrow().inadmissibleCount()).isEqualTo(1);
        assertThat(engine.queuePositions("cqA").orElseThrow().workloads()).containsExactly(
                position("other", "refused", "lqA", "cqA", HIGH, NOW + 1000, 0, 0),
                position("foo", "high", "lqA", "cqA", HIGH, NOW + 2000, 1, 0),
                position("foo", "low", "lqA", "cqA", LOW, NOW, 2, 1));
    }

    @Test
    void admittedWorkloadsLeaveTheQueueAndThoseBehindMoveUp() {
        clusterQueues.add(new ClusterQueueSpec("cqA", Optional.empty(), List.of(new ResourceGroup(List.of("cpu"),
                List.of(new FlavorQuotas("default", List.of(ResourceQuota.nominal("cpu", Quantity.ofUnits(1))))))),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT));
        Engine engine = localQueue("foo", "lqA", "cqA").engine();
        engine.submit(workload("foo", "first", "lqA", HIGH, NOW));
        engine.submit(workload("foo", "second", "lqA", HIGH, NOW + 1000));
        engine.submit(workload("foo", "third", "lqA", HIGH, NOW + 2000));
        engine.schedule(NOW + 2000);

        QueuePositions positions = engine.queuePositions("cqA").orElseThrow();
        assertThat(positions.workloads()).extracting(p -> p.workload().name()).containsExactly("second", "third");
        assertThat(positions.of(new ObjectKey("foo", "third"))).hasValueSatisfying(p -> {
            assertThat(p.positionInClusterQueue()).isEqualTo(1);
            assertThat(p.positionInLocalQueue()).isEqualTo(1);
        });
        assertThat(positions.of(new ObjectKey("foo", "first"))).as("admitted").isEmpty();
        assertThat(engine.queuePositions()).extracting(QueuePositions::clusterQueue).containsExactly("cqA");
    }

    private Engine twoLocalQueuesWithFourWorkloads() {
        Engine engine = clusterQueue("cqA").localQueue("foo", "lqA", "cqA").localQueue("foo", "lqB", "cqA").engine();
        engine.submit(workload("foo", "lqA-high-prio", "lqA", HIGH, NOW));
        engine.submit(workload("foo", "lqA-low-prio", "lqA", LOW, NOW));
        engine.submit(workload("foo", "lqB-high-prio", "lqB", HIGH, NOW + 1000));
        engine.submit(workload("foo", "lqB-low-prio", "lqB", LOW, NOW + 1000));
        engine.schedule(NOW + 1000);
        return engine;
    }

    private QueuePositionsTest clusterQueue(String name) {
        clusterQueues.add(spec(name, LabelSelector.EVERYTHING));
        return this;
    }

    /** A ClusterQueue with no cpu quota: nothing is admitted, everything waits in its order. */
    private static ClusterQueueSpec spec(String name, LabelSelector namespaces) {
        return new ClusterQueueSpec(name, Optional.empty(), List.of(new ResourceGroup(List.of("cpu"),
                List.of(new FlavorQuotas("default", List.of(ResourceQuota.nominal("cpu", Quantity.ofUnits(0))))))),
                QueueingStrategy.BEST_EFFORT_FIFO, namespaces, ClusterQueueSpec.DEFAULT_WEIGHT);
    }

    private QueuePositionsTest localQueue(String namespace, String name, String clusterQueue) {
        localQueues.add(new LocalQueueSpec(new ObjectKey(namespace, name), clusterQueue));
        return this;
    }

    private Engine engine() {
        return new Engine(EngineSetup.kueue(clusterQueues, List.of(), localQueues, namespaces, new AdmissionSettings(false)));
    }

    private Workload workload(String namespace, String name, String localQueue, int priority, long createdMillis) {
        return new Workload(new ObjectKey(namespace, name), localQueue, priority, createdMillis, sequence++,
                List.of(new PodSet("main", 1, 1, new ResourceList(Map.of("cpu", Quantity.ofUnits(1))))));
    }

    private static PendingPosition position(String namespace, String name, String localQueue, String clusterQueue,
            int priority, long createdMillis, int inClusterQueue, int inLocalQueue) {
        return new PendingPosition(new ObjectKey(namespace, name), localQueue, clusterQueue, priority, createdMillis,
                inClusterQueue, inLocalQueue);
    }
}
