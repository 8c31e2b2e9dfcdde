package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.Pending;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EngineTest {

    private final EngineFixtures f = new EngineFixtures();

    private static List<String> admitted(List<Decision> decisions) {
        return decisions.stream().filter(d -> d instanceof Decision.Admit).map(d -> d.workload().name()).toList();
    }

    @Test
    void aGangIsAdmittedWholeOrNotAtAll() {
        Engine engine = f.queue("sales", null, 50).engine();
        engine.submit(f.workload("sales", "assigned", 0, 40, 1));
        engine.submit(f.workload("sales", "new", 0, 11, 1));
        List<Decision> d = engine.schedule(0);
        assertThat(admitted(d)).containsExactly("assigned");
        assertThat(engine.usage("sales")).isEqualTo(Map.of("default", Map.of("cpu", Quantity.ofUnits(40))));
        assertThat(engine.reason(new ObjectKey("sales", "new")).orElseThrow())
                .contains("waiting for quota")
                .contains("needs 11 cpu, only 10 available (nominal quota 50, 40 in use)");
    }

    @Test
    void aReasonGivesTheQuotaAsItWasWhenTheWorkloadWasTriedNotAsTheCycleLeftIt() {
        Engine engine = f.queue("sales", null, 50).engine();
        engine.submit(f.workload("sales", "first", 10, 45, 1));
        engine.submit(f.workload("sales", "too-big", 5, 11, 1));
        engine.submit(f.workload("sales", "after", 1, 3, 1));
        List<Decision> d = engine.schedule(0);
        assertThat(admitted(d)).containsExactly("first", "after");
        // Worded when read, after "after" took 3 more cpu: the figures are still those it was tried with.
        assertThat(engine.reason(new ObjectKey("sales", "too-big")).orElseThrow())
                .contains("needs 11 cpu, only 5 available (nominal quota 50, 45 in use)");
    }

    @Test
    void manyWorkloadsAreAdmittedInOneCycle() {
        Engine engine = f.queue("q", null, 100).engine();
        for (int i = 0; i < 50; i++) {
            engine.submit(f.workload("q", "w" + i, 0, 1, 2));
        }
        assertThat(admitted(engine.schedule(0))).hasSize(50);
    }

    @Test
    void flavorsAreTriedInOrderForEachWorkload() {
        Engine engine = f.queue("team", null, QueueingStrategy.BEST_EFFORT_FIFO, "on-demand", 10, "spot", 20).engine();
        engine.submit(f.workload("team", "w1", 0, 1, 8));
        engine.submit(f.workload("team", "w2", 0, 1, 6));
        engine.submit(f.workload("team", "w3", 0, 1, 2));
        engine.schedule(0);
        assertThat(flavor(engine, "team", "w1")).isEqualTo("on-demand");
        assertThat(flavor(engine, "team", "w2")).isEqualTo("spot");
        assertThat(flavor(engine, "team", "w3")).isEqualTo("on-demand");
    }

    private static String flavor(Engine engine, String ns, String name) {
        return engine.admission(new ObjectKey(ns, name)).orElseThrow().assignment().podSets().get(0).flavors().get("cpu");
    }

    @Test
    void partialAdmissionTakesTheLargestCountThatFits() {
        Engine engine = f.queue("sales", null, 50).engine();
        engine.submit(f.workload("sales", "new", 0, 50, 20, 2));
        engine.schedule(0);
        assertThat(engine.admission(new ObjectKey("sales", "new")).orElseThrow().assignment().podSets().get(0).count())
                .isEqualTo(25);
    }

    @Test
    void partialAdmissionNeverGoesBelowMinCount() {
        Engine engine = f.queue("sales", null, 30).engine();
        engine.submit(f.workload("sales", "new", 0, 50, 20, 2));
        assertThat(admitted(engine.schedule(0))).isEmpty();
    }

    @Test
    void higherPriorityIsServedFirstThenOlder() {
        Engine engine = f.queue("q", null, 10).engine();
        engine.submit(f.workload("q", "old-low", 0, 1, 6));
        engine.submit(f.workload("q", "new-high", 10, 1, 6));
        engine.submit(f.workload("q", "old-low-small", 0, 1, 4));
        assertThat(admitted(engine.schedule(0))).containsExactly("new-high", "old-low-small");
    }

    @Test
    void bestEffortFifoLetsSmallerWorkloadsPassAHeadThatDoesNotFit() {
        Engine engine = f.queue("q", null, QueueingStrategy.BEST_EFFORT_FIFO, "default", 10).engine();
        engine.submit(f.workload("q", "big", 0, 1, 12));
        engine.submit(f.workload("q", "small", 0, 1, 2));
        assertThat(admitted(engine.schedule(0))).containsExactly("small");
    }

    @Test
    void strictFifoHeadBlocksItsQueue() {
        Engine engine = f.queue("q", null, QueueingStrategy.STRICT_FIFO, "default", 10).engine();
        engine.submit(f.workload("q", "first", 0, 1, 8));
        engine.submit(f.workload("q", "big", 0, 1, 6));
        engine.submit(f.workload("q", "small", 0, 1, 2));
        assertThat(admitted(engine.schedule(0))).containsExactly("first");
        assertThat(engine.reason(new ObjectKey("q", "small")).orElseThrow()).contains("waiting behind q/big").contains("StrictFIFO");
        engine.remove(new ObjectKey("q", "first"));
        assertThat(admitted(engine.schedule(1))).containsExactly("big", "small");
    }

    @Test
    void cohortBorrowingNeverExceedsTheCohortTotal() {
        Engine engine = f.queue("team-a", "eng", 10).queue("team-b", "eng", 10).engine();
        engine.submit(f.workload("team-a", "a-1", 0, 1, 8));
        engine.submit(f.workload("team-a", "a-2", 0, 1, 8));
        engine.submit(f.workload("team-a", "a-3", 0, 1, 6));
        engine.submit(f.workload("team-b", "b-1", 0, 1, 2));
        assertThat(admitted(engine.schedule(0))).containsExactlyInAnyOrder("a-1", "a-2", "b-1");
        assertThat(engine.reason(new ObjectKey("team-a", "a-3")).orElseThrow()).contains("cohort eng has 2 unused");
    }

    @Test
    void queuesThatDoNotBorrowGoFirstAcrossTheCohort() {
        Engine engine = f.queue("a", "eng", 4).queue("b", "eng", 4).engine();
        engine.submit(f.workload("a", "a-borrows", 0, 1, 8));
        engine.submit(f.workload("b", "b-local", 0, 1, 4));
        assertThat(admitted(engine.schedule(0))).containsExactly("b-local");
    }

    @Test
    void releasingQuotaLetsWaitingWorkloadsIn() {
        Engine engine = f.queue("q", null, 4).engine();
        engine.submit(f.workload("q", "first", 0, 1, 4));
        engine.submit(f.workload("q", "second", 0, 1, 4));
        assertThat(admitted(engine.schedule(0))).containsExactly("first");
        assertThat(admitted(engine.schedule(1))).isEmpty();
        engine.remove(new ObjectKey("q", "first"));
        assertThat(admitted(engine.schedule(2))).containsExactly("second");
    }

    @Test
    void aRequestAboveTheMaximumSaysItCanNeverBeAdmitted() {
        Engine engine = f.queue("q", null, 4).engine();
        engine.submit(f.workload("q", "huge", 0, 1, 5));
        engine.schedule(0);
        assertThat(engine.reason(new ObjectKey("q", "huge")).orElseThrow())
                .startsWith("can never be admitted")
                .contains("the most this queue can ever use is 4 cpu");
    }

    @Test
    void aWorkloadForAMissingLocalQueueWaitsWithAReason() {
        Engine engine = f.queue("q", null, 4).engine();
        Workload w = new Workload(new ObjectKey("elsewhere", "w"), "main", 0, 0, 0, f.workload("q", "x", 0, 1, 1).podSets());
        engine.submit(w);
        List<Decision> d = engine.schedule(0);
        assertThat(d).containsExactly(new Decision.Wait(w.key(),
                Pending.misconfigured("LocalQueue main does not exist in namespace elsewhere")));
    }

    @Test
    void waitReasonsAreReportedOnlyWhenTheyChange() {
        Engine engine = f.queue("q", null, 4).engine();
        engine.submit(f.workload("q", "first", 0, 1, 4));
        engine.submit(f.workload("q", "second", 0, 1, 4));
        assertThat(engine.schedule(0)).hasSize(2);
        engine.submit(f.workload("q", "third", 0, 1, 1));
        assertThat(engine.schedule(1)).extracting(Decision::workload).extracting(ObjectKey::name).containsExactly("third");
    }

    @Test
    void fairSharingSplitsFreedCapacityByDominantShare() {
        Engine engine = f.queue("shared", "pool", 8).queue("alpha", "pool", 0).queue("beta", "pool", 0).engine(true);
        engine.submit(f.workload("shared", "blocker", 0, 8, 1));
        engine.schedule(0);
        for (int i = 1; i <= 4; i++) {
            engine.submit(f.workload("alpha", "a-" + i, 0, 1, 2));
        }
        for (int i = 1; i <= 4; i++) {
            engine.submit(f.workload("beta", "b-" + i, 0, 1, 2));
        }
        assertThat(admitted(engine.schedule(1))).isEmpty();
        engine.remove(new ObjectKey("shared", "blocker"));
        assertThat(admitted(engine.schedule(60))).containsExactly("a-1", "b-1", "a-2", "b-2");
    }

    @Test
    void withoutFairSharingArrivalOrderWins() {
        Engine engine = f.queue("shared", "pool", 8).queue("alpha", "pool", 0).queue("beta", "pool", 0).engine(false);
        for (int i = 1; i <= 4; i++) {
            engine.submit(f.workload("alpha", "a-" + i, 0, 1, 2));
        }
        for (int i = 1; i <= 4; i++) {
            engine.submit(f.workload("beta", "b-" + i, 0, 1, 2));
        }
        assertThat(admitted(engine.schedule(0))).containsExactly("a-1", "a-2", "a-3", "a-4");
    }
}
