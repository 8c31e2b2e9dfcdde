package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.Workload;
import org.junit.jupiter.api.Test;

/** How a submission's queue reference resolves, by its dialect. */
class SubmissionTest {

    private final EngineFixtures f = new EngineFixtures();

    @Test
    void aLocalQueueReferenceQueuesTheWorkloadInItsClusterQueue() {
        Engine engine = f.queue("q", null, 4).engine();
        Workload wl = f.workload("q", "w", 0, 1, 1);

        engine.submit(wl, QueueRef.localQueue(wl.queueName()));

        assertThat(engine.clusterQueueOf(wl.key())).contains("q");
        assertThat(engine.schedule(0)).singleElement().isInstanceOf(Decision.Admit.class);
    }

    @Test
    void aKaiReferenceToAQueueThatIsNoKaiQueueWaitsWithAReason() {
        Engine engine = f.queue("q", null, 4).engine();
        Workload wl = f.workload("q", "w", 0, 1, 1);

        engine.submit(wl, QueueRef.kaiQueue(wl.queueName()));

        assertThat(engine.clusterQueueOf(wl.key())).isEmpty();
        assertThat(engine.schedule(0)).singleElement().isInstanceOfSatisfying(Decision.Wait.class,
                w -> assertThat(w.reason()).startsWith("queue main does not exist"));
    }

    @Test
    void aReferenceToAnotherQueueThanTheWorkloadNamesIsRefused() {
        Engine engine = f.queue("q", null, 4).engine();
        Workload wl = f.workload("q", "w", 0, 1, 1);

        assertThatThrownBy(() -> engine.submit(wl, QueueRef.localQueue("other")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names queue main, not other");
        assertThat(engine.isPending(new ObjectKey("q", "w"))).isFalse();
    }
}
