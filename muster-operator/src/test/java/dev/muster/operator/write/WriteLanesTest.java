package dev.muster.operator.write;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.operator.write.WriteLanes.Barrier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Writes go out side by side, but in order within a lane, starts after the stops submitted before
 * them, one status per target however often it changed while it waited, and never more than the
 * capacity at once.
 */
class WriteLanesTest {

    private final List<String> sent = Collections.synchronizedList(new ArrayList<>());
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    private WriteLanes lanes;

    @AfterEach
    void close() {
        if (lanes != null) {
            lanes.close();
        }
    }

    private WriteLanes concurrent(int threads, int capacity) {
        lanes = WriteLanes.concurrent(threads, capacity, Runnable::run);
        return lanes;
    }

    /** A write that waits for the gate, then records its name. */
    private java.util.function.BooleanSupplier held(String name, CountDownLatch gate) {
        return () -> {
            await(gate);
            sent.add(name);
            return true;
        };
    }

    private java.util.function.BooleanSupplier write(String name) {
        return () -> {
            sent.add(name);
            return true;
        };
    }

    @Test
    void writesInOneLaneGoOutInTheOrderSubmittedWhileOtherLanesGoOn() throws InterruptedException {
        WriteLanes l = concurrent(4, 100);
        CountDownLatch gate = new CountDownLatch(1);
        l.submit("job-a", Barrier.NONE, held("a: admitted status", gate), () -> { });
        l.submit("job-a", Barrier.NONE, write("a: start"), () -> { });
        l.submit("job-b", Barrier.NONE, write("b: start"), () -> { });
        awaitSent(1);
        assertThat(sent).as("b does not wait for a's lane").containsExactly("b: start");
        gate.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly("b: start", "a: admitted status", "a: start");
    }

    @Test
    void aLaneThatHoldsAStartGoesBeforeLanesThatOnlyReportAndTakesItsEarlierWritesWithIt() throws InterruptedException {
        WriteLanes l = concurrent(1, 100);
        CountDownLatch gate = new CountDownLatch(1);
        l.submit("busy", Barrier.NONE, held("busy", gate), () -> { });
        awaitSize(sent, 0);
        l.submit("job-a", Barrier.NONE, write("a: Pending status"), () -> { });
        l.submit("job-b", Barrier.NONE, write("b: Pending status"), () -> { });
        l.submit("job-c", Barrier.NONE, write("c: Workload created"), () -> { });
        l.submit("job-c", Barrier.NONE, write("c: admitted status"), () -> { });
        l.submit("job-c", Barrier.OCCUPIES, write("c: start"), () -> { });
        l.submit("job-d", Barrier.RELEASES, write("d: stop"), () -> { });
        gate.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).as("c's lane holds a start and d's a stop: they go first, c's in its own order")
                .containsExactly("busy", "c: Workload created", "d: stop", "c: admitted status", "c: start",
                        "a: Pending status", "b: Pending status");
        assertThat(l.promoted()).as("c's Workload, ready before its start came").isEqualTo(1);
    }

    @Test
    void theLanesAreCrowdedWhileLessThanAQuarterOfTheirRoomIsFree() {
        java.util.ArrayDeque<Runnable> held = new java.util.ArrayDeque<>();
        WriteLanes l = WriteLanes.on(held::add, Runnable::run, 8);
        for (int i = 0; i < 6; i++) {
            l.submit("job-" + i, Barrier.NONE, write(i + ": Pending status"), () -> { });
        }
        assertThat(l.crowded()).as("2 of 8 places free").isFalse();
        l.submit("job-6", Barrier.NONE, write("6: Pending status"), () -> { });
        assertThat(l.crowded()).as("1 of 8 places free").isTrue();
        held.poll().run();
        assertThat(l.crowded()).as("a write done: 2 free again").isFalse();
        assertThat(WriteLanes.inline().crowded()).as("lanes without a bound are never crowded").isFalse();
    }

    @Test
    void aLaneIsUrgentOnlyWhileItsStartIsNotDone() throws InterruptedException {
        WriteLanes l = concurrent(1, 100);
        l.submit("job-c", Barrier.OCCUPIES, write("c: start"), () -> { });
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        CountDownLatch gate = new CountDownLatch(1);
        l.submit("busy", Barrier.NONE, held("busy", gate), () -> { });
        awaitSize(sent, 1);
        l.submit("job-a", Barrier.NONE, write("a: Pending status"), () -> { });
        l.submit("job-c", Barrier.NONE, write("c: Finished status"), () -> { });
        gate.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).as("c's start is done: its next status waits its turn").containsExactly(
                "c: start", "busy", "a: Pending status", "c: Finished status");
    }

    @Test
    void aStartWaitsForEveryStopSubmittedBeforeItInAnyLane() throws InterruptedException {
        WriteLanes l = concurrent(4, 100);
        CountDownLatch victimStopped = new CountDownLatch(1);
        l.submit("victim", Barrier.RELEASES, held("victim: stop", victimStopped), () -> { });
        l.submit("preemptor", Barrier.OCCUPIES, write("preemptor: start"), () -> { });
        l.submit("other", Barrier.NONE, write("other: status"), () -> { });
        awaitSent(1);
        assertThat(sent).as("only the write that is not a start went out").containsExactly("other: status");
        victimStopped.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly("other: status", "victim: stop", "preemptor: start");
    }

    /** A victim's stop that failed is sent again later: until it is written, the preemptor waits. */
    @Test
    void aHoldKeepsLaterStartsBackUntilItIsLifted() throws InterruptedException {
        WriteLanes l = concurrent(4, 100);
        WriteLanes.Hold victimStopping = l.hold();
        l.submit("victim", Barrier.RELEASES, () -> false, () -> failures.add("victim: stop"));
        l.submit("preemptor", Barrier.OCCUPIES, write("preemptor: start"), () -> { });
        l.submit("other", Barrier.NONE, write("other: status"), () -> { });
        awaitSize(failures, 1);
        awaitSent(1);
        assertThat(sent).as("the failed stop does not let the start go").containsExactly("other: status");
        l.submit("victim", Barrier.RELEASES, write("victim: stop again"), () -> { });
        awaitSent(2);
        assertThat(sent).as("held back still, though the stop went out: the hold is lifted by whoever saw it succeed")
                .containsExactly("other: status", "victim: stop again");
        victimStopping.lift(); // as the decider does once the stop succeeded
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly("other: status", "victim: stop again", "preemptor: start");
        l.submit("later", Barrier.OCCUPIES, write("later: start"), () -> { });
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).as("a lifted hold holds nothing back").endsWith("later: start");
    }

    @Test
    void aWriteWithdrawnBeforeItStartsIsNotSentNorToldAsFailed() throws InterruptedException {
        WriteLanes l = concurrent(2, 100);
        CountDownLatch gate = new CountDownLatch(1);
        l.submit("job", Barrier.NONE, held("job: admitted status", gate), () -> { });
        WriteLanes.Ticket start = l.submit("job", Barrier.OCCUPIES, write("job: start"), () -> failures.add("start"));
        assertThat(start.withdraw()).isTrue();
        gate.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly("job: admitted status");
        assertThat(failures).isEmpty();
        WriteLanes.Ticket sentAlready = l.submit("job", Barrier.NONE, write("job: stop"), () -> { });
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sentAlready.withdraw()).as("too late").isFalse();
    }

    @Test
    void aStopSubmittedAfterAStartDoesNotHoldItBack() throws InterruptedException {
        WriteLanes l = concurrent(4, 100);
        CountDownLatch later = new CountDownLatch(1);
        l.submit("a", Barrier.OCCUPIES, write("a: start"), () -> { });
        l.submit("b", Barrier.RELEASES, held("b: stop", later), () -> { });
        awaitSent(1);
        assertThat(sent).containsExactly("a: start");
        later.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
    }

    /** ProvisioningRequests: in the order decided, across jobs, each after its own job's Workload. */
    @Test
    void aSharedLaneKeepsItsOrderAndWaitsForEachWritesOwnLaneToo() throws InterruptedException {
        WriteLanes l = concurrent(4, 100);
        CountDownLatch aCreated = new CountDownLatch(1);
        l.submit("job-a", Barrier.NONE, held("a: create Workload", aCreated), () -> { });
        l.submit("requests", "job-a", write("a: ProvisioningRequest"), () -> { });
        l.submit("requests", "job-b", write("b: ProvisioningRequest"), () -> { });
        Thread.sleep(100);
        assertThat(sent).as("b's request waits behind a's in the shared lane").isEmpty();
        aCreated.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly("a: create Workload", "a: ProvisioningRequest", "b: ProvisioningRequest");
    }

    @Test
    void aStatusWaitingInItsLaneIsReplacedByTheNewerOne() throws InterruptedException {
        WriteLanes l = concurrent(2, 100);
        CountDownLatch gate = new CountDownLatch(1);
        l.submit("job", Barrier.NONE, held("job: start", gate), () -> { });
        for (String status : List.of("Pending", "Pending (other message)", "Admitted")) {
            l.latest("job", "workload", status, s -> sent.add("status " + s), failures::add);
        }
        gate.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly("job: start", "status Admitted");
        assertThat(l.coalesced()).isEqualTo(2);
    }

    /** The admission must show before the start that was decided on it, even if the job was evicted since. */
    @Test
    void aStatusWithAWriteBehindItIsSentAsItIsAndTheNewerOneAfterThatWrite() throws InterruptedException {
        WriteLanes l = concurrent(2, 100);
        CountDownLatch gate = new CountDownLatch(1);
        l.submit("job", Barrier.NONE, held("job: create Workload", gate), () -> { });
        l.latest("job", "workload", "Admitted", s -> sent.add("status " + s), failures::add);
        l.submit("job", Barrier.OCCUPIES, write("job: start"), () -> { });
        l.submit("job", Barrier.RELEASES, write("job: stop"), () -> { });
        l.latest("job", "workload", "Pending", s -> sent.add("status " + s), failures::add);
        l.latest("job", "workload", "Pending (newer message)", s -> sent.add("status " + s), failures::add);
        gate.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly("job: create Workload", "status Admitted", "job: start", "job: stop",
                "status Pending (newer message)");
        assertThat(l.coalesced()).isEqualTo(1);
    }

    @Test
    void aStatusAlreadyUnderWayIsNotReplacedButFollowedByTheNewerOne() throws InterruptedException {
        WriteLanes l = concurrent(2, 100);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        l.latest("job", "workload", "Pending", s -> {
            inside.countDown();
            await(gate);
            return sent.add("status " + s);
        }, failures::add);
        await(inside);
        l.latest("job", "workload", "Admitted", s -> sent.add("status " + s), failures::add);
        gate.countDown();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly("status Pending", "status Admitted");
    }

    @Test
    void aFailedWriteIsToldWithWhatFailedAndASucceededOneIsNot() throws InterruptedException {
        WriteLanes l = concurrent(2, 100);
        l.submit("a", Barrier.NONE, () -> false, () -> failures.add("a: start"));
        l.submit("b", Barrier.NONE, () -> {
            throw new IllegalStateException("connection reset");
        }, () -> failures.add("b: stop"));
        l.submit("c", Barrier.NONE, write("c: start"), () -> failures.add("c: start"));
        l.latest("d", "d-status", "Admitted", s -> false, s -> failures.add("d: " + s));
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        awaitSize(failures, 3);
        assertThat(failures).containsExactlyInAnyOrder("a: start", "b: stop", "d: Admitted");
    }

    /** The decider learns that a job's suspension is written (it enters a job found running only then). */
    @Test
    void aWriteThatAskedIsToldWhenItSucceededAndNotWhenItFailed() throws InterruptedException {
        WriteLanes l = concurrent(2, 100);
        List<String> told = Collections.synchronizedList(new ArrayList<>());
        l.submit("a", Barrier.RELEASES, write("a: suspend"), () -> told.add("a written"), () -> failures.add("a"));
        l.submit("b", Barrier.RELEASES, () -> false, () -> told.add("b written"), () -> failures.add("b"));
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        awaitSize(told, 1);
        awaitSize(failures, 1);
        assertThat(told).containsExactly("a written");
        assertThat(failures).containsExactly("b");
    }

    @Test
    void noMoreThanTheCapacityWaitsOrRunsTheSubmitterWaitsForRoom() throws InterruptedException {
        WriteLanes l = concurrent(1, 2);
        CountDownLatch gate = new CountDownLatch(1);
        l.submit("a", Barrier.NONE, held("a", gate), () -> { });
        l.submit("b", Barrier.NONE, write("b"), () -> { });
        AtomicBoolean third = new AtomicBoolean();
        Thread submitter = new Thread(() -> {
            l.submit("c", Barrier.NONE, write("c"), () -> { });
            third.set(true);
        });
        submitter.start();
        submitter.join(300);
        assertThat(third).as("the third write waits for room").isFalse();
        assertThat(l.inFlight()).isEqualTo(2);
        gate.countDown();
        submitter.join(5000);
        assertThat(third).isTrue();
        assertThat(l.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly("a", "b", "c");
    }

    @Test
    void afterCloseWritesNotStartedAreDroppedAndToldAsFailed() throws InterruptedException {
        WriteLanes l = concurrent(1, 10);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        l.submit("a", Barrier.NONE, () -> {
            inside.countDown();
            await(gate);
            return sent.add("a");
        }, () -> failures.add("a"));
        l.submit("a", Barrier.NONE, write("a again"), () -> failures.add("a again"));
        await(inside);
        l.close();
        l.submit("b", Barrier.NONE, write("b"), () -> failures.add("b"));
        gate.countDown();
        awaitSize(failures, 2);
        assertThat(sent).as("the write under way ends").containsExactly("a");
        assertThat(failures).containsExactlyInAnyOrder("a again", "b");
    }

    @Test
    void inlineLanesWriteAtOnceOnTheCallersThread() {
        WriteLanes l = WriteLanes.inline();
        Thread caller = Thread.currentThread();
        l.submit("a", Barrier.RELEASES, () -> sent.add(Thread.currentThread() == caller ? "a here" : "a elsewhere"), () -> { });
        assertThat(sent).containsExactly("a here");
        l.submit("b", Barrier.OCCUPIES, () -> false, () -> failures.add("b"));
        assertThat(failures).as("told before submit returns").containsExactly("b");
        l.latest("c", "c", "Admitted", s -> false, s -> failures.add("c " + s));
        assertThat(failures).containsExactly("b", "c Admitted");
        assertThat(l.inFlight()).isZero();
    }

    private void awaitSent(int n) {
        awaitSize(sent, n);
    }

    private static void awaitSize(List<String> list, int n) {
        long deadline = System.currentTimeMillis() + 5000;
        while (list.size() < n && System.currentTimeMillis() < deadline) {
            Thread.onSpinWait();
        }
        try {
            Thread.sleep(50); // and nothing more comes that should not
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
