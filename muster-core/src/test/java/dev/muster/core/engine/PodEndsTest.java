package dev.muster.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.BackfillPolicy;
import dev.muster.core.admission.Decision;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.ExpectedEnd;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.NodeState;
import dev.muster.core.placement.PodPlacement;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.runtime.RuntimeHints;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every way the engine places pods gives them their gang's expected end when backfill is on
 * (temporal placement, {@link PodEnds}): the end reservations count on, the run time declared from
 * the admission; and none when backfill is off. Read back as each node's latest end.
 *
 * <p>The world: three cpu nodes a, b, c of 8 cpu; ClusterQueue q with 64 cpu (the nodes, not the
 * quota, are what is short).
 */
class PodEndsTest {

    private static final BackfillPolicy BACKFILL = new BackfillPolicy(true, 1);
    private static final long S = 1_000;

    private final List<NodeSpec> nodes = List.of(EngineFixtures.cpuNode("a", 8, Map.of()),
            EngineFixtures.cpuNode("b", 8, Map.of()), EngineFixtures.cpuNode("c", 8, Map.of()));

    private Engine engine(EngineFixtures f, boolean backfill) {
        AdmissionSettings settings = new AdmissionSettings(false);
        return f.engineOnNodes(nodes, backfill ? settings.withBackfill(BACKFILL) : settings);
    }

    private static void expect(Engine engine, Workload wl, long seconds) {
        engine.expectRuntime(wl.key(), new RuntimeHints(OptionalLong.of(seconds * S), OptionalLong.empty()));
    }

    /** Each node's latest expected end, by name; {@link NodeState#NO_END} for none. */
    private static Map<String, Long> ends(Engine engine) {
        Map<String, Long> out = new TreeMap<>();
        engine.nodes().forEach(n -> out.put(n.name(), n.latestEnd()));
        return out;
    }

    @Test
    void aGangAdmittedInACycleEndsItsRunTimeAfterIt() {
        EngineFixtures f = new EngineFixtures().queue("q", null, 64);
        Engine engine = engine(f, true);
        Workload job = f.workload("q", "job", 0, 1, 4);
        engine.submit(job);
        expect(engine, job, 100);
        assertThat(engine.schedule(10 * S)).singleElement().isInstanceOf(Decision.Admit.class);

        assertThat(ends(engine)).containsEntry("a", 110 * S).containsEntry("b", NodeState.NO_END)
                .containsEntry("c", NodeState.NO_END);
    }

    @Test
    void aGangThatDeclaresNoRunTimeNeverEnds() {
        EngineFixtures f = new EngineFixtures().queue("q", null, 64);
        Engine engine = engine(f, true);
        engine.submit(f.workload("q", "job", 0, 1, 4));
        engine.schedule(0);

        assertThat(ends(engine)).containsEntry("a", ExpectedEnd.UNKNOWN);
    }

    @Test
    void withBackfillOffNoNodeKeepsAnEnd() {
        EngineFixtures f = new EngineFixtures().queue("q", null, 64);
        Engine engine = engine(f, false);
        Workload job = f.workload("q", "job", 0, 2, 8);
        engine.submit(job);
        expect(engine, job, 100);
        engine.schedule(0);

        assertThat(ends(engine).values()).containsOnly(NodeState.NO_END);
    }

    @Test
    void aShortRunGoesBesideARunThatOutlastsItNotBesideOneAboutToEnd() {
        EngineFixtures f = new EngineFixtures().queue("q", null, 64);
        Engine engine = engine(f, true);
        List<Workload> runs = threeRuns(f, engine);
        Workload early = runs.get(0);
        Workload late = runs.get(1);
        Workload filler = runs.get(2);
        // three empty nodes alike: early and late take the first by name each time, filler the last
        assertThat(List.of(placedOn(engine, early), placedOn(engine, late), placedOn(engine, filler)))
                .containsExactly("a", "b", "c");

        // a (6 of 8 cpu, drains at 30 s) and b (6 of 8, drains at 1,000 s) are alike to bin-packing,
        // which would take a, the first by name; on a the run would keep the node busy until 60 s
        Workload shortRun = f.workload("q", "short", 0, 1, 2);
        engine.submit(shortRun);
        expect(engine, shortRun, 50);
        engine.schedule(10 * S);
        assertThat(placedOn(engine, shortRun)).isEqualTo("b");
        assertThat(ends(engine)).containsEntry("a", 30 * S).containsEntry("b", 1_000 * S);
    }

    @Test
    void aGangPlacedOnceItsChecksPassEndsItsRunTimeAfterItsAdmission() {
        ClusterQueuePolicies checks = new ClusterQueuePolicies(ClusterQueuePolicies.Preemption.DEFAULT,
                ClusterQueuePolicies.FlavorFungibility.DEFAULT,
                List.of(new ClusterQueuePolicies.AdmissionCheckRule("gate", List.of())), ClusterQueuePolicies.StopPolicy.NONE);
        EngineFixtures f = new EngineFixtures().queue("q", null, 64, checks);
        Engine engine = engine(f, true);
        Workload job = f.workload("q", "job", 0, 1, 4);
        engine.submit(job);
        expect(engine, job, 100);
        assertThat(engine.schedule(5 * S)).singleElement().isInstanceOf(Decision.ReserveQuota.class);
        assertThat(ends(engine).values()).as("no pod is placed before the checks pass").containsOnly(NodeState.NO_END);

        engine.updateCheck(job.key(), "gate", CheckState.READY, "", 0);
        assertThat(engine.schedule(20 * S)).singleElement().isInstanceOf(Decision.Admit.class);
        // its quota was reserved at 5 s: reservations count its end from there, and so do its pods
        assertThat(ends(engine)).containsEntry("a", 105 * S);
    }

    @Test
    void aNewEngineTakingPlacementsOverGivesThemTheirEndsAndPlacesMissingPodsWithIt() {
        EngineFixtures f = new EngineFixtures().queue("q", null, 64);
        Engine engine = engine(f, true);
        Workload job = f.workload("q", "job", 0, 2, 8);
        engine.expectRuntime(job.key(), new RuntimeHints(OptionalLong.of(100 * S), OptionalLong.empty()));
        engine.restore(job, "q", List.of(new PodSetAssignment("main", 2, Map.of("cpu", "default"))), true, 7 * S);
        // one pod had its place on b; the other had none yet (the old leader stopped before binding it)
        assertThat(engine.restorePlacement(job.key(), List.of(new PodPlacement("main", 0, "b", List.of(), 0, ""))))
                .isEmpty();

        assertThat(ends(engine)).containsEntry("a", 107 * S).containsEntry("b", 107 * S)
                .containsEntry("c", NodeState.NO_END);
    }

    @Test
    void aNewLeaderPlacesTheNextGangWhereTheOldOneWould() {
        EngineFixtures f = new EngineFixtures().queue("q", null, 64);
        Engine old = engine(f, true);
        List<Workload> runs = threeRuns(f, old);
        Workload early = runs.get(0);

        // the new leader takes the three admissions over, with their places and run times
        Engine taken = engine(f, true);
        for (Workload w : runs) {
            expect(taken, w, w == early ? 30 : 1_000);
            taken.restore(w, "q", List.of(new PodSetAssignment("main", 1, Map.of("cpu", "default"))), true, 0);
            assertThat(taken.restorePlacement(w.key(), old.pods(w.key()))).isEmpty();
        }
        assertThat(ends(taken)).isEqualTo(ends(old));

        Workload shortRun = f.workload("q", "short", 0, 1, 2);
        for (Engine e : List.of(old, taken)) {
            e.submit(shortRun);
            expect(e, shortRun, 50);
            e.schedule(10 * S);
        }
        assertThat(placedOn(taken, shortRun)).isEqualTo(placedOn(old, shortRun)).isEqualTo("b");
    }

    /**
     * Admits, at 0 s, "early" (6 cpu, 30 s), "late" (6 cpu, 1,000 s) and "filler" (8 cpu, 1,000 s)
     * on the three empty nodes a, b and c, in that order.
     */
    private static List<Workload> threeRuns(EngineFixtures f, Engine engine) {
        Workload early = f.workload("q", "early", 0, 1, 6);
        Workload late = f.workload("q", "late", 0, 1, 6);
        Workload filler = f.workload("q", "filler", 0, 1, 8);
        for (Workload w : List.of(early, late, filler)) {
            engine.submit(w);
            expect(engine, w, w == early ? 30 : 1_000);
        }
        engine.schedule(0);
        return List.of(early, late, filler);
    }

    @Test
    void aRunTimeChangedWhileTheGangRunsMovesItsPodsEnds() {
        EngineFixtures f = new EngineFixtures().queue("q", null, 64);
        Engine engine = engine(f, true);
        Workload job = f.workload("q", "job", 0, 1, 4);
        engine.submit(job);
        expect(engine, job, 100);
        engine.schedule(10 * S);
        expect(engine, job, 300);

        assertThat(ends(engine)).containsEntry("a", 310 * S);
        assertThat(engine.pods(job.key())).singleElement().satisfies(p -> assertThat(p.node()).isEqualTo("a"));
    }

    @Test
    void moreReplicasOfAGrowingKaiGangEndWithIt() {
        String gpu = NodeSpec.GPU;
        List<NodeSpec> gpuNodes = List.of(gpuNode("g1"), gpuNode("g2"));
        List<KaiQueueSpec> queues = List.of(kaiQueue("a"), kaiQueue("b"));
        Engine engine = new Engine(EngineSetup.kai(queues, Map.of(gpu, 4_000L),
                new AdmissionSettings(false).withBackfill(BACKFILL)).withNodes(gpuNodes, List.of()));
        Workload first = new Workload(new ObjectKey("default", "first"), "a", 50, 0, 0,
                List.of(PodSet.of("main", 2, new ResourceList(Map.of(gpu, Quantity.ofUnits(1))))));
        Workload elastic = new Workload(new ObjectKey("default", "elastic"), "b", 50, 1, 1,
                List.of(new PodSet("worker", 4, 2, new ResourceList(Map.of(gpu, Quantity.ofUnits(1))))));
        engine.submit(first, QueueRef.kaiQueue("a"));
        engine.expectRuntime(first.key(), new RuntimeHints(OptionalLong.of(1_000 * S), OptionalLong.empty()));
        settle(engine, 0);
        engine.submit(elastic, QueueRef.kaiQueue("b"));
        engine.expectRuntime(elastic.key(), new RuntimeHints(OptionalLong.of(100 * S), OptionalLong.empty()));
        settle(engine, 2 * S);
        assertThat(engine.admission(elastic.key()).orElseThrow().assignment().podSets().get(0).count()).isEqualTo(2);

        engine.remove(first.key());
        settle(engine, 50 * S);
        assertThat(engine.admission(elastic.key()).orElseThrow().assignment().podSets().get(0).count()).isEqualTo(4);
        assertThat(ends(engine).values()).as("the replicas added at 50 s end with the gang, at 2 s + 100 s")
                .containsOnly(102 * S);
    }

    private static void settle(Engine engine, long now) {
        for (int i = 0; i < 10 && !engine.schedule(now).isEmpty(); i++) {
            // until nothing more happens at this instant
        }
    }

    private static NodeSpec gpuNode(String name) {
        return new NodeSpec(name, Map.of(), List.of(), false,
                new ResourceList(Map.of(NodeSpec.GPU, Quantity.ofUnits(2), "cpu", Quantity.ofUnits(8))), 0, "");
    }

    private static KaiQueueSpec kaiQueue(String name) {
        return new KaiQueueSpec(name, Optional.empty(), KaiQueueSpec.DEFAULT_PRIORITY, List.of(new KaiQueueSpec.Share(
                NodeSpec.GPU, Optional.of(Quantity.ofUnits(2)), Optional.empty(), 1000)));
    }

    private static String placedOn(Engine engine, Workload wl) {
        List<PodPlacement> pods = engine.pods(wl.key());
        assertThat(pods).as("pods of %s", wl.key()).singleElement();
        return pods.get(0).node();
    }
}
