package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.quota.QuotaTree;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The first candidate of a victim search, in victim order: the searches of one cycle start past
 * what the cycle made untouchable ({@link EvictingFronts}), and find what a walk from the start finds.
 */
class VictimPoolTest {

    private final ClusterQueueSpec spec = new ClusterQueueSpec("a", Optional.empty(), List.of(),
            QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, Quantity.ofUnits(1));
    private final QuotaTree tree = QuotaTree.build(List.of(spec), List.of());
    private final ClusterQueueState queue = new ClusterQueueState(spec, tree.clusterQueue("a").orElseThrow());
    /** The cycle's untouchable workloads: only ever grows during a cycle. */
    private final Set<ObjectKey> evicting = new HashSet<>();
    private final EvictingFronts fronts = new EvictingFronts();

    VictimPoolTest() {
        queue.markKai(KaiCycle.VICTIM_ORDER);
    }

    /** Admitted at {@code atMillis}: newer gangs give way first among those of one priority. */
    private AdmittedWorkload admit(String name, int priority, long sequence, long atMillis) {
        Workload wl = new Workload(new ObjectKey("default", name), "a", priority, 0, sequence,
                List.of(PodSet.of("main", 1, new ResourceList(Map.of("cpu", Quantity.ofUnits(1))))));
        AdmittedWorkload a = new AdmittedWorkload(wl, "a",
                new Assignment(List.of(new PodSetAssignment("main", 1, Map.of("cpu", "default"))),
                        new long[tree.index().size()], false), atMillis);
        queue.admitted(a);
        return a;
    }

    /** A cycle admits {@code name}: it is untouchable for the rest of the cycle. */
    private void admitInCycle(String name, long sequence) {
        evicting.add(admit(name, 50, sequence, 10).workload().key());
    }

    private String firstCandidate(EvictingFronts f, int belowPriority) {
        VictimGang g = new VictimPool(evicting, f)
                .add(queue, belowPriority, 0, a -> new VictimGang(a, queue, false, tree.index())).first(queue);
        return g == null ? null : g.admitted.workload().key().name();
    }

    @Test
    void searchesOfOneCycleFindWhatAWalkFromTheStartFinds() {
        admit("old-1", 50, 1, 0);
        admit("old-2", 50, 2, 0);
        admitInCycle("fresh-1", 3);
        admitInCycle("fresh-2", 4);

        assertThat(firstCandidate(fronts, 100)).as("past the fresh admissions, the newest of the rest").isEqualTo("old-2");
        admitInCycle("fresh-3", 5);
        evicting.add(new ObjectKey("default", "old-2")); // preempted in this cycle
        assertThat(firstCandidate(fronts, 100)).isEqualTo("old-1")
                .isEqualTo(firstCandidate(new EvictingFronts(), 100));
    }

    @Test
    void whatLiesBeforeTheFrontStillEndsASearchByItsPriority() {
        admit("old", 50, 1, 0);
        admitInCycle("fresh", 2);
        assertThat(firstCandidate(fronts, 100)).isEqualTo("old");

        assertThat(firstCandidate(fronts, 50)).as("a preemptor of priority 50 takes only lower priorities").isNull();
        assertThat(firstCandidate(new EvictingFronts(), 50)).isNull();
    }

    @Test
    void aNewCycleFindsTheFrontsAgain() {
        admit("old", 50, 1, 0);
        admitInCycle("fresh", 2);
        assertThat(firstCandidate(fronts, 100)).isEqualTo("old");

        assertThat(fronts.front(queue, Set.of())).as("another cycle's untouchable set").isNull();
        assertThat(new VictimPool(Set.of(), fronts).add(queue, 100, 0, a -> new VictimGang(a, queue, false, tree.index()))
                .first(queue).admitted.workload().key().name()).as("nothing is untouchable now: the newest first").isEqualTo("fresh");
    }
}
