package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.Decision;
import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.KaiQueueSpec.Share;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PlacementHints;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A KAI workload that found no room is not tried again while nothing changed, but everything that
 * can let it in does: room freed, a node added, a node's labels or cordon changed; and its reason
 * follows what it is told about the nodes and the quota.
 */
class KaiWaitingForRoomTest {

    private static final String GPU = "nvidia.com/gpu";
    private long seq;

    private static NodeSpec node(String name, int gpus, Map<String, String> labels, boolean unschedulable) {
        return new NodeSpec(name, labels, List.of(), unschedulable,
                new ResourceList(Map.of(GPU, Quantity.ofUnits(gpus), "cpu", Quantity.ofUnits(16))), 0, "");
    }

    /** One queue with no quota of its own, over a cluster whose quota is {@code clusterGpus}. */
    private static Engine engine(long clusterGpus, NodeSpec... nodes) {
        KaiQueueSpec queue = new KaiQueueSpec("a", Optional.empty(), 100, List.of(new Share(GPU, Optional.empty(),
                Optional.empty(), 1000)));
        return new Engine(EngineSetup.kai(List.of(queue), Map.of(GPU, clusterGpus * 1000), AdmissionSettings.DEFAULTS)
                .withNodes(List.of(nodes), List.of()));
    }

    private Workload submit(Engine engine, String name, int gpus, Map<String, String> nodeSelector) {
        long s = seq++;
        PodSet pods = PodSet.of("main", 1, new ResourceList(Map.of(GPU, Quantity.ofUnits(gpus))))
                .withHints(new PlacementHints(nodeSelector, List.of(), List.of(), 0, 0));
        Workload wl = new Workload(new ObjectKey("default", name), "a", 50, s, s, List.of(pods));
        engine.submit(wl, QueueRef.kaiQueue("a"));
        return wl;
    }

    private Workload submit(Engine engine, String name, int gpus) {
        return submit(engine, name, gpus, Map.of());
    }

    private static List<String> admitted(List<Decision> decisions) {
        return decisions.stream().filter(d -> d instanceof Decision.Admit).map(d -> d.workload().name()).toList();
    }

    private static String reason(Engine engine, String name) {
        return engine.reason(new ObjectKey("default", name)).orElseThrow();
    }

    @Test
    void gangsAlikeThatFindNoNodeAreAllAmongTheUnplacedAnAutoscalerReads() {
        Engine e = engine(100, node("n1", 1, Map.of(), false));
        submit(e, "first", 2);
        submit(e, "second", 2); // the same queue and shape: answered as the first was, in the same pass
        assertThat(admitted(e.schedule(0))).isEmpty();

        assertThat(e.unplacedGangs()).extracting(g -> g.workload().name()).containsExactlyInAnyOrder("first", "second");
        assertThat(reason(e, "second")).isEqualTo(reason(e, "first"));
    }

    @Test
    void aWaitingGangIsAdmittedWhenARunningOneLeaves() {
        Engine e = engine(100, node("n1", 2, Map.of(), false));
        Workload running = submit(e, "running", 2);
        submit(e, "waiting", 2);
        assertThat(admitted(e.schedule(0))).containsExactly("running");
        submit(e, "another", 2);
        assertThat(admitted(e.schedule(1))).isEmpty();

        e.remove(running.key());
        assertThat(admitted(e.schedule(2))).containsExactly("waiting");
    }

    @Test
    void aWaitingGangIsAdmittedWhenAPreemptedOneIsEvicted() {
        Engine e = engine(100, node("n1", 2, Map.of(), false));
        Workload low = new Workload(new ObjectKey("default", "low"), "a", 10, 0, 0,
                List.of(PodSet.of("main", 1, new ResourceList(Map.of(GPU, Quantity.ofUnits(2))))));
        e.submit(low, QueueRef.kaiQueue("a"));
        seq = 1;
        assertThat(admitted(e.schedule(0))).containsExactly("low");
        submit(e, "high", 2);

        List<Decision> preempting = e.schedule(1);
        assertThat(preempting).anySatisfy(d -> assertThat(d).isInstanceOf(Decision.Evict.class));
        e.evicted(low.key(), 2);
        assertThat(admitted(e.schedule(2))).containsExactly("high");
    }

    @Test
    void aWaitingGangIsAdmittedWhenANodeJoins() {
        Engine e = engine(100, node("n1", 1, Map.of(), false));
        submit(e, "two", 2);
        assertThat(admitted(e.schedule(0))).isEmpty();
        submit(e, "another", 2);
        assertThat(admitted(e.schedule(1))).isEmpty();

        e.addNode(node("n2", 2, Map.of(), false));
        assertThat(admitted(e.schedule(2))).containsExactly("two");
    }

    @Test
    void aWaitingGangIsAdmittedWhenANodeGetsTheLabelsItSelects() {
        Engine e = engine(100, node("n1", 2, Map.of(), false));
        submit(e, "picky", 1, Map.of("pool", "gpu"));
        assertThat(admitted(e.schedule(0))).isEmpty();
        assertThat(reason(e, "picky")).contains("label pool=gpu missing");

        e.updateNode(node("n1", 2, Map.of("pool", "gpu"), false));
        assertThat(admitted(e.schedule(1))).containsExactly("picky");
    }

    @Test
    void aWaitingGangIsAdmittedWhenItsNodeIsUncordoned() {
        Engine e = engine(100, node("n1", 2, Map.of(), true));
        submit(e, "job", 1);
        assertThat(admitted(e.schedule(0))).isEmpty();
        assertThat(reason(e, "job")).contains("cordoned");

        e.updateNode(node("n1", 2, Map.of(), false));
        assertThat(admitted(e.schedule(1))).containsExactly("job");
    }

    @Test
    void aWaitingGangIsToldWhenANodeIsDrained() {
        Engine e = engine(100, node("n1", 1, Map.of(), false), node("n2", 1, Map.of(), false));
        submit(e, "two", 2);
        assertThat(admitted(e.schedule(0))).isEmpty();
        assertThat(reason(e, "two")).doesNotContain("being removed");

        e.drainNode("n1");
        submit(e, "another", 2); // a cycle runs
        e.schedule(1);
        assertThat(reason(e, "two")).contains("being removed from the cluster");
    }

    @Test
    void aGangWaitingForTheNodesIsToldWhenOthersTakeTheQuotaItFitWithin() {
        Engine e = engine(3, node("n1", 1, Map.of(), false), node("n2", 1, Map.of(), false));
        submit(e, "two", 2);
        assertThat(admitted(e.schedule(0))).isEmpty();
        assertThat(reason(e, "two")).contains("no node can take");

        submit(e, "one", 1);
        assertThat(admitted(e.schedule(1))).containsExactly("one");
        submit(e, "other", 1); // with it, 2 of the 3 GPUs of quota are used: "two" no longer fits the quota
        assertThat(admitted(e.schedule(2))).containsExactly("other");
        assertThat(reason(e, "two")).contains("no node can take");

        submit(e, "third", 1); // a cycle runs
        e.schedule(3);
        assertThat(reason(e, "two")).doesNotContain("no node can take");
    }
}
