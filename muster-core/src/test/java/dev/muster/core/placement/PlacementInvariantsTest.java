package dev.muster.core.placement;

import dev.muster.core.SoakSeeds;
import dev.muster.core.admission.BackfillPolicy;
import dev.muster.core.runtime.RuntimeHints;
import java.util.OptionalLong;
import java.util.stream.LongStream;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PlacementHints;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random nodes and gangs with whole and fractional GPUs, placed by the engine: no node and
 * no GPU device is ever over-committed, every admitted gang has all its pods placed, on nodes
 * that admit them, and the same input gives the same decisions.
 */
class PlacementInvariantsTest {

    private static final String GPU = NodeSpec.GPU;

    private record World(List<NodeSpec> nodes, List<List<Workload>> arrivals, long seed, PlacementPolicy policy) {

        static World random(long seed) {
            Random r = new Random(seed);
            List<NodeSpec> nodes = new ArrayList<>();
            for (int i = 0; i < 2 + r.nextInt(5); i++) {
                int gpus = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(4);
                nodes.add(new NodeSpec("node-" + i, Map.of(), List.of(), false, new ResourceList(Map.of(
                        "cpu", Quantity.ofUnits(4 + r.nextInt(12)), GPU, Quantity.ofUnits(gpus))), 0, ""));
            }
            List<List<Workload>> arrivals = new ArrayList<>();
            long seq = 0;
            for (int step = 0; step < 25; step++) {
                List<Workload> batch = new ArrayList<>();
                for (int k = r.nextInt(4); k > 0; k--) {
                    List<PodSet> sets = new ArrayList<>();
                    for (int s = 0; s < 1 + r.nextInt(2); s++) {
                        int kind = r.nextInt(3);
                        long fraction = kind == 2 ? 250L * (1 + r.nextInt(3)) : 0;
                        Map<String, Quantity> perPod = new java.util.TreeMap<>();
                        perPod.put("cpu", Quantity.ofMilli(500L * (1 + r.nextInt(4))));
                        if (kind == 1) {
                            perPod.put(GPU, Quantity.ofUnits(1 + r.nextInt(2)));
                        }
                        if (kind == 2) {
                            perPod.put(GPU, Quantity.ofMilli(fraction));
                        }
                        PlacementHints hints = fraction > 0 ? new PlacementHints(Map.of(), List.of(), List.of(), fraction, 0)
                                : PlacementHints.NONE;
                        sets.add(new PodSet("ps" + s, 1 + r.nextInt(3), 1 + r.nextInt(1), new ResourceList(perPod), hints)
                                .withHints(hints));
                    }
                    List<PodSet> fixed = sets.stream().map(p -> new PodSet(p.name(), p.count(), p.count(), p.perPod(), p.hints())).toList();
                    batch.add(new Workload(new ObjectKey("ns", "w" + seq), "main", r.nextInt(3) * 10, step, seq++, fixed));
                }
                arrivals.add(batch);
            }
            PlacementPolicy policy = new PlacementPolicy(
                    r.nextBoolean() ? PlacementPolicy.Strategy.BINPACK : PlacementPolicy.Strategy.SPREAD,
                    r.nextBoolean() ? PlacementPolicy.Strategy.BINPACK : PlacementPolicy.Strategy.SPREAD, r.nextBoolean());
            return new World(nodes, arrivals, seed, policy);
        }
    }

    private static List<String> play(World w) {
        return play(w, BackfillPolicy.OFF);
    }

    /**
     * With backfill on, three in four workloads declare a run time of 1 to 20 steps, so pods are
     * placed by when they are expected to end (temporal placement); the script ends them at random.
     */
    private static List<String> play(World w, BackfillPolicy backfill) {
        ClusterQueueSpec cq = new ClusterQueueSpec("cq", Optional.empty(), List.of(new ResourceGroup(List.of("cpu", GPU),
                List.of(new FlavorQuotas("default", List.of(ResourceQuota.nominal("cpu", Quantity.ofUnits(1000)),
                        ResourceQuota.nominal(GPU, Quantity.ofUnits(1000))))))),
                QueueingStrategy.BEST_EFFORT_FIFO, LabelSelector.EVERYTHING, ClusterQueueSpec.DEFAULT_WEIGHT,
                new ClusterQueuePolicies(new ClusterQueuePolicies.Preemption(ClusterQueuePolicies.WithinClusterQueue.LOWER_PRIORITY,
                        ClusterQueuePolicies.ReclaimWithinCohort.NEVER, ClusterQueuePolicies.BorrowWithinCohort.DEFAULT),
                        ClusterQueuePolicies.FlavorFungibility.DEFAULT, List.of(), ClusterQueuePolicies.StopPolicy.NONE));
        Engine engine = new Engine(EngineSetup.kueue(List.of(cq), List.of(), List.of(new LocalQueueSpec(new ObjectKey("ns", "main"), "cq")),
                List.of(), new AdmissionSettings(false, List.of(), dev.muster.core.engine.PodsReadyPolicy.DISABLED, 60_000, w.policy(),
                        false, false, backfill))
                .withNodes(w.nodes(), List.of()));
        Random r = new Random(w.seed() * 7 + 1);
        Random runtimes = new Random(w.seed() * 13 + 5);
        List<String> log = new ArrayList<>();
        List<ObjectKey> running = new ArrayList<>();
        for (int step = 0; step < w.arrivals().size(); step++) {
            for (Workload wl : w.arrivals().get(step)) {
                if (backfill.enabled() && runtimes.nextInt(4) != 0) {
                    engine.expectRuntime(wl.key(), new RuntimeHints(OptionalLong.of(1 + runtimes.nextInt(20)), OptionalLong.empty()));
                }
                engine.submit(wl);
            }
            for (int i = running.size() - 1; i >= 0; i--) {
                if (r.nextInt(4) == 0) {
                    engine.remove(running.remove(i));
                }
            }
            for (int round = 0; round < 20; round++) {
                List<ObjectKey> evicted = new ArrayList<>();
                for (Decision d : engine.schedule(step)) {
                    log.add(d.toString());
                    if (d instanceof Decision.Admit a) {
                        running.add(a.workload());
                    } else if (d instanceof Decision.Evict e) {
                        evicted.add(e.workload());
                    }
                }
                assertThat(evicted).as("a cycle evicts a workload once (seed %d, step %d)", w.seed(), step)
                        .doesNotHaveDuplicates();
                check(engine);
                if (evicted.isEmpty()) {
                    break;
                }
                evicted.forEach(k -> {
                    running.remove(k);
                    engine.evicted(k, 0);
                });
            }
        }
        return log;
    }

    private static void check(Engine engine) {
        for (NodeState n : engine.nodes()) {
            assertThat(n.free("cpu")).as("%s cpu never over-committed", n.name()).isGreaterThanOrEqualTo(0);
            for (int d = 0; d < n.devices(); d++) {
                assertThat(n.deviceFree(d)).as("%s device %d", n.name(), d).isBetween(0L, 1000L);
            }
        }
        Map<String, NodeState> byName = new java.util.HashMap<>();
        engine.nodes().forEach(n -> byName.put(n.name(), n));
        Map<String, Map<Integer, Long>> deviceUse = new java.util.HashMap<>();
        for (AdmittedWorkload a : engine.admittedWorkloads()) {
            List<PodPlacement> pods = engine.pods(a.workload().key());
            int expected = a.assignment().podSets().stream().mapToInt(p -> p.count()).sum();
            assertThat(pods).as("%s placed whole", a.workload().key()).hasSize(expected);
            for (PodPlacement p : pods) {
                assertThat(byName).containsKey(p.node());
                long share = p.gpuFraction() > 0 ? p.gpuFraction() : 1000;
                for (int d : p.gpuDevices()) {
                    deviceUse.computeIfAbsent(p.node(), k -> new java.util.HashMap<>()).merge(d, share, Long::sum);
                }
            }
        }
        deviceUse.forEach((node, devices) -> devices.forEach((d, used) -> {
            assertThat(used).as("%s device %d shared within one GPU", node, d).isLessThanOrEqualTo(1000);
            assertThat(byName.get(node).deviceFree(d)).as("%s device %d accounted", node, d).isEqualTo(1000 - used);
        }));
    }

    /** Seeds 1..20, or 1..N with {@code -Dsoak.seeds=N}. */
    static LongStream seeds() {
        return SoakSeeds.of(1, 20);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void nothingIsOverCommittedAndEveryAdmittedGangIsPlacedWhole(long seed) {
        play(World.random(seed));
    }

    /** The same worlds with backfill on: pods placed by their expected ends, reservations on the nodes. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void withBackfillOnNothingIsOverCommittedAndGangsArePlacedWhole(long seed) {
        Random r = new Random(seed * 11 + 2);
        BackfillPolicy backfill = new BackfillPolicy(true, 1 + r.nextInt(3), r.nextBoolean());
        assertThat(play(World.random(seed), backfill)).isEqualTo(play(World.random(seed), backfill));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {41, 42, 43, 44, 45})
    void theSameInputGivesTheSameDecisions(long seed) {
        assertThat(play(World.random(seed))).isEqualTo(play(World.random(seed)));
    }

    @org.junit.jupiter.api.Test
    void theRandomWorldsPlaceSharedAndWholeGpusAndLeaveSomeWaitingForNodes() {
        List<String> all = new ArrayList<>();
        for (long seed = 1; seed <= 20; seed++) {
            all.addAll(play(World.random(seed)));
        }
        assertThat(all).anyMatch(d -> d.startsWith("Admit") && d.contains("gpuFraction=500"));
        assertThat(all).anyMatch(d -> d.startsWith("Admit") && d.contains("gpuDevices=[0, 1]"));
        assertThat(all).anyMatch(d -> d.startsWith("Wait") && d.contains("waiting for room on the nodes"));
    }
}
