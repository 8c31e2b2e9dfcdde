package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.FLAVOR;
import static dev.muster.api.scenario.Manifests.clusterQueue;
import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.localQueue;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.api.workload.WorkloadLabels;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One routing rule for both modes: which scheduler queues a job, and where. */
class QueueRouteTest {

    private static final Optional<String> NONE = Optional.empty();

    private static Scenario queues(String... extra) throws Exception {
        return Manifests.load(docs(FLAVOR, clusterQueue("cq", ""), String.join("---\n", extra)));
    }

    @Test
    void aNamedLocalQueueWinsOverANamedKaiQueue() throws Exception {
        Scenario s = queues(localQueue("team", "lq", "cq"));
        assertThat(QueueRoute.of(Optional.of("lq"), Optional.of("kai-q"), "Job", "team", s))
                .isEqualTo(new QueueRoute.Kueue("lq"));
        assertThat(QueueRoute.of(NONE, Optional.of("kai-q"), "Job", "team", s)).isEqualTo(new QueueRoute.Kai("kai-q"));
    }

    @Test
    void withoutANamedQueueKueuesDefaultingDecides() throws Exception {
        Scenario withDefault = queues(localQueue("team", "default", "cq"));
        assertThat(QueueRoute.of(NONE, NONE, "RayJob", "team", withDefault)).isEqualTo(new QueueRoute.Kueue("default"));
        assertThat(QueueRoute.of(NONE, NONE, "RayJob", "other", withDefault)).isEqualTo(QueueRoute.UNMANAGED);
        assertThat(QueueRoute.of(NONE, NONE, "Pod", "team", withDefault)).as("the pod integration is off")
                .isEqualTo(QueueRoute.UNMANAGED);

        Scenario managed = queues().withSettings(new KueueSettings(false, true));
        assertThat(QueueRoute.of(NONE, NONE, "Job", "other", managed)).as("manageJobsWithoutQueueName")
                .isEqualTo(new QueueRoute.Kueue("default"));
    }

    @Test
    void theLabelsAloneDecideNothingWithoutANamedQueue() {
        assertThat(QueueRoute.named(NONE, NONE)).isEqualTo(QueueRoute.UNMANAGED);
        assertThat(QueueRoute.named(NONE, NONE).queueName()).isEmpty();
        assertThat(QueueRoute.named(NONE, Optional.of("kai-q")).queueName()).isEqualTo("kai-q");
    }

    @Test
    void liveLabelsAreReadAsTheManifestReadersReadThem() {
        var own = WorkloadLabels.namedQueues(Map.of(WorkloadLabels.QUEUE_NAME, ""),
                List.of(Map.of(), Map.of(WorkloadLabels.KAI_QUEUE, "from-worker")));
        assertThat(own.localQueue()).as("an empty value names no queue").isEmpty();
        assertThat(own.kaiQueue()).contains("from-worker");

        var both = WorkloadLabels.namedQueues(Map.of(WorkloadLabels.KAI_QUEUE, "own"),
                List.of(Map.of(WorkloadLabels.KAI_QUEUE, "from-head")));
        assertThat(both.kaiQueue()).as("the object's own label first").contains("own");
    }
}
