package dev.muster.operator.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.jobs.BatchJobAdapter;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.metrics.MusterMetrics;
import dev.muster.operator.placement.PodBinding;
import dev.muster.operator.write.WriteLanes;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The decider stepped by hand, on a clock the test moves: each step applies what was posted and
 * runs one cycle, so what it writes can be checked step by step, wakeups included.
 */
class DeciderStepTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String QUEUES = """
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ResourceFlavor
            metadata: {name: default-flavor}
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ClusterQueue
            metadata: {name: cluster-queue}
            spec:
              namespaceSelector: {}
              resourceGroups:
              - coveredResources: [cpu]
                flavors:
                - name: default-flavor
                  resources:
                  - {name: cpu, nominalQuota: 10}
            ---
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: LocalQueue
            metadata: {namespace: default, name: user-queue}
            spec: {clusterQueue: cluster-queue}
            """;
    private static final String PODS_READY_IN_A_MINUTE = """
            apiVersion: config.kueue.x-k8s.io/v1beta1
            kind: Configuration
            waitForPodsReady:
              enable: true
              timeout: 1m
            """;
    private static final ObjectKey CLUSTER_QUEUE = new ObjectKey("", "cluster-queue");
    private static final ObjectKey LOCAL_QUEUE = new ObjectKey("default", "user-queue");

    private final MovingClock clock = new MovingClock();
    private final RecordingWriter writer = new RecordingWriter();
    private final BatchJobAdapter jobs = new BatchJobAdapter();

    private Decider decider(Map<String, String> configurationFiles) throws Exception {
        return primedWithQueues(new Decider(writer, clock, new MusterMetrics(), Set.of("muster"), configurationFiles));
    }

    /** The decider given the queues and primed, as after its first list of the cluster. */
    private static Decider primedWithQueues(Decider d) throws Exception {
        for (JsonNode object : YAML.readerFor(JsonNode.class).<JsonNode>readValues(QUEUES).readAll()) {
            d.configurationObject(object);
        }
        d.primed();
        return d;
    }

    @Test
    void aStepAppliesWhatWasPostedAndRunsOneCycle() throws Exception {
        Decider d = decider(Map.of());
        d.job(jobs, job("first", 6));
        d.job(jobs, job("second", 6));
        assertThat(writer.started).as("nothing runs before a step").isEmpty();

        d.step();
        assertThat(writer.started).containsExactly("first");
        assertThat(d.cycles()).isEqualTo(1);
        assertThat(writer.status(LOCAL_QUEUE).path("pendingWorkloads").asInt()).isEqualTo(1);
        assertThat(writer.status(LOCAL_QUEUE).path("admittedWorkloads").asInt()).isEqualTo(1);
        assertThat(writer.status(CLUSTER_QUEUE).path("admittedWorkloads").asInt()).isEqualTo(1);
        JsonNode quotaReserved = condition(writer.status(new ObjectKey("default",
                dev.muster.api.workload.KueueWorkloadNames.of("Job", new ObjectKey("default", "second")))), "QuotaReserved");
        assertThat(quotaReserved.path("status").asText()).isEqualTo("False");
        assertThat(quotaReserved.path("reason").asText()).as("Kueue's granular reason, as the engine typed it")
                .isEqualTo("WaitingForQuota");

        d.job(jobs, finished(job("first", 6)));
        d.step();
        assertThat(writer.started).as("the second takes the quota the first gave back").containsExactly("first", "second");
        assertThat(writer.status(LOCAL_QUEUE).path("pendingWorkloads").asInt())
                .as("a queue's status goes out at most once a second: this change waits").isEqualTo(1);
        assertThat(d.untilWakeupMillis()).as("the decider wakes for it").isLessThanOrEqualTo(StatusRecorder.QUEUE_STATUS_INTERVAL_MILLIS);

        clock.advance(StatusRecorder.QUEUE_STATUS_INTERVAL_MILLIS);
        d.step();
        assertThat(writer.status(LOCAL_QUEUE).path("pendingWorkloads").asInt()).isZero();
        assertThat(writer.status(LOCAL_QUEUE).path("admittedWorkloads").asInt()).isEqualTo(1);
    }

    @Test
    void aWaitingWorkloadsFiguresAreRewrittenAtMostOnceInTheIntervalButAnAdmissionAtOnce() throws Exception {
        Decider d = decider(Map.of());
        d.job(jobs, job("a-first", 6));
        d.job(jobs, job("b-small", 2));
        d.job(jobs, job("c-second", 6));
        d.step();
        assertThat(writer.started).containsExactly("a-first", "b-small");
        ObjectKey second = new ObjectKey("default",
                dev.muster.api.workload.KueueWorkloadNames.of("Job", new ObjectKey("default", "c-second")));
        String waiting = condition(writer.status(second), "QuotaReserved").path("message").asText();
        assertThat(waiting).contains("only 2 available");
        int written = writer.statusWrites(second);

        d.job(jobs, finished(job("b-small", 2))); // frees 2 cpu: not enough, but the second's figures move
        d.step();
        assertThat(condition(writer.status(second), "QuotaReserved").path("message").asText())
                .as("only the words changed, a moment after they were written: held back").isEqualTo(waiting);
        assertThat(writer.statusWrites(second)).isEqualTo(written);
        assertThat(d.untilWakeupMillis()).as("the decider wakes when the hold ends")
                .isLessThanOrEqualTo(WordingHoldBack.INTERVAL_MILLIS);

        clock.advance(WordingHoldBack.INTERVAL_MILLIS);
        d.step();
        assertThat(condition(writer.status(second), "QuotaReserved").path("message").asText())
                .as("the latest words, once the interval ended").contains("only 4 available");
        assertThat(writer.statusWrites(second)).isEqualTo(written + 1);

        d.job(jobs, finished(job("a-first", 6)));
        d.step();
        assertThat(writer.started).containsExactly("a-first", "b-small", "c-second");
        assertThat(condition(writer.status(second), "QuotaReserved").path("status").asText())
                .as("an admission is more than words: written at once, though the words were written a moment ago")
                .isEqualTo("True");
    }

    /**
     * Writes on their way while the decider goes on, with room for 40: the Pending statuses of
     * twenty jobs would crowd it, so those that can wait are kept back, and the decider neither waits
     * for room nor holds back an admission behind them.
     */
    @Test
    void whileTheLanesAreCrowdedAWaitingWorkloadsStatusWaitsForRoomButAnAdmissionGoesAtOnce() throws Exception {
        java.util.ArrayDeque<Runnable> held = new java.util.ArrayDeque<>();
        int capacity = 40;
        Decider d = primedWithQueues(new Decider(writer, clock, new MusterMetrics(), Set.of("muster"), Map.of(),
                inbox -> WriteLanes.on(held::add, inbox, capacity)));
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            names.add(String.format(java.util.Locale.ROOT, "job-%02d", i));
            d.job(jobs, job(names.get(i), 6));
        }
        d.step();
        assertThat(held).as("fewer writes than the room: the decider never waited for it").hasSizeLessThan(capacity);

        d.job(jobs, finished(job("job-00", 6))); // the next one is admitted while the lanes are still crowded
        d.step();
        runAll(held);
        assertThat(writer.started).as("an admission and its start are not kept back").containsExactly("job-00", "job-01");
        List<String> unwritten = names.subList(2, 20).stream().filter(n -> writer.statusWrites(workloadOf(n)) == 0).toList();
        assertThat(unwritten).as("waiting workloads whose Pending status was kept back while the lanes were crowded")
                .isNotEmpty();
        assertThat(writer.status(workloadOf("job-00")).toString()).as("a finished workload's status can wait too")
                .doesNotContain("\"Finished\"");
        assertThat(d.untilWakeupMillis()).as("the decider looks for room again soon")
                .isLessThanOrEqualTo(StatusesKeptBack.RETRY_MILLIS);

        clock.advance(StatusesKeptBack.RETRY_MILLIS);
        d.step();
        runAll(held);
        for (String n : names.subList(2, 20)) {
            assertThat(condition(writer.status(workloadOf(n)), "QuotaReserved").path("reason").asText())
                    .as("%s: its Pending status, once there was room", n).isNotEmpty();
        }
        assertThat(condition(writer.status(workloadOf("job-00")), "Finished").path("status").asText()).isEqualTo("True");
        assertThat(d.untilWakeupMillis()).as("nothing kept back any more").isGreaterThan(StatusesKeptBack.RETRY_MILLIS);
    }

    private static ObjectKey workloadOf(String job) {
        return new ObjectKey("default", dev.muster.api.workload.KueueWorkloadNames.of("Job", new ObjectKey("default", job)));
    }

    /** A decider that forecasts at most every 5 s, the forecast run inline: its result is published at the next step. */
    private Decider forecasting() throws Exception {
        return primedWithQueues(new Decider(writer, clock, new MusterMetrics(), Set.of("muster"), Map.of(),
                lanes -> WriteLanes.inline(), java.time.Duration.ofSeconds(5), Runnable::run));
    }

    private static ObjectNode expectedToRun(ObjectNode job, String duration) {
        ((ObjectNode) job.get("metadata")).putObject("annotations").put("muster.dev/expected-runtime", duration);
        return job;
    }

    private Map<String, String> annotationsOf(String job) {
        return writer.annotations.getOrDefault(dev.muster.api.workload.KueueWorkloadNames.of("Job", new ObjectKey("default", job)),
                Map.of());
    }

    @Test
    void aWaitingWorkloadIsToldWhenItIsExpectedToBeAdmittedAndLosesItOnceAdmitted() throws Exception {
        Decider d = forecasting();
        d.job(jobs, expectedToRun(job("first", 6), "10m"));
        d.job(jobs, job("second", 6));
        d.step(); // 00:00:10: first admitted; the forecast runs after the cycle
        assertThat(writer.started).containsExactly("first");
        d.step(); // its result published
        assertThat(d.forecasts()).isEqualTo(1);
        // first holds 6 of 10 cpu for 10 minutes from its admission at 00:00:10; second needs 6.
        assertThat(annotationsOf("second")).containsEntry("muster.dev/expected-admission", "2026-01-01T00:10:10Z");
        assertThat(annotationsOf("second").get("muster.dev/expected-admission-basis"))
                .startsWith("when default/" + dev.muster.api.workload.KueueWorkloadNames.of("Job", new ObjectKey("default", "first")) + " finishes")
                .contains("10m");
        assertThat(annotationsOf("first")).as("an admitted workload gets no forecast").isEmpty();

        int writes = writer.annotationWrites;
        clock.advance(60_000);
        d.job(jobs, job("third", 1)); // fits now: a change, so a forecast is due again
        d.step();
        d.step();
        assertThat(d.forecasts()).isEqualTo(2);
        assertThat(writer.annotationWrites).as("second's forecast did not move: it is not written again").isEqualTo(writes);

        clock.advance(60_000);
        d.job(jobs, finished(expectedToRun(job("first", 6), "10m")));
        d.step(); // second admitted
        assertThat(writer.started).contains("second");
        clock.advance(5_000);
        d.step(); // the forecast after it
        d.step();
        assertThat(annotationsOf("second")).as("admitted: its forecast is taken off").isEmpty();
    }

    @Test
    void forecastAnnotationsAreWrittenAtMostTwentyASecondTheHeadsOfTheQueueFirst() throws Exception {
        Decider d = forecasting();
        d.job(jobs, expectedToRun(job("first", 6), "10m"));
        for (int i = 0; i < 150; i++) {
            d.job(jobs, expectedToRun(job("w%03d".formatted(i), 6), "1m"));
        }
        d.step();
        d.step();
        // One 6-cpu job runs at a time: the waiting ones are expected one minute apart, from +10m on.
        // The budget holds 20 a second over the 5 s interval: 100 go now, the 100 expected soonest.
        assertThat(writer.annotationWrites).isEqualTo(100);
        java.util.List<java.time.Instant> written = writer.annotations.values().stream()
                .map(a -> java.time.Instant.parse(a.get("muster.dev/expected-admission"))).sorted().toList();
        assertThat(written.get(0)).isEqualTo(java.time.Instant.parse("2026-01-01T00:10:10Z"));
        assertThat(written.get(99)).isEqualTo(java.time.Instant.parse("2026-01-01T01:49:10Z"));

        clock.advance(5_000);
        d.job(jobs, job("late", 1)); // a change: forecast again; 5 s refilled 100
        d.step();
        d.step();
        assertThat(writer.annotationWrites).as("the 50 held back, and no more").isEqualTo(150);
        assertThat(writer.annotations.values().stream().map(a -> a.get("muster.dev/expected-admission")).sorted().toList())
                .last().isEqualTo("2026-01-01T02:39:10Z");
    }

    @Test
    void aQuietClusterIsNotForecastAgain() throws Exception {
        Decider d = forecasting();
        d.job(jobs, job("first", 6));
        d.job(jobs, job("second", 6));
        d.step();
        d.step();
        assertThat(d.forecasts()).isEqualTo(1);
        assertThat(annotationsOf("second").get("muster.dev/expected-admission-basis"))
                .as("first's run time is unknown").startsWith("not within the forecast: 1 workload holds quota for an unknown time");
        assertThat(annotationsOf("second")).doesNotContainKey("muster.dev/expected-admission");

        clock.advance(60_000);
        assertThat(d.untilWakeupMillis()).as("nothing to wake for").isEqualTo(Long.MAX_VALUE);
        d.step();
        d.step();
        assertThat(d.forecasts()).as("nothing changed").isEqualTo(1);
    }

    @Test
    void aRunThatOverstaysItsExpectedTimeMakesTheForecastOutOfDate() throws Exception {
        Decider d = forecasting();
        d.job(jobs, expectedToRun(job("first", 6), "1m"));
        d.job(jobs, job("second", 6));
        d.step();
        d.step();
        assertThat(annotationsOf("second")).containsEntry("muster.dev/expected-admission", "2026-01-01T00:01:10Z");
        assertThat(d.untilWakeupMillis()).as("woken when first was expected to end").isEqualTo(60_000);

        clock.advance(90_000); // first runs on, 30 s over
        d.step(); // the forecast: first is now expected to end now
        d.step();
        assertThat(d.forecasts()).isEqualTo(2);
        assertThat(annotationsOf("second")).containsEntry("muster.dev/expected-admission", "2026-01-01T00:01:40Z");
    }

    @Test
    void aStepWithNothingNewWritesNothing() throws Exception {
        Decider d = decider(Map.of());
        d.job(jobs, job("first", 6));
        d.step();
        int writes = writer.statusWrites;

        d.step();
        assertThat(writer.statusWrites).as("no job and no queue changed").isEqualTo(writes);
    }

    @Test
    void theEngineIsWokenByTheClockItWasGiven() throws Exception {
        Decider d = decider(Map.of("kueue-config.yaml", PODS_READY_IN_A_MINUTE));
        d.job(jobs, job("slow", 1));
        d.step();
        assertThat(writer.started).containsExactly("slow");
        assertThat(d.untilWakeupMillis()).as("the pods-ready timeout").isEqualTo(60_000);

        clock.advance(59_000);
        assertThat(d.untilWakeupMillis()).isEqualTo(1_000);
        d.step();
        assertThat(writer.reasons).doesNotContain("Evicted");

        clock.advance(1_000);
        assertThat(d.untilWakeupMillis()).isZero();
        d.step();
        assertThat(writer.reasons).contains("Evicted");
        assertThat(writer.stopped).containsExactly("slow");
    }

    @Test
    void aFailedStartIsTriedAgainAtTheNextCycleOnly() throws Exception {
        Decider d = decider(Map.of());
        d.job(jobs, job("first", 6));
        writer.failPatches = true;
        d.step();
        assertThat(writer.started).isEmpty();
        assertThat(writer.patchAttempts).isEqualTo(1);

        writer.failPatches = false;
        d.step();
        assertThat(writer.started).containsExactly("first");
        d.step();
        assertThat(writer.patchAttempts).as("written once, not again").isEqualTo(2);
    }

    /**
     * Evicted while its stop keeps failing: as in Kueue, whose job reconciler unsets an evicted
     * job's quota reservation only once it has stopped the job, the job keeps its quota and is not
     * admitted again, and a job that waits for that quota waits too, until the stop is written.
     */
    @Test
    void anEvictedJobWhoseStopKeepsFailingKeepsItsQuotaUntilTheStopIsWritten() throws Exception {
        Decider d = evictedWithItsStopNotWritten(() -> writer.failStops = true);
        ObjectKey slow = new ObjectKey("default", dev.muster.api.workload.KueueWorkloadNames.of("Job", new ObjectKey("default", "slow")));
        assertThat(condition(writer.status(slow), "QuotaReserved").path("status").asText()).isEqualTo("True");
        assertThat(condition(writer.status(slow), "Admitted").path("status").asText())
                .as("Kueue's Admitted follows QuotaReserved").isEqualTo("True");

        d.job(jobs, job("next", 10)); // needs slow's cpu too
        for (int round = 0; round < 5; round++) {
            clock.advance(60_000);
            d.step();
        }
        assertThat(writer.suspends).as("neither admitted again nor replaced while its stop fails").containsExactly("start slow");

        writer.failStops = false;
        clock.advance(1_000); // its backoff: the view of the job has not changed
        d.step(); // the stop is sent again, and written
        d.step();
        assertThat(writer.suspends).containsExactly("start slow", "stop slow", "start next");
        assertThat(condition(writer.status(slow), "QuotaReserved").path("status").asText()).isEqualTo("False");
    }

    /**
     * A stop holds only on the job as the decider saw it: refused, it is sent again once the job's
     * view changed, or after a second's backoff (it may have failed for another reason); not at
     * every cycle, which made a stale view cost a stop every few milliseconds.
     */
    @Test
    void aRefusedStopIsSentAgainOnceTheJobChangedOrAfterABackoffNotAtEveryCycle() throws Exception {
        Decider d = evictedWithItsStopNotWritten(() -> writer.failStops = true);
        int attempts = writer.patchAttempts;
        d.step();
        d.step();
        d.step();
        assertThat(writer.patchAttempts).as("nothing changed that could make it hold").isEqualTo(attempts);
        assertThat(d.untilWakeupMillis()).as("the decider wakes for its backoff").isLessThanOrEqualTo(1_000);

        ObjectNode changed = job("slow", 1);
        changed.with("metadata").put("resourceVersion", "7");
        d.job(jobs, changed);
        d.step();
        assertThat(writer.patchAttempts).as("sent again on the new view").isEqualTo(attempts + 1);
        d.step();
        assertThat(writer.patchAttempts).isEqualTo(attempts + 1);

        clock.advance(1_000);
        d.step();
        assertThat(writer.patchAttempts).as("sent again after its backoff").isEqualTo(attempts + 2);
    }

    /**
     * The same with the writes on their way while the decider goes on (they run when the test lets
     * them): the stop is refused, the job keeps its quota, and the job admitted in its place starts
     * only after the stop is written.
     */
    @Test
    void aJobWhoseStopIsRefusedIsStoppedBeforeAnotherTakesItsPlace() throws Exception {
        java.util.ArrayDeque<Runnable> held = new java.util.ArrayDeque<>();
        Decider d = primedWithQueues(new Decider(writer, clock, new MusterMetrics(), Set.of("muster"),
                Map.of("kueue-config.yaml", PODS_READY_IN_A_MINUTE), inbox -> WriteLanes.on(held::add, inbox)));
        d.job(jobs, job("slow", 6));
        d.step();
        runAll(held);
        assertThat(writer.suspends).as("started; the decider has not seen the job run yet").containsExactly("start slow");

        clock.advance(60_000);
        d.step();
        assertThat(writer.reasons).as("evicted: its pods were not ready in time").contains("Evicted");
        writer.failStops = true;
        runAll(held); // the stop is refused
        d.job(jobs, job("next", 6)); // waits: slow holds 6 of the 10 cpu until it is stopped
        for (int round = 0; round < 5; round++) {
            clock.advance(Math.max(d.untilWakeupMillis() == Long.MAX_VALUE ? 1_000 : d.untilWakeupMillis(), 1));
            d.step();
            runAll(held);
        }
        assertThat(writer.suspends).as("neither admitted again nor replaced while its stop is refused")
                .containsExactly("start slow");

        writer.failStops = false;
        clock.advance(1_000);
        for (int round = 0; round < 3; round++) {
            d.step();
            runAll(held);
        }
        assertThat(writer.suspends).as("slow stopped before next starts").containsExactly("start slow", "stop slow", "start next");
    }

    /** Runs the writes queued now, and those that become ready meanwhile. */
    private static void runAll(java.util.ArrayDeque<Runnable> held) {
        while (!held.isEmpty()) {
            held.poll().run();
        }
    }

    /** Runs the writes queued now only: those they let go stay queued. */
    private static void runQueued(java.util.ArrayDeque<Runnable> held) {
        for (int n = held.size(); n > 0; n--) {
            held.poll().run();
        }
    }

    /**
     * The job finished while its stop was on its way (the stop was decided on a view that did not
     * show the completion yet, and the API server refused it as the job had changed): the stop is
     * no longer owed, as Kueue never suspends a finished job.
     */
    @Test
    void aStopRefusedBecauseTheJobFinishedMeanwhileIsNotWrittenAgain() throws Exception {
        Decider d = evictedWithItsStopNotWritten(() -> writer.failStops = true);

        ObjectNode finished = job("slow", 1);
        ((ObjectNode) YAML.readTree("{status: {succeeded: 1, conditions: [{type: Complete, status: \"True\"}]}}"))
                .fields().forEachRemaining(e -> finished.set(e.getKey(), e.getValue()));
        finished.with("spec").put("suspend", false);
        writer.failStops = false;
        d.job(jobs, finished);
        int attempts = writer.patchAttempts;
        d.step();
        d.step();
        assertThat(writer.suspends).as("no stop of the finished job").containsExactly("start slow");
        assertThat(writer.patchAttempts).as("not even tried").isEqualTo(attempts);
        assertThat(condition(writer.status(new ObjectKey("default",
                dev.muster.api.workload.KueueWorkloadNames.of("Job", new ObjectKey("default", "slow")))), "Finished").path("status").asText())
                .isEqualTo("True");
    }

    /**
     * Its Workload deleted by hand while it runs (the decider's view of the job still shows it
     * suspended, its start just sent): the job is suspended, and its new Workload made only after
     * that, as Kueue's handleJobWithNoWorkload makes a job's Workload only once the job does not
     * run. A new Workload made first would stand pending while the job runs on.
     */
    @Test
    void aJobWhoseWorkloadIsDeletedWhileItRunsIsSuspendedBeforeItsWorkloadIsMadeAgain() throws Exception {
        Decider d = decider(Map.of());
        d.job(jobs, job("first", 6));
        d.step();
        assertThat(writer.order).containsExactly("workload " + workloadName("first"), "start first");

        writer.workloadDeleted(workloadName("first"));
        d.workloadObjectDeleted(workloadObject("first"));
        d.step();
        d.step();
        assertThat(writer.order).as("queued again with a new Workload, and admitted again into the quota it gave back")
                .containsExactly("workload " + workloadName("first"), "start first",
                        "stop first", "workload " + workloadName("first"), "start first");
    }

    /**
     * The Workload of a job that finished is deleted (by hand, or by a clean-up) before its
     * Finished status was written: as Kueue's reconciler leaves a finished job without a Workload,
     * the decider stops writing a status no object will take (it wrote it again at every cycle).
     */
    @Test
    void theStatusOfAFinishedJobsDeletedWorkloadIsNotWrittenAgain() throws Exception {
        Decider d = decider(Map.of());
        d.job(jobs, job("first", 6));
        d.step();
        writer.workloadDeleted(workloadName("first"));
        d.job(jobs, finished(job("first", 6)));
        d.workloadObjectDeleted(workloadObject("first"));
        d.step();
        int attempts = writer.statusAttempts;
        d.step();
        d.step();
        d.step();
        assertThat(writer.statusAttempts).as("no write to a Workload that is gone").isEqualTo(attempts);
    }

    /** "first" (6 of 10 cpu) admitted and started; then its Workload is deleted, and stops are refused from now on. */
    private Decider firstRunsAndLosesItsWorkloadWhileStopsAreRefused() throws Exception {
        Decider d = decider(Map.of());
        d.job(jobs, job("first", 6));
        d.step();
        writer.failStops = true;
        writer.workloadDeleted(workloadName("first"));
        d.workloadObjectDeleted(workloadObject("first"));
        return d;
    }

    /** As a job whose Workload is deleted while it runs, with the suspension failing: the new Workload waits until it is written. */
    @Test
    void aWorkloadMadeAgainWaitsForTheJobsSuspensionToBeWritten() throws Exception {
        Decider d = firstRunsAndLosesItsWorkloadWhileStopsAreRefused();
        d.step();
        d.step();
        assertThat(writer.order).as("no Workload while the job may run").containsExactly(
                "workload " + workloadName("first"), "start first");

        writer.failStops = false;
        d.step();
        d.step();
        d.step();
        assertThat(writer.order).containsExactly("workload " + workloadName("first"), "start first",
                "stop first", "workload " + workloadName("first"), "start first");
    }

    /**
     * The quota a running job's deleted Workload gave back may be taken by another job, but that
     * job starts only once the first one's suspension is written: while it is refused, the first
     * one still runs, and starting the other would run both on quota for one (the fault soak's
     * audit once found a cohort above its limit so, after a leader change).
     */
    @Test
    void aJobWhoseWorkloadIsDeletedWhileItRunsHoldsBackOtherStartsUntilItsSuspensionIsWritten() throws Exception {
        Decider d = firstRunsAndLosesItsWorkloadWhileStopsAreRefused();
        d.job(jobs, job("second", 6));
        for (int i = 0; i < 3; i++) {
            d.step();
        }
        assertThat(writer.order).as("second is not started while first may still run").doesNotContain("start second");

        writer.failStops = false;
        for (int i = 0; i < 3; i++) {
            d.step();
        }
        assertThat(writer.order).as("first stopped, then second started").containsSubsequence("stop first", "start second");
    }

    /**
     * A Job found running with no Workload (created while the webhook was down): suspended at
     * once, and its Workload made once its pods are gone ({@code status.active} back to 0), as
     * Kueue waits for {@code !IsActive()}.
     */
    @Test
    void aJobFoundRunningGetsItsWorkloadOnceItsPodsAreGone() throws Exception {
        Decider d = decider(Map.of());
        ObjectNode running = job("early", 6);
        running.with("spec").put("suspend", false);
        running.putObject("status").put("active", 1);
        d.job(jobs, running);
        d.step();
        d.step();
        assertThat(writer.order).as("suspended; its pod still runs").containsExactly("stop early");

        ObjectNode stopped = job("early", 6);
        stopped.putObject("status").put("active", 0);
        d.job(jobs, stopped);
        d.step();
        d.step();
        assertThat(writer.order).as("started once its Workload shows it admitted")
                .containsExactly("stop early", "workload " + workloadName("early"), "start early");
    }

    private static final String BACKFILL_PREEMPTING_OVERSTAYERS = """
            apiVersion: config.muster.dev/v1alpha1
            kind: Configuration
            backfill: {enable: true, reservationDepth: 1, preemptOverstaying: true}
            """;

    /**
     * A job backfilled on the promise to end before a reservation is held to it by the next
     * leader: the promise is a condition of its Workload (written with the admission), which the
     * new leader reads back with the admission it takes over. Without it, the new leader would
     * let the job run on past its promise and the reserved gang would wait for it.
     *
     * <p>10 cpu; "running" (6 cpu, expected 100 s) starts at 00:00:10; "big" (10 cpu) is reserved
     * from 00:01:50, when "running" is expected to end; "short" (4 cpu, expected 50 s) is backfilled
     * on the promise to end by 00:01:00, and runs on.
     */
    @Test
    void aNewLeaderHoldsABackfilledJobToThePromiseItsWorkloadRecords() throws Exception {
        Map<String, String> config = Map.of("muster-config.yaml", BACKFILL_PREEMPTING_OVERSTAYERS);
        Decider first = decider(config);
        first.job(jobs, expecting(job("running", 6), "100s"));
        first.step();
        first.job(jobs, expecting(job("big", 10), "10m"));
        first.job(jobs, expecting(job("short", 4), "50s"));
        first.step();
        assertThat(writer.started).containsExactly("running", "short");
        JsonNode promise = condition(writer.status(new ObjectKey("default", workloadName("short"))), "muster.dev/BackfillPromise");
        assertThat(promise.path("status").asText()).isEqualTo("True");
        assertThat(promise.path("reason").asText()).isEqualTo("Backfilled");
        assertThat(promise.path("message").asText())
                .isEqualTo("it promised to end by 2026-01-01T00:01:00Z, before the reservation of default/" + workloadName("big"));

        // The leader changes: the next one finds the Workloads as written and the jobs as they run.
        clock.advance(1_000);
        Decider second = new Decider(writer, clock, new MusterMetrics(), Set.of("muster"), config);
        for (JsonNode object : YAML.readerFor(JsonNode.class).<JsonNode>readValues(QUEUES).readAll()) {
            second.configurationObject(object);
        }
        for (String name : List.of("running", "big", "short")) {
            second.workloadObject(workloadAsWritten(name));
        }
        second.job(jobs, runs(expecting(job("running", 6), "100s")));
        second.job(jobs, expecting(job("big", 10), "10m"));
        second.job(jobs, runs(expecting(job("short", 4), "50s")));
        second.primed();
        second.step();
        assertThat(writer.started).as("both admissions taken over, nothing started twice").containsExactly("running", "short");

        clock.advance(100_000); // 00:01:51: "running" ended as expected; "short" runs on past its promise
        second.job(jobs, finished(expecting(job("running", 6), "100s")));
        second.step();
        assertThat(writer.stopped).as("preempted for overstaying, as the first leader would have").containsExactly("short");
        assertThat(condition(writer.status(new ObjectKey("default", workloadName("short"))), "Preempted")
                .path("reason").asText()).isEqualTo("BackfillOverstayed");
    }

    private static ObjectNode expecting(ObjectNode job, String runtime) {
        job.with("metadata").with("annotations").put("muster.dev/expected-runtime", runtime);
        return job;
    }

    /** The job started, its pod running. */
    private static ObjectNode runs(ObjectNode job) {
        job.with("spec").put("suspend", false);
        job.putObject("status").put("active", 1);
        return job;
    }

    /** The job's Workload object with the status the decider wrote to it last. */
    private JsonNode workloadAsWritten(String job) throws Exception {
        ObjectNode w = (ObjectNode) workloadObject(job);
        ObjectNode status = writer.status(new ObjectKey("default", workloadName(job)));
        if (status != null) {
            w.set("status", status.has("status") ? status.get("status") : status);
        }
        return w;
    }

    private static String workloadName(String job) {
        return dev.muster.api.workload.KueueWorkloadNames.of("Job", new ObjectKey("default", job));
    }

    private static JsonNode workloadObject(String job) throws Exception {
        return YAML.readTree("""
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Workload
                metadata: {namespace: default, name: %s}
                """.formatted(workloadName(job)));
    }

    /**
     * The job "slow" admitted and started, then evicted as its pods were not ready within the
     * minute, with {@code failing} making its stop fail.
     */
    private Decider evictedWithItsStopNotWritten(Runnable failing) throws Exception {
        Decider d = decider(Map.of("kueue-config.yaml", PODS_READY_IN_A_MINUTE));
        d.job(jobs, job("slow", 1));
        d.step();
        clock.advance(60_000);
        failing.run();
        d.step();
        assertThat(writer.reasons).as("evicted: its pods were not ready in time").contains("Evicted");
        assertThat(writer.suspends).as("the stop was not written").containsExactly("start slow");
        return d;
    }

    private static ObjectNode job(String name, int cpu) throws Exception {
        return (ObjectNode) YAML.readTree("""
                apiVersion: batch/v1
                kind: Job
                metadata:
                  name: %s
                  namespace: default
                  uid: uid-%s
                  creationTimestamp: "2026-01-01T00:00:00Z"
                  labels: {kueue.x-k8s.io/queue-name: user-queue}
                spec:
                  suspend: true
                  parallelism: 1
                  template:
                    spec:
                      containers:
                      - name: main
                        resources: {requests: {cpu: "%d"}}
                """.formatted(name, name, cpu));
    }

    private static JsonNode condition(JsonNode status, String type) {
        for (JsonNode c : status.path("conditions")) {
            if (c.path("type").asText().equals(type)) {
                return c;
            }
        }
        throw new AssertionError("no condition " + type + " in " + status);
    }

    private static ObjectNode finished(ObjectNode job) {
        ((ObjectNode) job.get("spec")).put("suspend", false);
        job.putObject("status").putArray("conditions").addObject().put("type", "Complete").put("status", "True");
        return job;
    }

    /** A clock that stands still until the test moves it. */
    private static final class MovingClock extends Clock {
        private long millis = Instant.parse("2026-01-01T00:00:10Z").toEpochMilli();

        void advance(long by) {
            millis += by;
        }

        @Override
        public long millis() {
            return millis;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    /** Records what the decider writes: jobs started and stopped, statuses, event reasons. */
    private static final class RecordingWriter implements ClusterWriter {
        final List<String> started = new ArrayList<>();
        final List<String> stopped = new ArrayList<>();
        final List<String> reasons = new ArrayList<>();
        final Map<ObjectKey, ObjectNode> statuses = new HashMap<>();
        int statusWrites;
        final Map<ObjectKey, Integer> statusWritesOf = new HashMap<>();
        /** Status writes tried, written or not. */
        int statusAttempts;
        int patchAttempts;
        boolean failPatches;
        /** Stops fail (starts succeed). */
        boolean failStops;
        /** Every start and stop written, in order ("start name", "stop name"). */
        final List<String> suspends = new ArrayList<>();
        /** Starts, stops and Workload objects made, in the order written ("workload name"). */
        final List<String> order = new ArrayList<>();
        /** The Workload objects that exist: a status is written only to one of them, as on the API server. */
        final java.util.Set<String> workloads = new java.util.HashSet<>();
        /** Each Workload object's annotations as written, by name. */
        final Map<String, Map<String, String>> annotations = new HashMap<>();
        int annotationWrites;

        void workloadDeleted(String name) {
            workloads.remove(name);
        }

        ObjectNode status(ObjectKey key) {
            return statuses.get(key);
        }

        int statusWrites(ObjectKey key) {
            return statusWritesOf.getOrDefault(key, 0);
        }

        @Override
        public boolean patchJob(KubeKind kind, ObjectKey job, ArrayNode jsonPatch) {
            patchAttempts++;
            if (failPatches) {
                return false;
            }
            for (JsonNode op : jsonPatch) {
                if (op.path("path").asText().equals("/spec/suspend")) {
                    boolean stop = op.path("value").asBoolean();
                    if (stop && failStops) {
                        return false;
                    }
                    (stop ? stopped : started).add(job.name());
                    suspends.add((stop ? "stop " : "start ") + job.name());
                    order.add((stop ? "stop " : "start ") + job.name());
                }
            }
            return true;
        }

        @Override
        public boolean ensure(KubeKind kind, ObjectNode object) {
            if (kind == KubeKind.WORKLOAD && workloads.add(object.path("metadata").path("name").asText())) {
                order.add("workload " + object.path("metadata").path("name").asText());
            }
            return true;
        }

        @Override
        public boolean writeStatus(KubeKind kind, ObjectKey object, ObjectNode status) {
            statusAttempts++;
            if (kind == KubeKind.WORKLOAD && !workloads.contains(object.name())) {
                return false; // 404
            }
            statusWrites++;
            statusWritesOf.merge(object, 1, Integer::sum);
            statuses.put(object, status);
            return true;
        }

        @Override
        public boolean annotate(KubeKind kind, ObjectKey object, Map<String, String> values) {
            annotationWrites++;
            Map<String, String> now = annotations.computeIfAbsent(object.name(), k -> new HashMap<>());
            values.forEach((k, v) -> {
                if (v == null) {
                    now.remove(k);
                } else {
                    now.put(k, v);
                }
            });
            return true;
        }

        @Override
        public boolean bind(PodBinding binding) {
            return true;
        }

        @Override
        public boolean deletePod(ObjectKey pod) {
            return true;
        }

        @Override
        public boolean delete(KubeKind kind, ObjectKey object) {
            return true;
        }

        @Override
        public void event(KubeKind kind, ObjectKey object, String uid, String type, String reason, String message) {
            reasons.add(reason);
        }
    }
}
