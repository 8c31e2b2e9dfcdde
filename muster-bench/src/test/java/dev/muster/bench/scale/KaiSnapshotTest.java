package dev.muster.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.placement.NodeState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A small snapshot built through the Engine API holds its running pods where they were put, and its gangs pending. */
class KaiSnapshotTest {

    private static final KaiSnapshot SMALL = new KaiSnapshot(10, 350, 40);

    @Test
    void theRunningPodsAreAdmittedAndPlacedAndTheGangsWaitForTheFirstCycle() {
        Engine engine = SMALL.build();

        assertThat(engine.admittedWorkloads()).hasSize(350);
        assertThat(engine.nodes()).hasSize(10);
        // 35 pods a node: 4 whole GPUs and 4 halves on 2 devices leave 2 of 8 devices free
        assertThat(engine.nodes()).allSatisfy(n -> {
            assertThat(n.wholeFreeDevices()).isEqualTo(2);
            assertThat(n.deviceFree(4)).isZero();
            assertThat(n.sharers(4)).isEqualTo(2);
            assertThat(n.free("cpu")).isEqualTo((128 - 51) * 1000L);
        });
        assertThat(engine.isPending(new dev.muster.core.model.ObjectKey("default", "pending-0"))).isTrue();
        assertThat(engine.pods(KaiSnapshot.runningKey(0))).singleElement()
                .satisfies(p -> assertThat(p.node()).isEqualTo(KaiSnapshot.nodeName(0)));
    }

    @Test
    void theFirstCycleAdmitsWhatFitsAndAFinishedPodMakesRoom() {
        Engine engine = SMALL.build();
        List<Decision> first = engine.schedule(1_000);
        long admitted = first.stream().filter(d -> d instanceof Decision.Admit).count();
        assertThat(admitted).isPositive().isLessThan(40);
        assertThat(engine.nodes()).allSatisfy(n -> assertThat(n.wholeFreeDevices()).isLessThanOrEqualTo(2));
        assertThat(engine.nodes().stream().mapToInt(NodeState::wholeFreeDevices).sum()).isLessThan(20);

        engine.remove(KaiSnapshot.runningKey(0));
        assertThat(engine.admission(KaiSnapshot.runningKey(0))).isEmpty();
    }

    @Test
    void theFirstPodOfEachNodeHoldsAWholeGpuThere() {
        Engine engine = SMALL.build();
        for (int n = 0; n < SMALL.nodes(); n++) {
            int node = n;
            assertThat(engine.pods(SMALL.wholeGpuPodOn(n))).singleElement().satisfies(p -> {
                assertThat(p.node()).isEqualTo(KaiSnapshot.nodeName(node));
                assertThat(p.gpuDevices()).hasSize(1);
                assertThat(p.gpuFraction()).isZero(); // a whole device, not a share
            });
        }
        // 7 pods over 3 nodes: 3, 2 and 2; a node without pods has none to finish
        KaiSnapshot uneven = new KaiSnapshot(3, 7, 0);
        assertThat(uneven.wholeGpuPodOn(1)).isEqualTo(KaiSnapshot.runningKey(3));
        assertThat(uneven.wholeGpuPodOn(2)).isEqualTo(KaiSnapshot.runningKey(5));
        assertThat(new KaiSnapshot(3, 1, 0).wholeGpuPodOn(1)).isNull();
    }

    @Test
    void churnFinishesAPodANodeAndMeasuresTheSecondHalfOfTheRounds() {
        Engine engine = SMALL.build();
        engine.schedule(1_000);
        Churn.Result r = Churn.run(SMALL, engine, 100, 2_000);
        // at most one round a node after the first: 9, of which 5 are measured
        assertThat(r.rounds()).isEqualTo(5);
        assertThat(r.cpuP90Ms()).isGreaterThanOrEqualTo(r.cpuMedianMs());
        for (int n = 1; n < SMALL.nodes(); n++) {
            assertThat(engine.admission(SMALL.wholeGpuPodOn(n))).as("node %d's pod finished", n).isEmpty();
        }
        assertThat(Churn.run(new KaiSnapshot(1, 35, 4), new KaiSnapshot(1, 35, 4).build(), 100, 2_000)).isNull();
    }

    /**
     * With backfill, running pod i is expected to run 1 h + (i x 7,919 s mod 47 h) from its
     * admission at 0. Node 0 holds pods 0-34; 47 h is 169,200 s, which i x 7,919 s passes from
     * i = 22 on (174,218 s, so 5,018 s), so the latest end there is pod 21's: 3,600 s + 21 x 7,919 s
     * = 169,899 s. The other nodes hold other pods, and each its own latest end.
     */
    @Test
    void withBackfillEveryNodeKeepsItsOwnLatestEnd() {
        Engine engine = SMALL.withBackfill(true).build();

        assertThat(engine.nodes().stream().mapToLong(NodeState::latestEnd).distinct().count()).isEqualTo(10);
        assertThat(engine.nodes()).filteredOn(n -> n.name().equals(KaiSnapshot.nodeName(0))).singleElement()
                .satisfies(n -> assertThat(n.latestEnd()).isEqualTo(169_899_000L));
        assertThat(engine.schedule(1_000)).anyMatch(d -> d instanceof Decision.Admit);
        assertThat(SMALL.build().nodes()).as("without backfill no node keeps an end")
                .allSatisfy(n -> assertThat(n.latestEnd()).isEqualTo(NodeState.NO_END));
    }
}
