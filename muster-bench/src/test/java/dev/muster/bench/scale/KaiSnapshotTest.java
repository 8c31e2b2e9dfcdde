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
}
