package dev.muster.core.kai;

import dev.muster.core.SoakSeeds;
import dev.muster.core.admission.BackfillPolicy;
import dev.muster.core.engine.PodsReadyPolicy;
import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.runtime.RuntimeHints;
import java.util.OptionalLong;
import java.util.stream.LongStream;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.KaiQueueSpec.Share;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random KAI queue trees and workload streams, checked after every cycle: no queue uses
 * more than its limit, the cluster is never over-committed, fair shares of siblings add up to at
 * most what their parent has, a non-preemptible workload is never evicted, and the same input
 * gives the same decisions.
 */
class KaiInvariantsTest {

    private static final String GPU = "nvidia.com/gpu";
    private static final String CPU = "cpu";

    private record World(List<KaiQueueSpec> queues, List<String> leaves, long gpus, long cpus, long seed) {

        static World random(long seed) {
            Random r = new Random(seed);
            List<KaiQueueSpec> queues = new ArrayList<>();
            List<String> parents = new ArrayList<>();
            int depts = 1 + r.nextInt(3);
            for (int d = 0; d < depts; d++) {
                queues.add(new KaiQueueSpec("dept" + d, Optional.empty(), 100 + 50 * r.nextInt(2), shares(r)));
                parents.add("dept" + d);
            }
            List<String> leaves = new ArrayList<>();
            int teams = 2 + r.nextInt(5);
            for (int t = 0; t < teams; t++) {
                String parent = parents.get(r.nextInt(parents.size()));
                queues.add(new KaiQueueSpec("team" + t, Optional.of(parent), 100 + 50 * r.nextInt(2), shares(r)));
                leaves.add("team" + t);
            }
            // a parent without children would take workloads: give every department a child
            for (String p : parents) {
                if (queues.stream().noneMatch(q -> q.parent().equals(Optional.of(p)))) {
                    queues.add(new KaiQueueSpec(p + "-team", Optional.of(p), 100, shares(r)));
                    leaves.add(p + "-team");
                }
            }
            return new World(queues, leaves, 4 + r.nextInt(12), 8 + r.nextInt(24), seed);
        }

        private static List<Share> shares(Random r) {
            return List.of(share(r, GPU, 6), share(r, CPU, 12));
        }

        private static Share share(Random r, String resource, int max) {
            Optional<Quantity> quota = r.nextInt(5) == 0 ? Optional.empty() : Optional.of(Quantity.ofUnits(r.nextInt(max / 2)));
            Optional<Quantity> limit = r.nextInt(3) == 0 ? Optional.of(Quantity.ofUnits(max / 2 + r.nextInt(max))) : Optional.empty();
            if (quota.isPresent() && limit.isPresent() && quota.get().compareTo(limit.get()) > 0) {
                limit = quota;
            }
            return new Share(resource, quota, limit, 1000L * r.nextInt(4));
        }
    }

    private static List<String> play(World w) {
        return play(w, BackfillPolicy.OFF);
    }

    /** With backfill on, three in four workloads declare a run time of 1 to 20 steps (the script ends them at random). */
    private static List<String> play(World w, BackfillPolicy backfill) {
        AdmissionSettings settings = new AdmissionSettings(false, List.of(), PodsReadyPolicy.DISABLED,
                AdmissionSettings.DEFAULT_STALE_GANG_GRACE_MILLIS, PlacementPolicy.DEFAULT, false, false, backfill);
        Engine engine = new Engine(EngineSetup.kueue(List.of(), List.of(), List.of(), List.of(), settings)
                .withKai(w.queues(), Map.of(GPU, w.gpus() * 1000, CPU, w.cpus() * 1000)));
        Random r = new Random(w.seed() * 17 + 3);
        Random runtimes = new Random(w.seed() * 13 + 5);
        List<String> log = new ArrayList<>();
        Map<ObjectKey, Workload> all = new HashMap<>();
        List<ObjectKey> running = new ArrayList<>();
        long seq = 0;
        for (int step = 0; step < 30; step++) {
            for (int i = r.nextInt(5); i > 0; i--) {
                String queue = w.leaves().get(r.nextInt(w.leaves().size()));
                int count = 1 + r.nextInt(4);
                int min = r.nextBoolean() ? count : 1 + r.nextInt(count);
                int priority = new int[] {50, 75, 100, 125}[r.nextInt(4)];
                ResourceList perPod = new ResourceList(Map.of(GPU, Quantity.ofMilli(500L * r.nextInt(3)),
                        CPU, Quantity.ofMilli(500L * (1 + r.nextInt(4)))));
                Workload wl = new Workload(new ObjectKey("ns", "w" + seq), queue, priority, step, seq++,
                        List.of(new PodSet("main", count, min, perPod)));
                all.put(wl.key(), wl);
                if (backfill.enabled() && runtimes.nextInt(4) != 0) {
                    engine.expectRuntime(wl.key(), new RuntimeHints(OptionalLong.of(1 + runtimes.nextInt(20)), OptionalLong.empty()));
                }
                engine.submit(wl, QueueRef.kaiQueue(wl.queueName()));
            }
            for (int i = running.size() - 1; i >= 0; i--) {
                if (r.nextInt(5) == 0) {
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
                        assertThat(all.get(e.workload()).priority()).as("only preemptible workloads are evicted: %s", e)
                                .isLessThan(KaiCycle.NON_PREEMPTIBLE);
                        evicted.add(e.workload());
                    }
                }
                assertThat(evicted).as("a cycle evicts a workload once (seed %d, step %d)", w.seed(), step)
                        .doesNotHaveDuplicates();
                check(engine, w);
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

    private static void check(Engine engine, World w) {
        for (KaiQueueSpec q : w.queues()) {
            Map<String, Map<String, Quantity>> usage = engine.usageOfNode(q.name());
            for (Share s : q.resources()) {
                long u = usage.getOrDefault(KaiQuotaTree.FLAVOR, Map.of()).getOrDefault(s.resource(), Quantity.ZERO).milli();
                s.limit().ifPresent(limit -> assertThat(u).as("%s within its %s limit", q.name(), s.resource())
                        .isLessThanOrEqualTo(limit.milli()));
            }
        }
        Map<String, Map<String, Quantity>> cluster = engine.usageOfNode(KaiQuotaTree.CLUSTER);
        assertThat(cluster.getOrDefault(KaiQuotaTree.FLAVOR, Map.of()).getOrDefault(GPU, Quantity.ZERO).milli())
                .as("cluster GPUs never over-committed").isLessThanOrEqualTo(w.gpus() * 1000);
        assertThat(cluster.getOrDefault(KaiQuotaTree.FLAVOR, Map.of()).getOrDefault(CPU, Quantity.ZERO).milli())
                .as("cluster cpu never over-committed").isLessThanOrEqualTo(w.cpus() * 1000);
        // Fair shares add up to at most what is there, unless the quotas themselves promise more:
        // KAI gives each queue min(quota, demand) without scaling, and only a true surplus beyond it.
        List<KaiQueueSpec> top = w.queues().stream().filter(q -> q.parent().isEmpty()).toList();
        long topGpu = top.stream().mapToLong(q -> engine.fairShare(q.name()).getOrDefault(GPU, 0L)).sum();
        assertThat(topGpu).as("fair shares within the cluster or the quotas")
                .isLessThanOrEqualTo(Math.max(w.gpus() * 1000, quotas(top, w.gpus() * 1000)));
        for (KaiQueueSpec parent : w.queues()) {
            List<KaiQueueSpec> kids = w.queues().stream().filter(q -> q.parent().equals(Optional.of(parent.name()))).toList();
            long share = Math.max(engine.fairShare(parent.name()).getOrDefault(GPU, 0L), 0);
            long children = kids.stream().mapToLong(q -> engine.fairShare(q.name()).getOrDefault(GPU, 0L)).sum();
            assertThat(children).as("children of %s within its share or their quotas", parent.name())
                    .isLessThanOrEqualTo(Math.max(share, quotas(kids, share)));
        }
    }

    /** The GPU quotas of {@code queues}, an unlimited one counting as {@code whole}. */
    private static long quotas(List<KaiQueueSpec> queues, long whole) {
        return queues.stream().mapToLong(q -> q.share(GPU).map(s -> s.quota().map(Quantity::milli).orElse(whole)).orElse(0L)).sum();
    }

    /** Seeds 1..20, or 1..N with {@code -Dsoak.seeds=N}. */
    static LongStream seeds() {
        return SoakSeeds.of(1, 20);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void limitsHoldTheClusterIsNeverOverCommittedAndSharesAddUp(long seed) {
        play(World.random(seed));
    }

    /** The same worlds with Muster's reservation and backfill on, per leaf queue (random depth, overstayers preempted or not). */
    /** Seeds 1..20 and 665, whose world once preempted a non-preemptible overstayer; or 1..N with {@code -Dsoak.seeds=N}. */
    static LongStream backfillSeeds() {
        return SoakSeeds.of(1, 20, 665);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("backfillSeeds")
    void withBackfillOnLimitsStillHold(long seed) {
        Random r = new Random(seed * 11 + 2);
        BackfillPolicy backfill = new BackfillPolicy(true, 1 + r.nextInt(3), r.nextBoolean());
        World world = World.random(seed);
        assertThat(play(world, backfill)).isEqualTo(play(World.random(seed), backfill));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {31, 32, 33, 34, 35})
    void theSameInputGivesTheSameDecisions(long seed) {
        assertThat(play(World.random(seed))).isEqualTo(play(World.random(seed)));
    }
}
