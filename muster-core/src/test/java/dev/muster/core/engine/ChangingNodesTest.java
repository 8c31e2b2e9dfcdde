package dev.muster.core.engine;

import static dev.muster.core.engine.EngineFixtures.cpuNode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.AdmissionCheckRule;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.PodPlacement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Nodes that come and go (an autoscaler's), and checks that bind pods to the nodes made for them. */
class ChangingNodesTest {

    private final EngineFixtures f = new EngineFixtures();
    private final ObjectKey job = new ObjectKey("q", "job");

    @Test
    void aClusterWithoutNodesYetHoldsGangsBackUntilANodeJoins() {
        Engine engine = f.queue("q", null, 8).engineOnNodes(List.of());
        engine.placeOnNodes();
        engine.submit(f.workload("q", "job", 0, 2, 2));

        assertThat(engine.schedule(0)).singleElement().isInstanceOfSatisfying(Decision.Wait.class,
                w -> assertThat(w.reason()).contains("waiting for room on the nodes"));
        assertThat(engine.unplacedGangs()).singleElement().satisfies(g -> {
            assertThat(g.workload()).isEqualTo(job);
            assertThat(g.quotaReserved()).isFalse();
            assertThat(g.pods()).singleElement().satisfies(p -> assertThat(p.count()).isEqualTo(2));
        });
        // What an autoscaler asks before it adds a node: one 4-cpu node holds both 2-cpu pods, a 3-cpu one does not.
        assertThat(engine.placeableWith(engine.unplacedGangs().get(0).pods(), List.of(cpuNode("n", 4, Map.of())))).isTrue();
        assertThat(engine.placeableWith(engine.unplacedGangs().get(0).pods(), List.of(cpuNode("n", 3, Map.of())))).isFalse();

        engine.addNode(cpuNode("new-0", 4, Map.of()));

        assertThat(engine.schedule(60_000)).singleElement().isInstanceOf(Decision.Admit.class);
        assertThat(engine.pods(job)).extracting(PodPlacement::node).containsExactly("new-0", "new-0");
        assertThat(engine.unplacedGangs()).isEmpty();
    }

    @Test
    void aNodeWithPodsCannotBeRemovedAndADrainingNodeTakesNoNewPods() {
        Engine engine = f.queue("q", null, 8).engineOnNodes(List.of(cpuNode("a", 4, Map.of()), cpuNode("b", 4, Map.of())));
        engine.submit(f.workload("q", "job", 0, 1, 4));
        engine.schedule(0);
        String used = engine.pods(job).get(0).node();
        String other = used.equals("a") ? "b" : "a";

        assertThatThrownBy(() -> engine.removeNode(used)).hasMessageContaining("still runs pods");
        engine.drainNode(other);
        engine.submit(f.workload("q", "second", 0, 1, 4));
        assertThat(engine.schedule(1_000)).singleElement().isInstanceOfSatisfying(Decision.Wait.class,
                w -> assertThat(w.reason()).contains("being removed"));

        engine.removeNode(other);
        assertThat(engine.nodes()).extracting(n -> n.name()).containsExactly(used);
    }

    @Test
    void aReadyCheckBindsItsPodSetsToTheNodesItNames() {
        ClusterQueuePolicies checks = new ClusterQueuePolicies(ClusterQueuePolicies.Preemption.DEFAULT,
                ClusterQueuePolicies.FlavorFungibility.DEFAULT, List.of(new AdmissionCheckRule("capacity", List.of())),
                ClusterQueuePolicies.StopPolicy.NONE);
        Engine engine = f.queue("q", null, 8, checks).engineOnNodes(List.of(cpuNode("old", 8, Map.of())));
        engine.submit(f.workload("q", "job", 0, 2, 2));
        assertThat(engine.schedule(0)).singleElement().isInstanceOf(Decision.ReserveQuota.class);
        assertThat(engine.podGroups(job)).singleElement().satisfies(g -> assertThat(g.podSet()).isEqualTo("main"));

        engine.addNode(cpuNode("made-for-job", 4, Map.of("request", "job-1")));
        engine.updateCheck(job, "capacity", CheckState.READY, "provisioned", 0, Map.of("main", Map.of("request", "job-1")));
        assertThat(engine.checksChanged()).isTrue();

        assertThat(engine.schedule(60_000)).singleElement().isInstanceOf(Decision.Admit.class);
        assertThat(engine.checksChanged()).isFalse();
        // The old node has more room, but the check bound the pods to the node made for them.
        assertThat(engine.pods(job)).extracting(PodPlacement::node).containsOnly("made-for-job");
    }

    @Test
    void theBindingEndsWithTheReservation() {
        ClusterQueuePolicies checks = new ClusterQueuePolicies(ClusterQueuePolicies.Preemption.DEFAULT,
                ClusterQueuePolicies.FlavorFungibility.DEFAULT, List.of(new AdmissionCheckRule("capacity", List.of())),
                ClusterQueuePolicies.StopPolicy.NONE);
        Engine engine = f.queue("q", null, 8, checks).engineOnNodes(List.of(cpuNode("old", 8, Map.of())));
        engine.submit(f.workload("q", "job", 0, 1, 2));
        engine.schedule(0);
        engine.updateCheck(job, "capacity", CheckState.READY, "", 0, Map.of("main", Map.of("request", "gone")));
        assertThat(engine.schedule(1_000)).singleElement().isInstanceOfSatisfying(Decision.Wait.class,
                w -> assertThat(w.reason()).contains("request=gone"));
        assertThat(engine.unplacedGangs()).singleElement().satisfies(g -> assertThat(g.quotaReserved()).isTrue());

        engine.updateCheck(job, "capacity", CheckState.RETRY, "booking expired", 60_000);
        engine.schedule(2_000);
        engine.evicted(job, 2_000);
        engine.schedule(62_000);
        engine.updateCheck(job, "capacity", CheckState.READY, "", 0);

        assertThat(engine.schedule(63_000)).singleElement().isInstanceOf(Decision.Admit.class);
        assertThat(engine.pods(job)).extracting(PodPlacement::node).containsOnly("old");
    }
}
