package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.admission.Decision;
import dev.muster.core.admission.EvictionReason;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ObjectKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettlingTest {

    private static final ObjectKey VICTIM = new ObjectKey("default", "victim");

    /** A scheduler that evicts {@link #VICTIM} in each of its first {@code evictingCycles} cycles. */
    private static final class Scripted implements Settling.Scheduler {
        final List<String> calls = new ArrayList<>();
        final Map<ObjectKey, Integer> evictions = new HashMap<>();
        int evictingCycles;
        boolean checkAnswers;

        Scripted(int evictingCycles) {
            this.evictingCycles = evictingCycles;
        }

        @Override
        public List<Decision> schedule(long nowMillis) {
            calls.add("schedule@" + nowMillis);
            if (evictingCycles-- <= 0) {
                return List.of();
            }
            evictions.merge(VICTIM, 1, Integer::sum);
            return List.of(new Decision.Evict(VICTIM, EvictionReason.PREEMPTED, "InClusterQueue", "make room"));
        }

        @Override
        public void evicted(ObjectKey key, long nowMillis) {
            calls.add("evicted " + key.name() + "@" + nowMillis);
        }

        @Override
        public boolean checksChanged() {
            boolean answered = checkAnswers;
            checkAnswers = false;
            return answered;
        }

        @Override
        public int timesEvicted(ObjectKey key) {
            return evictions.getOrDefault(key, 0);
        }
    }

    private static List<ObjectKey> stopAtOnce(List<Decision> decisions) {
        return decisions.stream().filter(Decision.Evict.class::isInstance).map(Decision::workload).toList();
    }

    @Test
    void evictionsThatStopAtOnceAreConfirmedAndTheCyclesGoOnUntilNoneIsLeft() {
        Scripted scheduler = new Scripted(2);

        Settling.settle(scheduler, 500, SettlingTest::stopAtOnce);

        assertThat(scheduler.calls).containsExactly("schedule@500", "evicted victim@500", "schedule@500",
                "evicted victim@500", "schedule@500");
    }

    @Test
    void anEvictionTheAdapterCompletesLaterEndsTheLoopUnconfirmed() {
        Scripted scheduler = new Scripted(5);

        Settling.settle(scheduler, 500, decisions -> List.of());

        assertThat(scheduler.calls).containsExactly("schedule@500");
    }

    @Test
    void aCheckThatAnsweredWhileDecisionsWereCarriedOutGetsAnotherCycle() {
        Scripted scheduler = new Scripted(0);
        scheduler.checkAnswers = true;

        Settling.settle(scheduler, 500, SettlingTest::stopAtOnce);

        assertThat(scheduler.calls).containsExactly("schedule@500", "schedule@500");
    }

    @Test
    void cyclesThatEvictForeverStopAtTheBoundNamingTheLastVictims() {
        Scripted scheduler = new Scripted(Integer.MAX_VALUE);

        assertThatThrownBy(() -> Settling.settle(scheduler, 1_200, SettlingTest::stopAtOnce))
                .isInstanceOf(Settling.NotSettledException.class)
                .hasMessageContaining("evictions did not settle: 100 scheduling cycles at 1200ms")
                .hasMessageContaining("evict default/victim: make room");
        assertThat(scheduler.calls.stream().filter(c -> c.startsWith("schedule"))).hasSize(Settling.MAX_CYCLES_PER_INSTANT);
    }

    @Test
    void aWorkloadEvictedMoreThanTheSafetyNetAllowsStopsTheRunEvenAcrossInstants() {
        Scripted scheduler = new Scripted(Integer.MAX_VALUE);
        long now = 0;
        // One eviction per instant never trips the per-instant bound; the per-workload count does.
        for (int i = 0; i < Settling.MAX_EVICTIONS_PER_WORKLOAD; i++) {
            Settling.settle(scheduler, now++, decisions -> List.of());
        }

        long at = now;
        assertThatThrownBy(() -> Settling.settle(scheduler, at, decisions -> List.of()))
                .isInstanceOf(Settling.NotSettledException.class)
                .hasMessageStartingWith("safety net: default/victim was evicted 1001 times by 1s (last: Preempted"
                        + " InClusterQueue: make room)");
    }

    @Test
    void theEngineSettlesAPreemptionAtOneInstantAndCountsTheEvictionItAsked() {
        EngineFixtures f = new EngineFixtures();
        Engine engine = f.queue("q", null, 4, new ClusterQueuePolicies(
                new ClusterQueuePolicies.Preemption(
                        ClusterQueuePolicies.WithinClusterQueue.LOWER_PRIORITY,
                        ClusterQueuePolicies.ReclaimWithinCohort.NEVER,
                        ClusterQueuePolicies.BorrowWithinCohort.DEFAULT),
                ClusterQueuePolicies.FlavorFungibility.DEFAULT, List.of(),
                ClusterQueuePolicies.StopPolicy.NONE)).engine();
        engine.submit(f.workload("q", "low", 1, 1, 4));
        Settling.settle(engine, 0, SettlingTest::stopAtOnce);
        engine.submit(f.workload("q", "high", 10, 1, 4));
        List<Decision> carried = new ArrayList<>();

        Settling.settle(engine, 1, decisions -> {
            carried.addAll(decisions);
            return stopAtOnce(decisions);
        });

        assertThat(carried).filteredOn(Decision.Admit.class::isInstance).extracting(Decision::workload)
                .containsExactly(new ObjectKey("q", "high"));
        assertThat(engine.timesEvicted(new ObjectKey("q", "low"))).isEqualTo(1);
        assertThat(engine.isPending(new ObjectKey("q", "low"))).isTrue();
    }
}
