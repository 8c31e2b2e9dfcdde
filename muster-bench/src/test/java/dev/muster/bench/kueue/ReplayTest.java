package dev.muster.bench.kueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Settling;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * The replay driver: Kueue's runner semantics in virtual time, checked on hand-computed cases, on
 * Kueue's baseline shape scaled down, and with a scripted scheduler for evictions.
 */
class ReplayTest {

    /** One ClusterQueue of 1 cpu; three 1-cpu workloads arriving at 100, 200, 300 ms, each running 250 ms. */
    private static final String ONE_AT_A_TIME = """
            cohorts:
            - className: cohort
              count: 1
              queuesSets:
              - className: cq
                count: 1
                nominalQuota: 1
                borrowingLimit: 0
                workloadsSets:
                - count: 3
                  creationIntervalMs: 100
                  workloads:
                  - {className: w, runtimeMs: 250, priority: 0, request: 1}
            """;

    private static PerfShape shape(String yaml) {
        return new PerfShape("test", "test", GeneratorConfig.parse(yaml, "test"), Optional.empty());
    }

    @Test
    void queuedWorkloadsRunOneAfterAnother() {
        ReplayResult r = Replay.run(shape(ONE_AT_A_TIME));

        // admitted at 100 (runs to 350), 350 (to 600), 600 (to 850)
        assertThat(r.workloads()).isEqualTo(3);
        assertThat(r.admissions()).isEqualTo(3);
        assertThat(r.finished()).isEqualTo(3);
        assertThat(r.neverAdmitted()).isZero();
        assertThat(r.makespanMillis()).isEqualTo(850);
        assertThat(r.cycles()).isEqualTo(6); // 100, 200, 300, 350, 600, 850
        ReplayResult.WorkloadClass w = r.workloadClasses().get(0);
        assertThat(w.avgTimeToAdmissionMs()).isEqualTo(150.0); // 0, 150, 300
        assertThat(w.minTimeToAdmissionMs()).isZero();
        assertThat(w.maxTimeToAdmissionMs()).isEqualTo(300);
        ReplayResult.QueueClass q = r.queueClasses().get(0);
        assertThat(q.usedMilliMs()).isEqualTo(1000L * 750); // busy from 100 to 850
        assertThat(q.windowMs()).isEqualTo(850);
        assertThat(q.usagePercent()).isCloseTo(750 * 100.0 / 850, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.queuePeaks()).singleElement().satisfies(p -> assertThat(p.peakMilli()).isEqualTo(1000));
    }

    @Test
    void scaledDownBaselineAdmitsEverythingWithinQuota() {
        PerfShape tiny = PerfShape.load(resource("tiny"));
        ReplayResult r = Replay.run(tiny, false);

        assertThat(r.clusterQueues()).isEqualTo(6);
        assertThat(r.workloads()).isEqualTo(6 * 29);
        assertThat(r.neverAdmitted()).isZero();
        assertThat(r.finished()).isEqualTo(r.workloads());
        assertThat(r.admissions()).isEqualTo(r.workloads() + r.evictions());
        assertThat(r.workloadClasses()).extracting(ReplayResult.WorkloadClass::name).containsExactly("small", "medium", "large");
        assertThat(r.workloadClasses()).allSatisfy(c -> {
            assertThat(c.admitted()).isEqualTo(c.count());
            assertThat(c.minTimeToAdmissionMs()).isGreaterThanOrEqualTo(0);
            assertThat(c.avgTimeToAdmissionMs()).isGreaterThanOrEqualTo(0);
        });
        assertThat(r.workloadClasses()).extracting(ReplayResult.WorkloadClass::count).containsExactly(120, 36, 18);
        assertThat(r.queuePeaks()).hasSize(6).allSatisfy(p -> {
            assertThat(p.withinLimit()).as("%s peak %d", p.name(), p.peakMilli()).isTrue();
            assertThat(p.peakMilli()).isLessThanOrEqualTo(120_000); // nominal 20 + borrowingLimit 100
        });
        assertThat(r.cohortPeaks()).hasSize(2).allSatisfy(p -> assertThat(p.peakMilli()).isLessThanOrEqualTo(p.nominalMilli()));
        assertThat(r.queueClasses()).singleElement().satisfies(q -> {
            assertThat(q.usagePercent()).isBetween(0.0, 100.0);
            assertThat(q.windowMs()).isEqualTo(r.makespanMillis());
        });
        // the last arrival is the 20th small workload at 2,000 ms; everything ends after it
        assertThat(r.makespanMillis()).isGreaterThan(2_000);
    }

    /**
     * The same shape with its preemption policies (reclaimWithinCohort Any, withinClusterQueue
     * LowerPriority): evictions settle, because a preemptor's room is held for it until its
     * victims stop (it once was given to lower-priority workloads in the same cycle, forever).
     */
    @Test
    void scaledDownBaselineWithItsPreemptionPoliciesSettles() {
        ReplayResult r = Replay.run(PerfShape.load(resource("tiny")));

        assertThat(r.neverAdmitted()).isZero();
        assertThat(r.finished()).isEqualTo(r.workloads());
        assertThat(r.queuePeaks()).allSatisfy(p -> assertThat(p.withinLimit()).isTrue());
        assertThat(r.cohortPeaks()).allSatisfy(p -> assertThat(p.peakMilli()).isLessThanOrEqualTo(p.nominalMilli()));
    }

    /**
     * The 60-workload shape of OperatorPerfRunTest (shapes/preemption-ping-pong/README.md): two
     * workloads whose policies each allow evicting the other (reclaim within the cohort, priority
     * within a ClusterQueue) once evicted each other forever at one instant. A workload admitted at
     * an instant is not a victim at that instant, so the replay moves on and every workload ends.
     */
    @Test
    void thePingPongShapeSettlesAndEveryWorkloadFinishes() {
        ReplayResult r = Replay.run(PerfShape.load(resource("/shapes/preemption-ping-pong")));

        assertThat(r.workloads()).isEqualTo(60);
        assertThat(r.neverAdmitted()).isZero();
        assertThat(r.finished()).isEqualTo(60);
        assertThat(r.evictions()).isPositive(); // the shape does preempt: large workloads reclaim and take priority
        assertThat(r.admissions()).isEqualTo(r.workloads() + r.evictions()); // each eviction is followed by one admission again
        assertThat(r.queuePeaks()).allSatisfy(p -> assertThat(p.withinLimit()).isTrue());
        assertThat(r.cohortPeaks()).allSatisfy(p -> assertThat(p.peakMilli()).isLessThanOrEqualTo(p.nominalMilli()));
    }

    @Test
    void replaysAreDeterministic() {
        PerfShape tiny = PerfShape.load(resource("tiny"));
        ReplayResult a = Replay.run(tiny, false);
        ReplayResult b = Replay.run(tiny, false);

        assertThat(a.sameOutcome(b)).isTrue();
        assertThat(a.fingerprint()).isEqualTo(b.fingerprint());
    }

    @Test
    void anEvictionCancelsThePlannedCompletionAndTheWorkloadRunsAgainInFull() {
        GeneratedCluster c = new GeneratedCluster(shape(ONE_AT_A_TIME).generator());
        ObjectKey first = new ObjectKey("cq-0-0-cohort-0", "w-0-0-0");
        List<String> calls = new ArrayList<>();
        // at 200 ms the scheduler evicts the first workload (running since 100) once
        ReplayResult r = Replay.run("evict", c, cl -> new Scripted(1000, calls, now -> now == 200, first, 1));

        // first: admitted 100, evicted 200, admitted again at 200 (its place in the queue is kept), runs to 450;
        // then 450 -> 700 and 700 -> 950. A completion left over from the first admission (350) would end it early.
        String w0 = first.toString();
        String w1 = "cq-0-0-cohort-0/w-0-1-0";
        String w2 = "cq-0-0-cohort-0/w-0-2-0";
        // a remove is made just before the cycle of its instant; nothing is removed at 350 (the stale completion)
        assertThat(calls).containsExactly("schedule@100", "schedule@200", "evicted " + w0, "schedule@200",
                "schedule@300", "schedule@350", "remove " + w0, "schedule@450", "remove " + w1, "schedule@700",
                "remove " + w2, "schedule@950");
        assertThat(r.evictions()).isEqualTo(1);
        assertThat(r.admissions()).isEqualTo(4);
        assertThat(r.finished()).isEqualTo(3);
        assertThat(r.makespanMillis()).isEqualTo(950);
        ReplayResult.WorkloadClass w = r.workloadClasses().get(0);
        assertThat(w.evictions()).isEqualTo(1);
        // time to admission counts to the last admission, as Kueue's recorder does: 100, 250, 400
        assertThat(w.avgTimeToAdmissionMs()).isEqualTo(250.0);
        assertThat(r.queuePeaks().get(0).peakMilli()).isEqualTo(1000);
    }

    @Test
    void evictionsThatNeverSettleStopTheReplay() {
        GeneratedCluster c = new GeneratedCluster(shape(ONE_AT_A_TIME).generator());
        ObjectKey first = new ObjectKey("cq-0-0-cohort-0", "w-0-0-0");

        assertThatThrownBy(() -> Replay.run("loop", c,
                cl -> new Scripted(1000, new ArrayList<>(), now -> now == 200, first, Integer.MAX_VALUE)))
                .isInstanceOf(Settling.NotSettledException.class)
                .hasMessageContaining("at 200ms")
                .hasMessageContaining("evict " + first);
    }

    private static String resource(String name) {
        try {
            return java.nio.file.Path.of(ReplayTest.class.getResource(name).toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A stand-in scheduler, so that the driver's handling of evictions is checked without depending
     * on when the engine preempts: one pool of {@code capacityMilli} cpu, admission in creation
     * order while the head fits, plus an Evict of {@code victim} while it runs, at the instants
     * {@code when} picks. An evicted workload queues again in its original place.
     */
    private static final class Scripted implements SchedulerUnderTest {
        private final long capacityMilli;
        private final List<String> calls;
        private final LongPredicate when;
        private final ObjectKey victim;
        private final java.util.TreeSet<Workload> pending = new java.util.TreeSet<>(Workload.QUEUE_ORDER);
        private final java.util.Map<ObjectKey, Workload> running = new java.util.HashMap<>();
        private int evictionsLeft;
        private long used;

        Scripted(long capacityMilli, List<String> calls, LongPredicate when, ObjectKey victim, int evictions) {
            this.capacityMilli = capacityMilli;
            this.calls = calls;
            this.when = when;
            this.victim = victim;
            this.evictionsLeft = evictions;
        }

        private static long request(Workload w) {
            return w.podSets().get(0).perPod().get("cpu").milli() * w.podSets().get(0).count();
        }

        @Override
        public void submit(Workload workload) {
            pending.add(workload);
        }

        @Override
        public void remove(ObjectKey key) {
            calls.add("remove " + key);
            Workload w = running.remove(key);
            used -= request(w);
        }

        @Override
        public void evicted(ObjectKey key) {
            calls.add("evicted " + key);
            Workload w = running.remove(key);
            used -= request(w);
            pending.add(w);
        }

        @Override
        public List<Decision> schedule(long nowMillis) {
            calls.add("schedule@" + nowMillis);
            List<Decision> decisions = new ArrayList<>();
            while (!pending.isEmpty() && used + request(pending.first()) <= capacityMilli) {
                Workload w = pending.pollFirst();
                running.put(w.key(), w);
                used += request(w);
                decisions.add(new Decision.Admit(w.key(), w.queueName(), null));
            }
            if (when.test(nowMillis) && evictionsLeft > 0 && running.containsKey(victim)) {
                evictionsLeft--;
                decisions.add(new Decision.Evict(victim, dev.muster.core.admission.EvictionReason.PREEMPTED, "InClusterQueue", "scripted"));
            }
            return decisions;
        }
    }
}
