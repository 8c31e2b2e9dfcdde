package dev.muster.operator.decide;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import dev.muster.operator.decide.QueueCounts.Share;
import dev.muster.operator.decide.QueueCounts.Stage;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Queue counts follow each job as it moves, without counting every job again. */
class QueueCountsTest {

    private static final ObjectKey LQ = new ObjectKey("team", "user-queue");
    private final QueueCounts counts = new QueueCounts();
    private final TrackedJob a = FailedWritesTest.job(0, "a");
    private final TrackedJob b = FailedWritesTest.job(1, "b");

    @Test
    void aJobCountsWhereItIsNowAndNoLongerWhereItWas() {
        counts.count(a, new Share(LQ, null, Stage.PENDING));
        counts.count(b, new Share(LQ, null, Stage.PENDING));
        assertThat(counts.localQueue(LQ)).isEqualTo(new QueueStatuses.Counts(2, 0, 0));

        Share before = counts.count(a, new Share(LQ, "cq", Stage.RESERVING));
        assertThat(before).isEqualTo(new Share(LQ, null, Stage.PENDING));
        counts.count(a, new Share(LQ, "cq", Stage.ADMITTED));
        assertThat(counts.localQueue(LQ)).isEqualTo(new QueueStatuses.Counts(1, 1, 1));
        assertThat(counts.clusterQueue("cq")).as("admitted counts as reserving too").isEqualTo(new QueueStatuses.Counts(0, 1, 1));
        assertThat(counts.admittedByClusterQueue()).isEqualTo(Map.of("cq", 1));
    }

    @Test
    void aFinishedJobCountsNowhere() {
        counts.count(a, new Share(LQ, "cq", Stage.ADMITTED));
        assertThat(counts.count(a, Share.NONE)).isEqualTo(new Share(LQ, "cq", Stage.ADMITTED));
        assertThat(counts.localQueue(LQ)).isEqualTo(new QueueStatuses.Counts(0, 0, 0));
        assertThat(counts.clusterQueue("cq")).isEqualTo(new QueueStatuses.Counts(0, 0, 0));
        assertThat(counts.admittedByClusterQueue()).isEmpty();
        assertThat(counts.count(a, Share.NONE)).as("counted nowhere already").isEqualTo(Share.NONE);
    }

    @Test
    void aWaitingJobIsNotCountedInAClusterQueue() {
        counts.count(a, new Share(LQ, "cq", Stage.PENDING)); // evicted, its ClusterQueue still known
        assertThat(counts.clusterQueue("cq")).isEqualTo(new QueueStatuses.Counts(0, 0, 0));
        assertThat(counts.localQueue(LQ).pending()).isEqualTo(1);
    }

    @Test
    void aTrackedJobsShareFollowsItsState() {
        TrackedJob t = FailedWritesTest.job(2, "c");
        assertThat(Share.of(t)).as("not read yet").isEqualTo(Share.NONE);
        t.workload(new dev.muster.core.model.Workload(t.workloadKey, "user-queue", 0, 0, 0,
                java.util.List.of(dev.muster.core.model.PodSet.of("main", 1, dev.muster.core.model.ResourceList.parse(Map.of("cpu", "1"))))));
        t.clusterQueue = "cq";
        t.moveTo(TrackedJob.State.PENDING);
        assertThat(Share.of(t)).isEqualTo(new Share(new ObjectKey("default", "user-queue"), null, Stage.PENDING));
        t.moveTo(TrackedJob.State.QUOTA_RESERVED);
        assertThat(Share.of(t)).isEqualTo(new Share(new ObjectKey("default", "user-queue"), "cq", Stage.RESERVING));
        t.moveTo(TrackedJob.State.FINISHED);
        assertThat(Share.of(t)).isEqualTo(Share.NONE);
    }

    @Test
    void aJobInAKaiQueueCountsInNoLocalQueueOfTheSameName() {
        TrackedJob t = FailedWritesTest.job(3, "kai-job");
        t.inKaiQueue(true);
        t.workload(new dev.muster.core.model.Workload(t.workloadKey, "user-queue", 0, 0, 0,
                java.util.List.of(dev.muster.core.model.PodSet.of("main", 1, dev.muster.core.model.ResourceList.parse(Map.of("cpu", "1"))))));
        t.moveTo(TrackedJob.State.PENDING);
        assertThat(Share.of(t).localQueue()).isNull();
    }
}
