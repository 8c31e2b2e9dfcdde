package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.admission.Decision;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.BorrowPolicy;
import dev.muster.core.model.ClusterQueuePolicies.BorrowWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.Preemption;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import dev.muster.core.model.ObjectKey;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The hard parts of preemption, one rule per test; scenario files cover the same rules end to end. */
class PreemptionTest {

    private final EngineFixtures f = new EngineFixtures();

    private static ClusterQueuePolicies preemption(WithinClusterQueue within, ReclaimWithinCohort reclaim,
            BorrowWithinCohort borrow) {
        return new ClusterQueuePolicies(new Preemption(within, reclaim, borrow),
                ClusterQueuePolicies.FlavorFungibility.DEFAULT, List.of(), ClusterQueuePolicies.StopPolicy.NONE);
    }

    private static ClusterQueuePolicies within(WithinClusterQueue within) {
        return preemption(within, ReclaimWithinCohort.NEVER, BorrowWithinCohort.DEFAULT);
    }

    private static ClusterQueuePolicies reclaim(ReclaimWithinCohort reclaim) {
        return preemption(WithinClusterQueue.NEVER, reclaim, BorrowWithinCohort.DEFAULT);
    }

    private static List<Decision.Evict> evictions(List<Decision> decisions) {
        return decisions.stream().filter(d -> d instanceof Decision.Evict).map(d -> (Decision.Evict) d).toList();
    }

    private static List<String> names(List<Decision.Evict> evictions) {
        return evictions.stream().map(e -> e.workload().name()).toList();
    }

    /** Carries evictions out at once, as the virtual cluster does, and returns every decision. */
    private static List<Decision> settle(Engine engine, long now) {
        List<Decision> all = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            List<Decision> d = engine.schedule(now);
            all.addAll(d);
            List<Decision.Evict> ev = evictions(d);
            if (ev.isEmpty()) {
                break;
            }
            ev.forEach(e -> engine.evicted(e.workload(), now));
        }
        return all;
    }

    @Test
    void theMinimalSetGoesLowestPriorityAndMostRecentFirst() {
        Engine engine = f.queue("q", null, 10, within(WithinClusterQueue.LOWER_PRIORITY)).engine();
        engine.submit(f.workload("q", "old-low", 1, 1, 3));
        engine.schedule(0);
        engine.submit(f.workload("q", "mid", 5, 1, 3));
        engine.schedule(1);
        engine.submit(f.workload("q", "new-low", 1, 1, 3));
        engine.schedule(2);
        // 9 of 10 in use; a 4-cpu high-priority workload needs 3 more: one 3-cpu victim is enough.
        engine.submit(f.workload("q", "high", 10, 1, 4));
        List<Decision> d = settle(engine, 3);
        assertThat(names(evictions(d))).containsExactly("new-low");
        assertThat(evictions(d).get(0).detail()).isEqualTo("InClusterQueue");
        assertThat(evictions(d).get(0).preemptor()).contains(new ObjectKey("q", "high"));
        assertThat(engine.admission(new ObjectKey("q", "high"))).isPresent();
    }

    @Test
    void fillBackKeepsVictimsThatAreNotNeeded() {
        Engine engine = f.queue("q", null, 10, within(WithinClusterQueue.LOWER_PRIORITY)).engine();
        engine.submit(f.workload("q", "small-low", 1, 1, 2));
        engine.schedule(0);
        engine.submit(f.workload("q", "big-mid", 2, 1, 8));
        engine.schedule(1);
        // Candidates in order: small-low (priority 1) then big-mid (2). Removing small-low is not
        // enough, removing big-mid too is; then small-low is put back: only big-mid goes.
        engine.submit(f.workload("q", "high", 10, 1, 7));
        assertThat(names(evictions(settle(engine, 2)))).containsExactly("big-mid");
    }

    @Test
    void neverMeansAHigherPriorityWorkloadWaits() {
        Engine engine = f.queue("q", null, 4, within(WithinClusterQueue.NEVER)).engine();
        engine.submit(f.workload("q", "low", 0, 1, 4));
        engine.schedule(0);
        engine.submit(f.workload("q", "high", 100, 1, 4));
        assertThat(evictions(settle(engine, 1))).isEmpty();
        assertThat(engine.reason(new ObjectKey("q", "high")).orElseThrow()).contains("waiting for quota");
    }

    @Test
    void lowerOrNewerEqualPriorityTakesFromANewerPeer() {
        Engine engine = f.queue("q", null, 4, within(WithinClusterQueue.LOWER_OR_NEWER_EQUAL_PRIORITY)).engine();
        // "older" is created first but arrives second: it may evict its newer peer.
        var older = f.workload("q", "older", 5, 1, 4);
        var newer = f.workload("q", "newer", 5, 1, 4);
        engine.submit(newer);
        engine.schedule(0);
        engine.submit(older);
        assertThat(names(evictions(settle(engine, 1)))).containsExactly("newer");
    }

    /**
     * A workload admitted at an instant is no victim at that instant: a victim queued again at once
     * and admitted again must not evict its own preemptor in the same instant, or two policies that
     * each allow their eviction evict each other forever. The preemptor is tried again at the next
     * millisecond, and the engine asks to be woken then.
     */
    @Test
    void aWorkloadAdmittedAtThisInstantIsNoVictimUntilTheNextMillisecond() {
        Engine engine = f.queue("a", "co", 4, reclaim(ReclaimWithinCohort.ANY)).queue("b", "co", 4).engine();
        engine.submit(f.workload("b", "b-borrows", 0, 1, 8));
        assertThat(engine.schedule(100)).anyMatch(d -> d instanceof Decision.Admit);
        assertThat(engine.nextWakeupMillis()).isEmpty(); // nobody is held back

        // Still at 100 ms: a reclaims its nominal quota from b, which borrows it, but b's workload was admitted at 100.
        engine.submit(f.workload("a", "a-own", 0, 1, 4));
        assertThat(evictions(settle(engine, 100))).isEmpty();
        assertThat(engine.admission(new ObjectKey("a", "a-own"))).isEmpty();
        assertThat(engine.nextWakeupMillis()).hasValue(101);

        List<Decision.Evict> later = evictions(settle(engine, 101));
        assertThat(names(later)).containsExactly("b-borrows");
        assertThat(later.get(0).preemptor()).contains(new ObjectKey("a", "a-own"));
        assertThat(engine.admission(new ObjectKey("a", "a-own"))).isPresent();
        assertThat(engine.nextWakeupMillis()).isEmpty();
    }

    @Test
    void reclaimTakesOnlyFromQueuesThatBorrow() {
        Engine engine = f.queue("a", "co", 4, reclaim(ReclaimWithinCohort.ANY)).queue("b", "co", 4).queue("c", "co", 4).engine();
        engine.submit(f.workload("b", "b-borrows", 0, 1, 6));
        engine.submit(f.workload("c", "c-own", 0, 1, 4));
        engine.schedule(0);
        // 10 of 12 in use; a needs 4 of its own 4: only b, which borrows, may give it back.
        engine.submit(f.workload("a", "a-1", 0, 1, 4));
        List<Decision.Evict> ev = evictions(settle(engine, 1));
        assertThat(names(ev)).containsExactly("b-borrows");
        assertThat(ev.get(0).detail()).isEqualTo("InCohortReclamation");
    }

    @Test
    void reclaimLowerPrioritySparesAHigherPriorityBorrower() {
        Engine engine = f.queue("a", "co", 4, reclaim(ReclaimWithinCohort.LOWER_PRIORITY)).queue("b", "co", 4).engine();
        engine.submit(f.workload("b", "b-high", 50, 1, 8));
        engine.schedule(0);
        engine.submit(f.workload("a", "a-low", 10, 1, 4));
        assertThat(evictions(settle(engine, 1))).isEmpty();
    }

    @Test
    void aPreemptorAboveItsNominalQuotaCannotReclaim() {
        Engine engine = f.queue("a", "co", 4, reclaim(ReclaimWithinCohort.ANY)).queue("b", "co", 8).engine();
        engine.submit(f.workload("b", "b-borrows", 0, 1, 10));
        engine.schedule(0);
        // a would need 6 > its nominal 4: it may not take from b by reclaiming.
        engine.submit(f.workload("a", "a-big", 100, 1, 6));
        assertThat(evictions(settle(engine, 1))).isEmpty();
    }

    @Test
    void borrowWithinCohortPreemptsBelowTheThresholdWhileBorrowing() {
        ClusterQueuePolicies p = preemption(WithinClusterQueue.NEVER, ReclaimWithinCohort.LOWER_PRIORITY,
                new BorrowWithinCohort(BorrowPolicy.LOWER_PRIORITY, Optional.of(50)));
        Engine engine = f.queue("a", "co", 4, p).queue("b", "co", 8).engine();
        engine.submit(f.workload("b", "b-low", 10, 1, 6));
        engine.submit(f.workload("b", "b-mid", 60, 1, 4));
        engine.schedule(0);
        // a needs 6 (borrowing 2): only b-low (priority 10 <= threshold 50) may go, and is enough.
        engine.submit(f.workload("a", "a-1", 100, 1, 6));
        List<Decision.Evict> ev = evictions(settle(engine, 1));
        assertThat(names(ev)).containsExactly("b-low");
        assertThat(ev.get(0).detail()).isEqualTo("InCohortReclaimWhileBorrowing");
    }

    @Test
    void twoPreemptorsNeverCountTheSameVictim() {
        Engine engine = f.queue("q", null, 4, within(WithinClusterQueue.LOWER_PRIORITY)).engine();
        engine.submit(f.workload("q", "victim", 0, 1, 4));
        engine.schedule(0);
        engine.submit(f.workload("q", "first", 10, 1, 4));
        engine.submit(f.workload("q", "second", 9, 1, 4));
        List<Decision> d = engine.schedule(1);
        assertThat(names(evictions(d))).containsExactly("victim");
        assertThat(engine.reason(new ObjectKey("q", "first")).orElseThrow()).contains("waiting for 1 preempted workload");
        engine.evicted(new ObjectKey("q", "victim"), 1);
        List<Decision> after = settle(engine, 1);
        assertThat(after).filteredOn(x -> x instanceof Decision.Admit).extracting(x -> x.workload().name())
                .containsExactly("first");
        assertThat(evictions(after)).as("second may not evict first, of higher priority").isEmpty();
    }

    @Test
    void theEvictedWorkloadComesBackWhenThereIsRoom() {
        Engine engine = f.queue("q", null, 4, within(WithinClusterQueue.LOWER_PRIORITY)).engine();
        engine.submit(f.workload("q", "low", 0, 1, 4));
        engine.schedule(0);
        engine.submit(f.workload("q", "high", 10, 1, 4));
        settle(engine, 1);
        assertThat(engine.isPending(new ObjectKey("q", "low"))).isTrue();
        engine.remove(new ObjectKey("q", "high"));
        assertThat(settle(engine, 2)).filteredOn(x -> x instanceof Decision.Admit).extracting(x -> x.workload().name())
                .containsExactly("low");
    }

    @Test
    void fairSharingPreemptsFromTheQueueWithTheLargerShareOnly() {
        ClusterQueuePolicies p = reclaim(ReclaimWithinCohort.ANY);
        Engine engine = f.queue("a", "co", 0, p).queue("b", "co", 0, p).queue("pool", "co", 8)
                .engine(new AdmissionSettings(true));
        for (int i = 0; i < 4; i++) {
            engine.submit(f.workload("b", "b-" + i, 0, 1, 2));
        }
        engine.schedule(0);
        // b holds all 8 borrowed cpu (share 1000). a's first 2-cpu workload: share after 250 <= b's 750
        // after losing one: a preempts exactly one of b's.
        engine.submit(f.workload("a", "a-0", 0, 1, 2));
        List<Decision.Evict> ev = evictions(settle(engine, 1));
        assertThat(ev).hasSize(1);
        assertThat(ev.get(0).detail()).isEqualTo("InCohortFairSharing");
        // Two more for a: shares reach 4/4; a fourth would leave a above b, so it waits.
        engine.submit(f.workload("a", "a-1", 0, 1, 2));
        assertThat(evictions(settle(engine, 2))).hasSize(1);
        engine.submit(f.workload("a", "a-2", 0, 1, 2));
        assertThat(evictions(settle(engine, 3))).as("a at 6 would exceed b at 2").isEmpty();
    }
}
