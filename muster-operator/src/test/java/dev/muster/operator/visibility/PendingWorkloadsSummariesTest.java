package dev.muster.operator.visibility;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.core.explain.QueuePositions;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The window of a queue's pending workloads the API returns. Cases ported from
 * kubernetes-sigs/kueue pkg/visibility/storage/pending_workloads_cq_test.go (TestPendingWorkloadsInCQ)
 * and pending_workloads_lq_test.go (TestPendingWorkloadsInLQ), named as there; the queue order
 * itself is tested in muster-core (QueuePositionsTest).
 */
class PendingWorkloadsSummariesTest {

    private static final long NOW = 1_701_790_923_000L; // 2023-12-05T15:42:03Z
    private static final String V = "v1beta1";

    /** Three workloads of LocalQueue lqA in namespace foo, a, b, c, one second apart (Kueue's limit/offset cases). */
    private static QueuePositions threeInOneLocalQueue() {
        return QueuePositions.number("cqA", List.of(workload("foo", "a", "lqA", 100, NOW),
                workload("foo", "b", "lqA", 100, NOW + 1000), workload("foo", "c", "lqA", 100, NOW + 2000)));
    }

    /** Kueue's four workloads over LocalQueues lqA and lqB, in their queue order. */
    private static QueuePositions fourInTwoLocalQueues() {
        return QueuePositions.number("cqA", List.of(workload("foo", "lqA-high-prio", "lqA", 100, NOW),
                workload("foo", "lqB-high-prio", "lqB", 100, NOW + 1000),
                workload("foo", "lqA-low-prio", "lqA", 50, NOW),
                workload("foo", "lqB-low-prio", "lqB", 50, NOW + 1000)));
    }

    @Test
    void cq_defaultQueryParametersListEveryWorkloadWithItsPositions() {
        JsonNode summary = PendingWorkloadsSummaries.clusterQueue(fourInTwoLocalQueues(), PendingWorkloadsOptions.DEFAULTS, V);

        assertThat(names(summary)).containsExactly("lqA-high-prio", "lqB-high-prio", "lqA-low-prio", "lqB-low-prio");
        assertThat(positions(summary, "positionInClusterQueue")).containsExactly(0, 1, 2, 3);
        assertThat(positions(summary, "positionInLocalQueue")).containsExactly(0, 0, 1, 1);
        assertThat(summary.get("items").get(1).get("localQueueName").asText()).isEqualTo("lqB");
        assertThat(summary.get("items").get(2).get("priority").asInt()).isEqualTo(50);
    }

    @Test
    void cq_limitQueryParameterSet() {
        JsonNode summary = PendingWorkloadsSummaries.clusterQueue(threeInOneLocalQueue(), new PendingWorkloadsOptions(0, 2), V);

        assertThat(names(summary)).containsExactly("a", "b");
        assertThat(positions(summary, "positionInClusterQueue")).containsExactly(0, 1);
    }

    @Test
    void cq_offsetQueryParameterSet() {
        JsonNode summary = PendingWorkloadsSummaries.clusterQueue(threeInOneLocalQueue(),
                new PendingWorkloadsOptions(1, PendingWorkloadsOptions.DEFAULT_LIMIT), V);

        assertThat(names(summary)).containsExactly("b", "c");
        assertThat(positions(summary, "positionInClusterQueue")).containsExactly(1, 2);
        assertThat(positions(summary, "positionInLocalQueue")).containsExactly(1, 2);
    }

    @Test
    void cq_limitOffsetQueryParametersSet() {
        JsonNode summary = PendingWorkloadsSummaries.clusterQueue(threeInOneLocalQueue(), new PendingWorkloadsOptions(1, 1), V);

        assertThat(names(summary)).containsExactly("b");
        assertThat(positions(summary, "positionInLocalQueue")).containsExactly(1);
    }

    @Test
    void cq_negativeLimitIsClampedToZeroAndReturnsNoWorkloads() {
        JsonNode summary = PendingWorkloadsSummaries.clusterQueue(threeInOneLocalQueue(), new PendingWorkloadsOptions(0, -1), V);

        assertThat(summary.get("items")).isEmpty();
    }

    @Test
    void cq_excessiveLimitReturnsAllPendingWorkloads() {
        JsonNode summary = PendingWorkloadsSummaries.clusterQueue(threeInOneLocalQueue(),
                new PendingWorkloadsOptions(0, 2_000_000_000), V);

        assertThat(names(summary)).containsExactly("a", "b", "c");
    }

    @Test
    void cq_emptyClusterQueue() {
        JsonNode summary = PendingWorkloadsSummaries.clusterQueue(new QueuePositions("cqA", List.of()),
                PendingWorkloadsOptions.DEFAULTS, V);

        assertThat(summary.get("items")).isEmpty();
        assertThat(summary.get("kind").asText()).isEqualTo("PendingWorkloadsSummary");
    }

    @Test
    void anOffsetBeyondTheQueueListsNothing() {
        JsonNode summary = PendingWorkloadsSummaries.clusterQueue(threeInOneLocalQueue(), new PendingWorkloadsOptions(7, 2), V);

        assertThat(summary.get("items")).isEmpty();
    }

    @Test
    void lq_localQueueARequestKeepsThePositionsInTheClusterQueue() {
        JsonNode summary = PendingWorkloadsSummaries.localQueue(fourInTwoLocalQueues(), "foo", "lqA",
                PendingWorkloadsOptions.DEFAULTS, V);

        assertThat(names(summary)).containsExactly("lqA-high-prio", "lqA-low-prio");
        assertThat(positions(summary, "positionInClusterQueue")).containsExactly(0, 2);
        assertThat(positions(summary, "positionInLocalQueue")).containsExactly(0, 1);
    }

    @Test
    void lq_localQueueBRequest() {
        JsonNode summary = PendingWorkloadsSummaries.localQueue(fourInTwoLocalQueues(), "foo", "lqB",
                PendingWorkloadsOptions.DEFAULTS, V);

        assertThat(names(summary)).containsExactly("lqB-high-prio", "lqB-low-prio");
        assertThat(positions(summary, "positionInClusterQueue")).containsExactly(1, 3);
        assertThat(positions(summary, "positionInLocalQueue")).containsExactly(0, 1);
    }

    @Test
    void lq_anotherNamespacesLocalQueueOfTheSameNameListsNothingOfThisOne() {
        JsonNode summary = PendingWorkloadsSummaries.localQueue(fourInTwoLocalQueues(), "bar", "lqA",
                PendingWorkloadsOptions.DEFAULTS, V);

        assertThat(summary.get("items")).isEmpty();
    }

    @Test
    void lq_limitAndOffsetQueryParametersSetCountTheLocalQueuesWorkloads() {
        JsonNode summary = PendingWorkloadsSummaries.localQueue(fourInTwoLocalQueues(), "foo", "lqB",
                new PendingWorkloadsOptions(1, 1), V);

        assertThat(names(summary)).containsExactly("lqB-low-prio");
        assertThat(positions(summary, "positionInClusterQueue")).containsExactly(3);
        assertThat(positions(summary, "positionInLocalQueue")).containsExactly(1);
    }

    @Test
    void optionsDefaultAndBoundAsKueuesBoundedLimitOffset() {
        assertThat(PendingWorkloadsOptions.parse(null)).isEqualTo(new PendingWorkloadsOptions(0, 1000));
        assertThat(PendingWorkloadsOptions.parse("")).isEqualTo(PendingWorkloadsOptions.DEFAULTS);
        assertThat(PendingWorkloadsOptions.parse("limit=2&offset=1")).isEqualTo(new PendingWorkloadsOptions(1, 2));
        assertThat(PendingWorkloadsOptions.parse("offset=-3&limit=-1")).isEqualTo(new PendingWorkloadsOptions(0, 0));
        assertThat(PendingWorkloadsOptions.parse("limit=2000000000")).isEqualTo(new PendingWorkloadsOptions(0, 100_000));
        assertThat(PendingWorkloadsOptions.parse("watch=false&limit=5")).as("other parameters are ignored")
                .isEqualTo(new PendingWorkloadsOptions(0, 5));
        assertThatThrownBy(() -> PendingWorkloadsOptions.parse("limit=ten"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("limit");
    }

    @Test
    void creationTimesAreRfc3339InUtcToTheSecond() {
        assertThat(PendingWorkloadsSummaries.rfc3339(NOW + 999)).isEqualTo("2023-12-05T15:42:03Z");
    }

    private static List<String> names(JsonNode summary) {
        List<String> out = new ArrayList<>();
        summary.get("items").forEach(i -> out.add(i.get("metadata").get("name").asText()));
        return out;
    }

    private static List<Integer> positions(JsonNode summary, String field) {
        List<Integer> out = new ArrayList<>();
        summary.get("items").forEach(i -> out.add(i.get(field).asInt()));
        return out;
    }

    static Workload workload(String namespace, String name, String localQueue, int priority, long createdMillis) {
        return new Workload(new ObjectKey(namespace, name), localQueue, priority, createdMillis, createdMillis,
                List.of(new PodSet("main", 1, 1, new ResourceList(Map.of()))));
    }
}
