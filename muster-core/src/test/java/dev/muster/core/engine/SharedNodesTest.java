package dev.muster.core.engine;

import static dev.muster.core.engine.EngineFixtures.cpuNode;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.PodPlacement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Nodes Muster shares with other schedulers, as the operator sees a real cluster: what other pods
 * take changes a node's room, some gangs are placed by the default scheduler, and a restarted
 * controller takes over the places its gangs' pods already have.
 */
class SharedNodesTest {

    private final EngineFixtures f = new EngineFixtures();

    @Test
    void aNodeWhoseRoomShrinksKeepsItsPodsAndTakesNoMoreThanIsLeft() {
        Engine engine = f.queue("q", null, 16).engineOnNodes(List.of(cpuNode("a", 8, Map.of())));
        engine.submit(f.workload("q", "first", 0, 1, 4));
        assertThat(engine.schedule(0)).singleElement().isInstanceOf(Decision.Admit.class);

        // Another scheduler's pods now hold 3 of the node's 8 cpu: 8 - 3 - 4 = 1 is left.
        engine.updateNode(cpuNode("a", 5, Map.of()));
        assertThat(engine.pods(new ObjectKey("q", "first"))).extracting(PodPlacement::node).containsExactly("a");
        engine.submit(f.workload("q", "second", 0, 1, 2));
        assertThat(engine.schedule(1_000)).singleElement().isInstanceOf(Decision.Wait.class);

        // They leave: the node has room again, and the waiting gang is tried at once.
        engine.updateNode(cpuNode("a", 8, Map.of()));
        assertThat(engine.schedule(2_000)).singleElement().isInstanceOf(Decision.Admit.class);
    }

    @Test
    void aGangPlacedByAnotherSchedulerIsAdmittedByQuotaAloneAndTakesNoRoom() {
        Engine engine = f.queue("q", null, 16).engineOnNodes(List.of(cpuNode("a", 4, Map.of())));
        ObjectKey elsewhere = new ObjectKey("q", "elsewhere");
        engine.placedElsewhere(elsewhere);
        engine.submit(f.workload("q", "elsewhere", 0, 3, 4)); // 12 cpu: no room on the 4-cpu node, within quota
        assertThat(engine.schedule(0)).singleElement().isInstanceOf(Decision.Admit.class);
        assertThat(engine.pods(elsewhere)).isEmpty();

        engine.submit(f.workload("q", "placed", 0, 1, 4));
        assertThat(engine.schedule(1_000)).singleElement().isInstanceOf(Decision.Admit.class);
        assertThat(engine.pods(new ObjectKey("q", "placed"))).extracting(PodPlacement::node).containsExactly("a");
    }

    @Test
    void aRestoredGangKeepsThePlacesItsPodsHaveAndGetsPlacesForThoseWithout() {
        Engine engine = f.queue("q", null, 16).engineOnNodes(List.of(cpuNode("a", 4, Map.of()), cpuNode("b", 4, Map.of())));
        var gang = f.workload("q", "gang", 0, 3, 2);
        engine.restore(gang, "q", List.of(new dev.muster.core.queue.PodSetAssignment("main", 3,
                Map.of("cpu", "default"))), true, 0);

        // Two pods ran on b before the restart; the third had no node yet.
        var recorded = List.of(new PodPlacement("main", 0, "b", List.of(), 0, ""), new PodPlacement("main", 0, "b", List.of(), 0, ""));
        assertThat(engine.restorePlacement(gang.key(), recorded)).isEmpty();

        assertThat(engine.pods(gang.key())).extracting(PodPlacement::node).containsExactly("b", "b", "a");
        assertThat(engine.pods(gang.key())).extracting(PodPlacement::index).containsExactly(0, 1, 2);
        // b is full (2 x 2 cpu), a holds 2 of 4: a 4-cpu pod fits nowhere, a 2-cpu one fits on a.
        engine.submit(f.workload("q", "big", 0, 1, 4));
        assertThat(engine.schedule(0)).singleElement().isInstanceOf(Decision.Wait.class);
    }
}
