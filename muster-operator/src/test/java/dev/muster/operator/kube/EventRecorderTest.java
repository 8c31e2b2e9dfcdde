package dev.muster.operator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Recording never waits: events go out on the recorder's thread, repeats as updates, and a full queue drops. */
class EventRecorderTest {

    private static final ObjectKey JOB = new ObjectKey("default", "train");

    /** An API that takes calls until the gate opens. */
    private static final class Api implements EventWriter {
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch gate;

        Api(CountDownLatch gate) {
            this.gate = gate;
        }

        @Override
        public boolean create(KubeEvent event) {
            await();
            return calls.add("create " + event.reason() + " x" + event.count());
        }

        @Override
        public boolean update(KubeEvent event) {
            await();
            return calls.add("update " + event.reason() + " x" + event.count());
        }

        private void await() {
            try {
                gate.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void eventsGoOutInOrderAndARepeatUpdatesTheEventWrittenBefore() throws InterruptedException {
        CountDownLatch open = new CountDownLatch(0);
        Api api = new Api(open);
        try (EventRecorder recorder = new EventRecorder(api, EventCorrelator.Settings.KUBE, Clock.systemUTC())) {
            recorder.record(KubeKind.BATCH_JOB, JOB, "u", "Normal", "Admitted", "Admitted by ClusterQueue cq");
            recorder.record(KubeKind.BATCH_JOB, JOB, "u", "Warning", "Preempted", "preempted by b");
            recorder.record(KubeKind.BATCH_JOB, JOB, "u", "Normal", "Admitted", "Admitted by ClusterQueue cq");
            assertThat(recorder.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
            assertThat(api.calls).containsExactly("create Admitted x1", "create Preempted x1", "update Admitted x2");
            assertThat(recorder.written()).isEqualTo(3);
        }
    }

    @Test
    void recordingDoesNotWaitForTheApiAndAFullQueueDropsTheEvent() throws InterruptedException {
        CountDownLatch gate = new CountDownLatch(1);
        Api api = new Api(gate);
        try (EventRecorder recorder = new EventRecorder(api, EventCorrelator.Settings.KUBE, Clock.systemUTC())) {
            // One is taken by the recorder's thread and waits for the API; the queue holds 1,000 more.
            for (int i = 0; i < EventRecorder.QUEUE + 11; i++) {
                recorder.record(KubeKind.BATCH_JOB, new ObjectKey("default", "job-" + i), "u" + i, "Normal", "Admitted", "x");
            }
            assertThat(recorder.dropped()).isBetween(10L, 11L);
            gate.countDown();
            assertThat(recorder.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
            assertThat(api.calls).hasSize((int) (EventRecorder.QUEUE + 11 - recorder.dropped()));
        }
    }
}
