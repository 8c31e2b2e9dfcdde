package dev.muster.core.kai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.engine.AdmissionSettings;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.admission.Decision;
import dev.muster.core.queue.PodSetAssignment;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random checks of KAI's reclaim rules as its proportion plugin states them
 * (plugins/proportion/reclaimable/reclaimable.go and strategies/strategies.go). Each world fills a
 * random KAI queue tree (cpu quotas often unlimited, as in KAI's guide; elastic gangs among them),
 * then one more workload arrives in one cycle; whatever that cycle reclaims for it is checked
 * against the state just before it:
 * <ul>
 *   <li>nothing is taken while the workload fits as things are;</li>
 *   <li>CanReclaimResources: the reclaimer's leaf queue, with the workload, is within its fair
 *       share in every resource;</li>
 *   <li>the first thing taken from each victim queue passes one of the two strategies
 *       (MaintainFairShare: above its allocatable share in a resource; GuaranteeDeservedQuota: the
 *       reclaimer within quota everywhere, the victim above quota somewhere), compared where the
 *       two queues' paths split;</li>
 *   <li>reclaimingQueuesRemainWithinBoundaries, after the reclaim: at each level of the reclaimer's
 *       path, saturation above 1 only while below that of each sibling that gave something up;</li>
 *   <li>elastic gangs shrink by whole replicas and never below their minimum; only preemptible
 *       gangs of other queues give way; the workload then fits.</li>
 * </ul>
 */
class KaiReclaimRulesTest {

    private static final String GPU = "nvidia.com/gpu";
    private static final String CPU = "cpu";
    private static final List<String> RESOURCES = List.of(GPU, CPU);

    /** Worlds whose probe reclaimed something: the checks must not hold only because nothing happened. */
    private static final java.util.concurrent.atomic.AtomicInteger RECLAIMS = new java.util.concurrent.atomic.AtomicInteger();
    private static final java.util.concurrent.atomic.AtomicInteger SHRINKS = new java.util.concurrent.atomic.AtomicInteger();
    /** Steps where a gang running below its full size grew by taking replicas of others. */
    private static final java.util.concurrent.atomic.AtomicInteger GROWTHS = new java.util.concurrent.atomic.AtomicInteger();

    @org.junit.jupiter.api.AfterAll
    static void enoughWorldsReclaimed() {
        assertThat(RECLAIMS.get()).as("worlds where the probe reclaimed").isGreaterThanOrEqualTo(20);
        assertThat(SHRINKS.get()).as("worlds where an elastic gang gave replicas").isGreaterThanOrEqualTo(3);
        // Rare here (what settles at one instant is no victim at that instant): GrowthByEvictionTest builds such worlds.
        assertThat(GROWTHS.get()).as("gangs grown by taking replicas of others").isGreaterThanOrEqualTo(1);
    }

    static List<Long> seeds() {
        List<Long> seeds = new ArrayList<>();
        for (long s = 1; s <= 150; s++) {
            seeds.add(s);
        }
        return seeds;
    }

    private record World(List<KaiQueueSpec> queues, List<String> leaves, Map<String, Long> capacity) {

        static World random(Random r) {
            List<KaiQueueSpec> queues = new ArrayList<>();
            List<String> leaves = new ArrayList<>();
            int tops = 2 + r.nextInt(2);
            for (int t = 0; t < tops; t++) {
                String top = "q" + t;
                if (r.nextInt(3) == 0) {
                    queues.add(new KaiQueueSpec(top, Optional.empty(), 100, shares(r, 8)));
                    for (int c = 0; c < 2; c++) {
                        queues.add(new KaiQueueSpec(top + "-" + c, Optional.of(top), 100, shares(r, 4)));
                        leaves.add(top + "-" + c);
                    }
                } else {
                    queues.add(new KaiQueueSpec(top, Optional.empty(), 100 + 50 * r.nextInt(2) / 2, shares(r, 8)));
                    leaves.add(top);
                }
            }
            return new World(queues, leaves, Map.of(GPU, (8L + r.nextInt(9)) * 1000, CPU, (16L + r.nextInt(33)) * 1000));
        }

        private static List<Share> shares(Random r, int maxGpu) {
            Optional<Quantity> cpuQuota = r.nextInt(3) == 0 ? Optional.of(Quantity.ofUnits(r.nextInt(12))) : Optional.empty();
            return List.of(
                    new Share(GPU, Optional.of(Quantity.ofUnits(r.nextInt(maxGpu / 2 + 1))), Optional.empty(), 1000L * (1 + r.nextInt(2))),
                    new Share(CPU, cpuQuota, Optional.empty(), 1000L));
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void whatIsReclaimedFollowsKaisRules(long seed) {
        Random r = new Random(seed);
        World w = World.random(r);
        Engine engine = new Engine(EngineSetup.kai(w.queues(), w.capacity(), AdmissionSettings.DEFAULTS));
        Map<ObjectKey, Workload> all = new HashMap<>();
        long seq = 0;
        // The state: a few queues fill the cluster while the others are quiet, so some stand above their share.
        List<String> busy = new ArrayList<>(w.leaves().subList(0, 1 + r.nextInt(w.leaves().size())));
        for (int i = 0, n = 4 + r.nextInt(10); i < n; i++) {
            Workload wl = workload(r, "w" + seq, busy.get(r.nextInt(busy.size())), seq++, r.nextInt(3) == 0 ? 75 : 50);
            all.put(wl.key(), wl);
            engine.submit(wl, QueueRef.kaiQueue(wl.queueName()));
        }
        settle(engine, 0, w, all, seed);
        // Only the probe waits, so that whatever the next cycle takes, it takes for the probe.
        all.keySet().stream().filter(engine::isPending).sorted().forEach(engine::remove);
        Map<String, long[]> usageBefore = usage(engine, w);
        Map<ObjectKey, AdmittedWorkload> before = new LinkedHashMap<>();
        engine.admittedWorkloads().forEach(a -> before.put(a.workload().key(), a));

        String leaf = w.leaves().get(r.nextInt(w.leaves().size()));
        Workload probe = workload(r, "probe", leaf, seq, 50);
        long[] need = minimumNeed(probe);
        boolean fitsAsItIs = fits(w, usageBefore, leaf, need);
        engine.submit(probe, QueueRef.kaiQueue(probe.queueName()));
        List<Decision> decisions = engine.schedule(1_000);

        // What is taken for the probe's minimum comes before its admission; after it, gangs running
        // below their full size (the probe among them) may reclaim or preempt for their next replicas.
        int admittedAt = decisions.size();
        for (int d = 0; d < decisions.size(); d++) {
            if (decisions.get(d) instanceof Decision.Admit a && a.workload().equals(probe.key())) {
                admittedAt = d;
                break;
            }
        }
        List<ObjectKey> evicted = new ArrayList<>();
        Map<ObjectKey, List<PodSetAssignment>> resized = new LinkedHashMap<>();
        for (Decision d : decisions.subList(0, admittedAt)) {
            if (d instanceof Decision.Evict e) {
                evicted.add(e.workload());
            } else if (d instanceof Decision.Resize rz && before.containsKey(rz.workload())
                    && !before.get(rz.workload()).clusterQueue().equals(leaf)) {
                assertThat(rz.message()).as("seed %d: a gang shrinks before the probe's admission for the probe", seed)
                        .contains(madeRoomFor(probe.key()));
                resized.put(rz.workload(), rz.to().podSets());
            }
        }
        String where = "seed " + seed + ": " + probe.key() + " into " + leaf + ", decisions " + decisions;
        Map<String, Map<String, Long>> fair = new HashMap<>();
        w.queues().forEach(q -> fair.put(q.name(), engine.fairShare(q.name())));
        all.put(probe.key(), probe);
        checkGrowth(w, decisions, before, all, usageBefore, fair, where);
        if (evicted.isEmpty() && resized.isEmpty()) {
            return;
        }
        RECLAIMS.incrementAndGet();
        if (!resized.isEmpty()) {
            SHRINKS.incrementAndGet();
        }
        assertThat(fitsAsItIs).as("nothing is taken while the workload fits as things are; %s", where).isFalse();

        // CanReclaimResources
        for (int i = 0; i < RESOURCES.size(); i++) {
            assertThat(usageBefore.get(leaf)[i] + need[i]).as("%s within its fair share of %s with the workload; %s",
                    leaf, RESOURCES.get(i), where).isLessThanOrEqualTo(fair.get(leaf).getOrDefault(RESOURCES.get(i), 0L));
        }
        // Strategies, for the first step from each victim queue: the state before the reclaim.
        List<String> victimQueues = new ArrayList<>();
        for (ObjectKey k : evicted) {
            AdmittedWorkload a = before.get(k);
            assertThat(a).as("an evicted workload was admitted; %s", where).isNotNull();
            assertThat(a.workload().priority()).as("only preemptible gangs give way; %s", where).isLessThan(KaiCycle.NON_PREEMPTIBLE);
            assertThat(a.clusterQueue()).as("reclaim takes from other queues only; %s", where).isNotEqualTo(leaf);
            if (!victimQueues.contains(a.clusterQueue())) {
                victimQueues.add(a.clusterQueue());
            }
        }
        resized.forEach((k, podSets) -> {
            AdmittedWorkload a = before.get(k);
            for (int i = 0; i < podSets.size(); i++) {
                assertThat(podSets.get(i).count()).as("an elastic gang keeps its minimum; %s", where)
                        .isGreaterThanOrEqualTo(a.workload().podSets().get(i).minCount())
                        .isLessThanOrEqualTo(a.assignment().podSets().get(i).count());
            }
            if (!victimQueues.contains(a.clusterQueue())) {
                victimQueues.add(a.clusterQueue());
            }
        });
        for (String victimQueue : victimQueues) {
            assertThat(passesStrategy(w, usageBefore, fair, victimQueue, leaf, need))
                    .as("%s (as %s) passes MaintainFairShare or GuaranteeDeservedQuota before it gives way; %s", victimQueue,
                            leveled(w, victimQueue, leaf), where)
                    .isTrue();
        }
        // After the reclaim: the saturation boundaries, and the workload fits.
        Map<String, long[]> after = new HashMap<>(usageBefore);
        after.replaceAll((k, v) -> v.clone());
        for (ObjectKey k : evicted) {
            subtract(w, after, before.get(k).clusterQueue(), usageOf(before.get(k).workload(), counts(before.get(k).assignment().podSets())));
        }
        resized.forEach((k, podSets) -> {
            AdmittedWorkload a = before.get(k);
            long[] was = usageOf(a.workload(), counts(a.assignment().podSets()));
            long[] now = usageOf(a.workload(), counts(podSets));
            for (int i = 0; i < was.length; i++) {
                was[i] -= now[i];
            }
            subtract(w, after, a.clusterQueue(), was);
        });
        assertThat(fits(w, after, leaf, need)).as("the workload fits once its victims are gone; %s", where).isTrue();
        for (String level = leaf; level != null; level = spec(w, level).parent().orElse(null)) {
            for (String sibling : siblings(w, level)) {
                if (victimQueues.stream().noneMatch(v -> isSelfOrBelow(w, v, sibling))) {
                    continue;
                }
                for (int i = 0; i < RESOURCES.size(); i++) {
                    String res = RESOURCES.get(i);
                    long allocated = after.get(level)[i] + need[i];
                    long fairShare = fair.get(level).getOrDefault(res, 0L);
                    long siblingFair = fair.get(sibling).getOrDefault(res, 0L);
                    double ratio = fairShare == 0 ? (allocated > 0 ? Double.POSITIVE_INFINITY : 0) : (double) allocated / fairShare;
                    double siblingRatio = siblingFair == 0 ? (after.get(sibling)[i] > 0 ? Double.POSITIVE_INFINITY : 0)
                            : (double) after.get(sibling)[i] / siblingFair;
                    boolean involved = need[i] > 0 || usageBefore.get(sibling)[i] > after.get(sibling)[i];
                    if (involved && ratio > 1 && siblingFair > 0) {
                        assertThat(ratio).as("%s's saturation of %s stays below %s's; %s", level, res, sibling, where)
                                .isLessThan(siblingRatio);
                    }
                }
            }
        }
    }

    /** MaintainFairShare or GuaranteeDeservedQuota for a step from {@code victimQueue}, in the state {@code usage}. */
    private static boolean passesStrategy(World w, Map<String, long[]> usage, Map<String, Map<String, Long>> fair,
            String victimQueue, String leaf, long[] need) {
        String vSide = leveled(w, victimQueue, leaf);
        String rSide = leveled(w, leaf, victimQueue);
        boolean aboveAllocatable = false;
        boolean aboveQuota = false;
        boolean reclaimerWithinQuota = true;
        for (int i = 0; i < RESOURCES.size(); i++) {
            String res = RESOURCES.get(i);
            long remaining = usage.get(vSide)[i];
            aboveAllocatable |= remaining > KaiShares.allocatable(spec(w, vSide).share(res), fair.get(vSide).getOrDefault(res, 0L));
            aboveQuota |= remaining > KaiShares.quota(spec(w, vSide).share(res));
            reclaimerWithinQuota &= usage.get(rSide)[i] + need[i] <= KaiShares.quota(spec(w, rSide).share(res));
        }
        return aboveAllocatable || reclaimerWithinQuota && aboveQuota;
    }

    /** How a gang's shrink names the workload it makes room for. */
    private static String madeRoomFor(ObjectKey key) {
        return "make room for " + key + " (";
    }

    /**
     * The steps by which gangs running below their full size grew by taking replicas from others
     * (KAI's reclaim and preempt actions for a job's next task), replayed on the usage in decision
     * order: each adds one replica; its victims are gangs that shrink just before it, by replicas
     * beyond their minimum only, all of other queues (a reclaim: the grower's queue within its fair
     * share with the replica, each victim queue passing a strategy as it stands before the step) or
     * all of its own queue with a lower priority (a preemption).
     */
    private static void checkGrowth(World w, List<Decision> decisions, Map<ObjectKey, AdmittedWorkload> before,
            Map<ObjectKey, Workload> all, Map<String, long[]> usageBefore, Map<String, Map<String, Long>> fair, String where) {
        Map<String, long[]> usage = new HashMap<>();
        usageBefore.forEach((q, u) -> usage.put(q, u.clone()));
        Map<ObjectKey, Workload> workloads = new HashMap<>(all);
        Map<ObjectKey, String> queues = new HashMap<>();
        Map<ObjectKey, int[]> running = new HashMap<>();
        before.forEach((k, a) -> {
            workloads.put(k, a.workload());
            queues.put(k, a.clusterQueue());
            running.put(k, counts(a.assignment().podSets()));
        });
        List<Decision.Resize> shrinks = new ArrayList<>();
        Map<String, long[]> beforeStep = null;
        for (Decision d : decisions) {
            if (!(d instanceof Decision.Resize r) || !r.message().contains("make room for ")
                    && !r.message().startsWith("one more of its replicas runs")) {
                shrinks.clear(); // what shrank was for a pending workload (now admitted or waiting for its victims)
            }
            if (d instanceof Decision.Admit a) {
                queues.put(a.workload(), a.clusterQueue());
                running.put(a.workload(), counts(a.assignment().podSets()));
                subtract(w, usage, a.clusterQueue(), negate(usageOf(workloads.get(a.workload()), running.get(a.workload()))));
                continue;
            }
            if (!(d instanceof Decision.Resize rz)) {
                continue;
            }
            ObjectKey k = rz.workload();
            Workload wl = workloads.get(k);
            int[] from = running.get(k);
            int[] to = counts(rz.to().podSets());
            if (rz.message().contains("make room for ")) {
                if (shrinks.isEmpty()) {
                    beforeStep = new HashMap<>();
                    for (Map.Entry<String, long[]> e : usage.entrySet()) {
                        beforeStep.put(e.getKey(), e.getValue().clone());
                    }
                }
                shrinks.add(rz);
            } else if (rz.message().startsWith("one more of its replicas runs")) {
                GROWTHS.incrementAndGet();
                long[] replica = usageOf(wl, to);
                long[] was = usageOf(wl, from);
                for (int i = 0; i < replica.length; i++) {
                    replica[i] -= was[i];
                }
                assertThat(java.util.Arrays.stream(to).sum() - java.util.Arrays.stream(from).sum())
                        .as("%s grows by one replica; %s", k, where).isEqualTo(1);
                assertThat(shrinks).as("%s grows by taking replicas; %s", k, where).isNotEmpty();
                String leaf = queues.get(k);
                boolean reclaim = !queues.get(shrinks.get(0).workload()).equals(leaf);
                if (reclaim) {
                    for (int i = 0; i < RESOURCES.size(); i++) {
                        assertThat(beforeStep.get(leaf)[i] + replica[i])
                                .as("%s within its fair share of %s with %s's next replica; %s", leaf, RESOURCES.get(i), k, where)
                                .isLessThanOrEqualTo(fair.get(leaf).getOrDefault(RESOURCES.get(i), 0L));
                    }
                }
                List<String> victimQueues = new ArrayList<>();
                for (Decision.Resize s : shrinks) {
                    String victimQueue = queues.get(s.workload());
                    Workload victim = workloads.get(s.workload());
                    assertThat(s.message()).as("the shrink before %s's growth makes room for it; %s", k, where).contains(madeRoomFor(k));
                    assertThat(victim.priority()).as("only preemptible gangs give way; %s", where).isLessThan(KaiCycle.NON_PREEMPTIBLE);
                    if (reclaim) {
                        assertThat(victimQueue).as("a reclaim takes from other queues only; %s", where).isNotEqualTo(leaf);
                        if (!victimQueues.contains(victimQueue)) {
                            victimQueues.add(victimQueue);
                            assertThat(passesStrategy(w, beforeStep, fair, victimQueue, leaf, replica))
                                    .as("%s passes MaintainFairShare or GuaranteeDeservedQuota before it gives way to %s; %s",
                                            victimQueue, k, where)
                                    .isTrue();
                        }
                    } else {
                        assertThat(victimQueue).as("a preemption takes from the grower's queue only; %s", where).isEqualTo(leaf);
                        assertThat(victim.priority()).as("a preemption takes lower priorities; %s", where).isLessThan(wl.priority());
                    }
                }
                shrinks.clear();
            }
            if (rz.message().contains("make room for ")) {
                for (int p = 0; p < to.length; p++) {
                    assertThat(to[p]).as("%s keeps its minimum and only shrinks; %s", k, where)
                            .isGreaterThanOrEqualTo(wl.podSets().get(p).minCount()).isLessThanOrEqualTo(from[p]);
                }
            }
            long[] change = usageOf(wl, from);
            long[] now = usageOf(wl, to);
            for (int i = 0; i < change.length; i++) {
                change[i] -= now[i];
            }
            subtract(w, usage, queues.get(k), change);
            running.put(k, to);
        }
    }

    private static long[] negate(long[] amount) {
        long[] n = amount.clone();
        for (int i = 0; i < n.length; i++) {
            n[i] = -n[i];
        }
        return n;
    }

    private static Workload workload(Random r, String name, String queue, long seq, int priority) {
        int count = 1 + r.nextInt(4);
        int min = r.nextInt(3) == 0 ? 1 + r.nextInt(count) : count;
        ResourceList perPod = new ResourceList(Map.of(GPU, Quantity.ofUnits(1 + r.nextInt(2)), CPU, Quantity.ofUnits(1 + r.nextInt(3))));
        return new Workload(new ObjectKey("ns", name), queue, priority, 0, seq, List.of(new PodSet("main", count, min, perPod)));
    }

    /** Schedules until no eviction is asked; the growth of gangs on the way is checked too ({@link #checkGrowth}). */
    private static void settle(Engine engine, long now, World w, Map<ObjectKey, Workload> all, long seed) {
        for (int round = 0; round < 50; round++) {
            List<ObjectKey> evicted = new ArrayList<>();
            Map<String, long[]> usageBefore = usage(engine, w);
            Map<ObjectKey, AdmittedWorkload> before = new LinkedHashMap<>();
            engine.admittedWorkloads().forEach(a -> before.put(a.workload().key(), a));
            List<Decision> decisions = engine.schedule(now);
            Map<String, Map<String, Long>> fair = new HashMap<>();
            w.queues().forEach(q -> fair.put(q.name(), engine.fairShare(q.name())));
            checkGrowth(w, decisions, before, all, usageBefore, fair, "seed " + seed + " settling, decisions " + decisions);
            for (Decision d : decisions) {
                if (d instanceof Decision.Evict e) {
                    evicted.add(e.workload());
                }
            }
            if (evicted.isEmpty()) {
                return;
            }
            evicted.forEach(k -> engine.evicted(k, now));
        }
    }

    private static long[] minimumNeed(Workload wl) {
        int[] counts = wl.podSets().stream().mapToInt(PodSet::minCount).toArray();
        return usageOf(wl, counts);
    }

    private static int[] counts(List<PodSetAssignment> podSets) {
        return podSets.stream().mapToInt(PodSetAssignment::count).toArray();
    }

    private static long[] usageOf(Workload wl, int[] counts) {
        long[] usage = new long[RESOURCES.size()];
        for (int p = 0; p < counts.length; p++) {
            for (int i = 0; i < RESOURCES.size(); i++) {
                usage[i] += wl.podSets().get(p).perPod().amounts().getOrDefault(RESOURCES.get(i), Quantity.ZERO).milli() * counts[p];
            }
        }
        return usage;
    }

    /** Per queue (leaves and parents) and resource, what it uses. */
    private static Map<String, long[]> usage(Engine engine, World w) {
        Map<String, long[]> usage = new HashMap<>();
        for (KaiQueueSpec q : w.queues()) {
            Map<String, Quantity> u = engine.usageOfNode(q.name()).getOrDefault(KaiQuotaTree.FLAVOR, Map.of());
            usage.put(q.name(), RESOURCES.stream().mapToLong(res -> u.getOrDefault(res, Quantity.ZERO).milli()).toArray());
        }
        return usage;
    }

    private static void subtract(World w, Map<String, long[]> usage, String leaf, long[] amount) {
        for (String q = leaf; q != null; q = spec(w, q).parent().orElse(null)) {
            for (int i = 0; i < amount.length; i++) {
                usage.get(q)[i] -= amount[i];
            }
        }
    }

    /** Whether the workload fits: the cluster's capacity and (no limits are drawn here) nothing else. */
    private static boolean fits(World w, Map<String, long[]> usage, String leaf, long[] need) {
        for (int i = 0; i < RESOURCES.size(); i++) {
            long used = 0;
            for (KaiQueueSpec q : w.queues()) {
                if (q.parent().isEmpty()) {
                    used += usage.get(q.name())[i];
                }
            }
            if (used + need[i] > w.capacity().get(RESOURCES.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static KaiQueueSpec spec(World w, String name) {
        return w.queues().stream().filter(q -> q.name().equals(name)).findFirst().orElseThrow();
    }

    private static List<String> path(World w, String leaf) {
        List<String> path = new ArrayList<>();
        for (String q = leaf; q != null; q = spec(w, q).parent().orElse(null)) {
            path.add(0, q);
        }
        return path;
    }

    /** The queue on {@code queue}'s path just below where it splits from {@code other}'s. */
    private static String leveled(World w, String queue, String other) {
        List<String> a = path(w, queue);
        List<String> b = path(w, other);
        int i = 0;
        while (i < Math.min(a.size(), b.size()) - 1 && a.get(i).equals(b.get(i))) {
            i++;
        }
        return a.get(i);
    }

    private static List<String> siblings(World w, String queue) {
        Optional<String> parent = spec(w, queue).parent();
        return w.queues().stream().filter(q -> q.parent().equals(parent) && !q.name().equals(queue)).map(KaiQueueSpec::name).toList();
    }

    private static boolean isSelfOrBelow(World w, String queue, String ancestor) {
        return path(w, queue).contains(ancestor);
    }
}
