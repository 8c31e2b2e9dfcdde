package dev.muster.core.engine;

import dev.muster.core.SoakSeeds;
import dev.muster.core.preemption.PreemptionTarget;
import java.util.stream.LongStream;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.admission.Decision;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.BorrowPolicy;
import dev.muster.core.model.ClusterQueuePolicies.BorrowWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.FlavorFungibility;
import dev.muster.core.model.ClusterQueuePolicies.FungibilityPolicy;
import dev.muster.core.model.ClusterQueuePolicies.Preemption;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.StopPolicy;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random clusters and workload streams, checked after every cycle: no queue or cohort ever
 * holds more than its quotas and limits allow, a gang is admitted whole (or within its minimum
 * counts), usage kept incrementally equals usage recomputed from scratch, and the same input gives
 * the same decisions.
 */
class EngineInvariantsTest {

    private static final String[] FLAVORS = {"on-demand", "spot"};
    private static final String[] RESOURCES = {"cpu", "nvidia.com/gpu"};

    /** A random cluster and a random script of submissions and completions, both from one seed. */
    private record World(List<ClusterQueueSpec> queues, List<CohortSpec> cohorts, List<LocalQueueSpec> localQueues,
            List<List<Workload>> arrivals, long seed, boolean fairSharing) {

        static World random(long seed) {
            Random r = new Random(seed);
            List<CohortSpec> cohorts = new ArrayList<>();
            int cohortCount = 1 + r.nextInt(3);
            for (int i = 0; i < cohortCount; i++) {
                Optional<String> parent = i > 0 && r.nextBoolean() ? Optional.of("co" + r.nextInt(i)) : Optional.empty();
                List<ResourceGroup> own = r.nextInt(4) == 0 ? groups(r, false) : List.of();
                cohorts.add(new CohortSpec("co" + i, parent, own, ClusterQueueSpec.DEFAULT_WEIGHT));
            }
            List<ClusterQueueSpec> queues = new ArrayList<>();
            List<LocalQueueSpec> lqs = new ArrayList<>();
            int queueCount = 2 + r.nextInt(5);
            for (int i = 0; i < queueCount; i++) {
                Optional<String> cohort = r.nextInt(5) == 0 ? Optional.empty() : Optional.of("co" + r.nextInt(cohortCount));
                queues.add(new ClusterQueueSpec("cq" + i, cohort, groups(r, cohort.isPresent()),
                        r.nextBoolean() ? QueueingStrategy.BEST_EFFORT_FIFO : QueueingStrategy.STRICT_FIFO,
                        LabelSelector.EVERYTHING, Quantity.ofUnits(r.nextInt(3)), policies(r)));
                lqs.add(new LocalQueueSpec(new ObjectKey("ns" + i, "main"), "cq" + i));
            }
            List<List<Workload>> arrivals = new ArrayList<>();
            long seq = 0;
            for (int step = 0; step < 40; step++) {
                List<Workload> batch = new ArrayList<>();
                int n = r.nextInt(6);
                for (int k = 0; k < n; k++) {
                    int q = r.nextInt(queueCount);
                    List<PodSet> podSets = new ArrayList<>();
                    int sets = 1 + r.nextInt(3);
                    for (int s = 0; s < sets; s++) {
                        int count = 1 + r.nextInt(6);
                        int min = r.nextInt(4) == 0 ? 1 + r.nextInt(count) : count;
                        ResourceList perPod = new ResourceList(Map.of(
                                "cpu", Quantity.ofMilli(500L * (1 + r.nextInt(8))),
                                "nvidia.com/gpu", Quantity.ofUnits(r.nextInt(3))));
                        podSets.add(new PodSet("ps" + s, count, min, perPod));
                    }
                    batch.add(new Workload(new ObjectKey("ns" + q, "w" + seq), "main", r.nextInt(3) * 100, step, seq++, podSets));
                }
                arrivals.add(batch);
            }
            return new World(queues, cohorts, lqs, arrivals, seed, r.nextBoolean());
        }

        /** Random preemption and fungibility, never reclaimWithinCohort Any (which may evict higher priorities). */
        private static ClusterQueuePolicies policies(Random r) {
            WithinClusterQueue within = WithinClusterQueue.values()[r.nextInt(WithinClusterQueue.values().length)];
            ReclaimWithinCohort reclaim = r.nextBoolean() ? ReclaimWithinCohort.NEVER : ReclaimWithinCohort.LOWER_PRIORITY;
            BorrowWithinCohort borrow = reclaim != ReclaimWithinCohort.NEVER && r.nextBoolean()
                    ? new BorrowWithinCohort(BorrowPolicy.LOWER_PRIORITY, r.nextBoolean() ? Optional.of(100) : Optional.empty())
                    : BorrowWithinCohort.DEFAULT;
            FungibilityPolicy[] f = FungibilityPolicy.values();
            return new ClusterQueuePolicies(new Preemption(within, reclaim, borrow),
                    new FlavorFungibility(f[r.nextInt(f.length)], f[r.nextInt(f.length)], Optional.empty()),
                    List.of(), StopPolicy.NONE);
        }

        private static List<ResourceGroup> groups(Random r, boolean inCohort) {
            List<FlavorQuotas> flavors = new ArrayList<>();
            int flavorCount = 1 + r.nextInt(FLAVORS.length);
            for (int f = 0; f < flavorCount; f++) {
                List<ResourceQuota> quotas = new ArrayList<>();
                for (String res : RESOURCES) {
                    Optional<Quantity> borrowing = inCohort && r.nextInt(3) == 0 ? Optional.of(Quantity.ofUnits(r.nextInt(8))) : Optional.empty();
                    Optional<Quantity> lending = inCohort && r.nextInt(3) == 0 ? Optional.of(Quantity.ofUnits(r.nextInt(8))) : Optional.empty();
                    quotas.add(new ResourceQuota(res, Quantity.ofUnits(r.nextInt(16)), borrowing, lending));
                }
                flavors.add(new FlavorQuotas(FLAVORS[f], quotas));
            }
            return List.of(new ResourceGroup(List.of(RESOURCES), flavors));
        }
    }

    /** Plays the world's script; completions are picked with a second generator from the same seed. */
    private static List<String> play(World world) {
        Engine engine = new Engine(EngineSetup.kueue(world.queues, world.cohorts, world.localQueues,
                List.of(), new AdmissionSettings(world.fairSharing)));
        return play(world, engine, e -> { });
    }

    private static List<String> play(World world, Engine engine, java.util.function.Consumer<Engine> check) {
        Random r = new Random(world.seed * 31 + 7);
        List<String> log = new ArrayList<>();
        List<ObjectKey> running = new ArrayList<>();
        for (int step = 0; step < world.arrivals.size(); step++) {
            world.arrivals.get(step).forEach(engine::submit);
            for (int i = running.size() - 1; i >= 0; i--) {
                if (r.nextInt(4) == 0) {
                    engine.remove(running.remove(i));
                }
            }
            for (int round = 0; round < 50; round++) {
                List<ObjectKey> evicted = new ArrayList<>();
                Map<ObjectKey, Workload> byKey = new java.util.HashMap<>();
                engine.admittedWorkloads().forEach(a -> byKey.put(a.workload().key(), a.workload()));
                for (Decision d : engine.schedule(step)) {
                    log.add(d.toString());
                    if (d instanceof Decision.Admit a) {
                        running.add(a.workload());
                    } else if (d instanceof Decision.Evict e) {
                        evicted.add(e.workload());
                        // An overstayer is preempted by the promise it broke, not by priority.
                        if (!PreemptionTarget.BACKFILL_OVERSTAYED.equals(e.detail())) {
                            Workload preemptor = pendingWorkload(world, e.preemptor().orElseThrow());
                            assertThat(byKey.get(e.workload()).priority())
                                    .as("%s (%s) never preempts a higher priority", preemptor.key(), e.detail())
                                    .isLessThanOrEqualTo(preemptor.priority());
                        }
                    }
                }
                check.accept(engine);
                if (evicted.isEmpty()) {
                    break;
                }
                assertThat(evicted).as("a cycle evicts a workload once (seed %d, step %d)", world.seed, step)
                        .doesNotHaveDuplicates();
                for (ObjectKey k : evicted) {
                    running.remove(k);
                    engine.evicted(k, step);
                }
            }
        }
        return log;
    }

    private static Workload pendingWorkload(World world, ObjectKey key) {
        return world.arrivals.stream().flatMap(List::stream).filter(w -> w.key().equals(key)).findFirst().orElseThrow();
    }

    /** Seeds 1..40, or 1..N with {@code -Dsoak.seeds=N}. */
    static LongStream seeds() {
        return SoakSeeds.of(1, 40);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void quotasHoldGangsStayWholeAndUsageAddsUp(long seed) {
        World world = World.random(seed);
        Engine engine = new Engine(EngineSetup.kueue(world.queues, world.cohorts, world.localQueues,
                List.of(), new AdmissionSettings(world.fairSharing)));
        play(world, engine, EngineInvariantsTest::checkInvariants);
    }

    /**
     * The same worlds with Muster's reservation and backfill on (random depth, overstayers preempted
     * or not) and most workloads declaring a run time of 1 to 20 steps (some shorter, some longer
     * than they run): reservations and the promises of backfill must never let a queue or cohort
     * hold more than it may, nor split a gang; and the same input gives the same decisions.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("backfillSeeds")
    void withBackfillOnQuotasStillHoldAndGangsStayWhole(long seed) {
        World world = World.random(seed);
        play(world, backfillEngine(world), EngineInvariantsTest::checkInvariants);
        assertThat(play(world, backfillEngine(world), e -> { })).isEqualTo(play(world, backfillEngine(world), e -> { }));
    }

    /**
     * Seeds 1..40, and 68 and 1,105, whose worlds once evicted an overstayer twice in one cycle: for
     * two reservations due at once (a second pass over the cohort picked it again), and in the
     * fair-sharing tournament after another workload's preemption had taken it. Or 1..N with
     * {@code -Dsoak.seeds=N}.
     */
    static LongStream backfillSeeds() {
        return SoakSeeds.of(1, 40, 68, 1_105);
    }

    @org.junit.jupiter.api.Test
    void theBackfillWorldsReserveBackfillAndPreemptOverstayers() {
        List<String> all = new ArrayList<>();
        for (long seed : backfillSeeds().toArray()) {
            World world = World.random(seed);
            all.addAll(play(world, backfillEngine(world), e -> { }));
        }
        assertThat(all).anyMatch(d -> d.startsWith("Wait") && d.contains("reserved from t="));
        assertThat(all).anyMatch(d -> d.startsWith("Admit") && d.contains("promise=Optional["));
        assertThat(all).anyMatch(d -> d.startsWith("Evict") && d.contains(PreemptionTarget.BACKFILL_OVERSTAYED));
    }

    private static Engine backfillEngine(World world) {
        Random r = new Random(world.seed * 17 + 3);
        AdmissionSettings settings = new AdmissionSettings(world.fairSharing, List.of(), PodsReadyPolicy.DISABLED,
                AdmissionSettings.DEFAULT_STALE_GANG_GRACE_MILLIS, dev.muster.core.placement.PlacementPolicy.DEFAULT, false,
                false, new dev.muster.core.admission.BackfillPolicy(true, 1 + r.nextInt(3), r.nextBoolean()));
        Engine engine = new Engine(EngineSetup.kueue(world.queues, world.cohorts, world.localQueues, List.of(), settings));
        for (List<Workload> batch : world.arrivals) {
            for (Workload w : batch) {
                if (r.nextInt(4) != 0) {
                    engine.expectRuntime(w.key(), new dev.muster.core.runtime.RuntimeHints(
                            java.util.OptionalLong.of(1 + r.nextInt(20)), java.util.OptionalLong.empty()));
                }
            }
        }
        return engine;
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {101, 102, 103, 104, 105, 106, 107, 108, 109, 110})
    void theSameInputGivesTheSameDecisions(long seed) {
        World world = World.random(seed);
        assertThat(play(World.random(seed))).isEqualTo(play(world));
    }

    @org.junit.jupiter.api.Test
    void theRandomScriptsExerciseAdmissionWaitingAndPreemption() {
        List<String> all = new ArrayList<>();
        for (long seed = 1; seed <= 40; seed++) {
            all.addAll(play(World.random(seed)));
        }
        assertThat(all).anyMatch(d -> d.startsWith("Admit"));
        assertThat(all).anyMatch(d -> d.startsWith("Wait"));
        assertThat(all).anyMatch(d -> d.startsWith("Evict") && d.contains("InClusterQueue"));
        assertThat(all).anyMatch(d -> d.startsWith("Evict") && d.contains("InCohortReclamation"));
    }

    static void checkInvariants(Engine engine) {
        QuotaTree tree = engine.quotaTree();
        int frs = tree.index().size();
        List<AdmittedWorkload> admitted = new ArrayList<>();
        for (QueueView cq : engine.clusterQueues()) {
            for (QuotaNode n = tree.clusterQueue(cq.name()).orElseThrow(); n != null; n = n.parent()) {
                for (int fr = 0; fr < frs; fr++) {
                    assertThat(n.available(fr)).as("%s never over-committed on %s", n, tree.index().get(fr))
                            .isGreaterThanOrEqualTo(0);
                    if (n.hasParent() && n.hasBorrowingLimit(fr)) {
                        assertThat(n.usage(fr)).as("%s within its borrowing limit", n)
                                .isLessThanOrEqualTo(n.subtreeQuota(fr) + n.borrowingLimit(fr));
                    }
                    if (!n.hasParent()) {
                        assertThat(n.usage(fr)).as("%s within the tree's quota", n).isLessThanOrEqualTo(n.subtreeQuota(fr));
                    }
                }
            }
        }
        // Recompute every ClusterQueue's usage from its admitted workloads.
        for (QueueView cq : engine.clusterQueues()) {
            int admittedHere = 0;
            long[] sum = new long[frs];
            for (AdmittedWorkload a : admittedIn(engine, cq.name())) {
                admittedHere++;
                admitted.add(a);
                long[] u = a.assignment().usage();
                for (int fr = 0; fr < frs; fr++) {
                    sum[fr] += u[fr];
                }
            }
            assertThat(cq.admittedCount()).isEqualTo(admittedHere);
            for (int fr = 0; fr < frs; fr++) {
                assertThat(tree.clusterQueue(cq.name()).orElseThrow().usage(fr)).as("incremental usage of %s", cq.name()).isEqualTo(sum[fr]);
            }
        }
        for (AdmittedWorkload a : admitted) {
            List<PodSet> requested = a.workload().podSets();
            List<PodSetAssignment> got = a.assignment().podSets();
            assertThat(got).hasSameSizeAs(requested);
            long[] charged = new long[frs];
            for (int i = 0; i < requested.size(); i++) {
                PodSet ps = requested.get(i);
                PodSetAssignment psa = got.get(i);
                assertThat(psa.count()).as("gang %s pod set %s", a.workload().key(), ps.name())
                        .isBetween(ps.minCount(), ps.count());
                ps.perPod().amounts().forEach((res, q) -> {
                    String flavor = psa.flavors().get(res);
                    assertThat(flavor).as("every requested resource of %s has a flavor", ps.name()).isNotNull();
                    charged[tree.index().indexOf(flavor, res)] += q.milli() * psa.count();
                });
            }
            assertThat(a.assignment().usage()).as("%s is charged exactly its pods' requests", a.workload().key())
                    .isEqualTo(charged);
        }
    }

    private static List<AdmittedWorkload> admittedIn(Engine engine, String clusterQueue) {
        return engine.admittedWorkloads().stream().filter(a -> a.clusterQueue().equals(clusterQueue)).toList();
    }
}
