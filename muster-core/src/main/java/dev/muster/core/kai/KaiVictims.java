package dev.muster.core.kai;

import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * KAI's reclaim (from other queues) and in-queue preemption for one workload: which admitted gangs
 * give way, whole or by their replicas beyond the gang minimum. It follows KAI's solver
 * (pkg/scheduler/actions/common/solvers, actions/reclaim, actions/preempt) and the proportion
 * plugin's rules (plugins/proportion/reclaimable):
 * <ul>
 *   <li>Victims are preemptible gangs (priority below 100). They are taken one step at a time in
 *       KAI's victim order — the queue that deserves its resources least first (see
 *       {@link KaiQueueOrder}), inside a queue lowest priority and newest first. A gang with
 *       replicas beyond its minimum gives one such replica per step and goes back in line; a gang
 *       at its minimum goes whole (KAI's GetTasksToEvict).</li>
 *   <li>Reclaim: the workload's leaf queue, with it, must stay within its fair share in every
 *       resource (CanReclaimResources). Before each step, the victim's queue — compared at the level
 *       where the two queues' paths split — must be above its allocatable share (max of quota and
 *       fair share, capped by the limit; an unlimited quota never counts) in at least one resource
 *       (MaintainFairShareStrategy), or the reclaimer's queue at that level stays within its quota
 *       in every resource while the victim's is above its quota in at least one
 *       (GuaranteeDeservedQuotaStrategy). A step that fails both ends the search: KAI's validator
 *       then refuses every larger set too. So the last step may take a queue below its fair
 *       share in a resource — what KAI's test "DRF - reclaim from queue that has one resource over
 *       fair share" shows.</li>
 *   <li>A set that makes room is accepted only if, at every level of the reclaimer's path, its
 *       queue's saturation (allocation with the workload over fair share) is not above 1 or stays
 *       below that of each sibling that gives something up, in the resources involved
 *       (reclaimingQueuesRemainWithinBoundaries, saturation multiplier 1).</li>
 *   <li>Preemption inside the workload's own queue takes lower-priority gangs only, with no share
 *       rule.</li>
 *   <li>When the workload fits, victims that still fit beside it are put back, highest priority
 *       first (KAI re-allocates them: they become pipelined, not evicted).</li>
 * </ul>
 * A gang that has not run its queue's minimum time ({@link MinRuntimes}) is left whole, though its
 * replicas beyond the gang minimum may go.
 */
final class KaiVictims {

    private final QuotaTree tree;
    /** The queues' quota, fair share and allocatable share this pass, as KAI reads them. */
    private final KaiShares bounds;
    /** KAI's queue order this pass: which queue gives way first. */
    private final KaiQueueOrder queueOrder;
    /** The leaf queues of the KAI tree: where candidates live. */
    private final List<ClusterQueueState> leaves;
    private final MinRuntimes minRuntimes;
    private final long nowMillis;
    /** The earliest time a gang left out for its minimum run time may be taken; Long.MAX_VALUE if none was. */
    private long protectedUntil = Long.MAX_VALUE;
    /** The minimum run time of the gang that is free first. */
    private long firstProtectionMillis;
    private int protectedCount;
    /** Why the last reclaim search found nothing, in words; null when it was not tried or found a set. */
    private String refusal;

    KaiVictims(QuotaTree tree, KaiShares bounds, KaiQueueOrder queueOrder, List<ClusterQueueState> leaves,
            MinRuntimes minRuntimes, long nowMillis) {
        this.tree = tree;
        this.bounds = bounds;
        this.queueOrder = queueOrder;
        this.leaves = leaves;
        this.minRuntimes = minRuntimes;
        this.nowMillis = nowMillis;
    }

    /** Pods of a gang beyond its minimum that go, leaving the gang at {@code smaller}. */
    record Shrink(AdmittedWorkload victim, ClusterQueueState queue, Assignment smaller, long[] freed) {
    }

    /** What gives way to a workload: gangs that keep running smaller, and gangs evicted whole. */
    record Plan(List<Shrink> shrinks, List<PreemptionTarget> evictions) {
        static final Plan NONE = new Plan(List.of(), List.of());

        boolean isEmpty() {
            return shrinks.isEmpty() && evictions.isEmpty();
        }
    }

    /** Whether a plan lets the gang be placed on the nodes: the whole evictions and the shrunk gangs' new sizes. */
    interface Placeable {
        boolean test(List<ObjectKey> evicted, Map<ObjectKey, Assignment> shrunk);
    }

    /** A candidate gang and what is still left of it in this search. */
    private final class Gang {
        final AdmittedWorkload admitted;
        final ClusterQueueState queue;
        final int[] counts;
        final boolean protectedWhole;
        boolean gone;

        Gang(AdmittedWorkload admitted, ClusterQueueState queue, boolean protectedWhole) {
            this.admitted = admitted;
            this.queue = queue;
            this.protectedWhole = protectedWhole;
            this.counts = admitted.assignment().podSets().stream().mapToInt(PodSetAssignment::count).toArray();
        }

        Workload workload() {
            return admitted.workload();
        }

        /** The pod set a replica beyond the minimum is taken from (the last one that has such), or -1. */
        int extraPodSet() {
            for (int i = counts.length - 1; i >= 0; i--) {
                if (counts[i] > workload().podSets().get(i).minCount()) {
                    return i;
                }
            }
            return -1;
        }

        long[] perPod(int podSet) {
            long[] usage = new long[tree.index().size()];
            PodSet ps = workload().podSets().get(podSet);
            PodSetAssignment psa = admitted.assignment().podSets().get(podSet);
            ps.perPod().amounts().forEach((r, amount) -> {
                String flavor = psa.flavors().get(r);
                int fr = flavor == null ? -1 : tree.index().indexOf(flavor, r);
                if (fr >= 0) {
                    usage[fr] += amount.milli();
                }
            });
            return usage;
        }

        long[] remainingUsage() {
            long[] usage = new long[tree.index().size()];
            for (int i = 0; i < counts.length; i++) {
                long[] one = perPod(i);
                for (int fr = 0; fr < usage.length; fr++) {
                    usage[fr] += one[fr] * counts[i];
                }
            }
            return usage;
        }

        Assignment assignmentAt(int[] at, long[] usage) {
            List<PodSetAssignment> podSets = new ArrayList<>();
            for (int i = 0; i < at.length; i++) {
                PodSetAssignment psa = admitted.assignment().podSets().get(i);
                podSets.add(new PodSetAssignment(psa.name(), at[i], psa.flavors()));
            }
            return new Assignment(podSets, usage, admitted.assignment().borrows());
        }
    }

    /**
     * One step of the search: one replica beyond a gang's minimum ({@code podSet >= 0}), or what is
     * left of the gang; {@code before} is the gang's counts before the step, {@code order} its place
     * in the search.
     */
    private record Step(Gang gang, int podSet, long[] freed, int[] before, int order) {
    }

    /**
     * Gangs of other queues that give way so that {@code wanted} fits queue {@code q}; {@link Plan#NONE}
     * if KAI would reclaim nothing ({@link #refusal()} says why).
     */
    Plan reclaim(ClusterQueueState q, Workload wl, Assignment wanted, Set<ObjectKey> evicting, Placeable placeable) {
        long[] need = wanted.usage();
        String overShare = overFairShare(q, need);
        if (overShare != null) {
            refusal = overShare;
            return Plan.NONE;
        }
        List<Gang> gangs = new ArrayList<>();
        for (ClusterQueueState other : leaves) {
            if (other == q) {
                continue;
            }
            long minRuntime = minRuntimes.reclaimMillis(q.name(), other.name());
            for (AdmittedWorkload a : other.admittedWorkloads()) {
                if (a.workload().priority() >= KaiCycle.NON_PREEMPTIBLE || evicting.contains(a.workload().key())) {
                    continue;
                }
                gangs.add(new Gang(a, other, isProtected(a, minRuntime)));
            }
        }
        refusal = "no queue above its fair share holds preemptible workloads that free enough";
        return search(q, need, gangs, true, placeable);
    }

    /** Lower-priority preemptible gangs of {@code q} itself that give way to {@code wl}; {@link Plan#NONE} if none do. */
    Plan preempt(ClusterQueueState q, Workload wl, Assignment wanted, Set<ObjectKey> evicting, Placeable placeable) {
        long minRuntime = minRuntimes.preemptMillis(q.name());
        List<Gang> gangs = new ArrayList<>();
        for (AdmittedWorkload a : q.admittedWorkloads()) {
            int p = a.workload().priority();
            if (p >= KaiCycle.NON_PREEMPTIBLE || p >= wl.priority() || evicting.contains(a.workload().key())) {
                continue;
            }
            gangs.add(new Gang(a, q, isProtected(a, minRuntime)));
        }
        return search(q, wanted.usage(), gangs, false, placeable);
    }

    private boolean isProtected(AdmittedWorkload a, long minRuntime) {
        long until = a.admittedAtMillis() + minRuntime;
        if (minRuntime > 0 && nowMillis < until) {
            if (until < protectedUntil) {
                protectedUntil = until;
                firstProtectionMillis = minRuntime;
            }
            protectedCount++;
            return true;
        }
        return false;
    }

    /** Why the last reclaim search found nothing. */
    String refusal() {
        return refusal;
    }

    /**
     * Takes steps in victim order until the workload fits (and the set passes the reclaim rules),
     * then puts back what still fits beside it. The tree is left as it was.
     */
    private Plan search(ClusterQueueState q, long[] need, List<Gang> gangs, boolean reclaim, Placeable placeable) {
        List<Step> taken = new ArrayList<>();
        try {
            boolean fits = false;
            while (true) {
                Step step = nextStep(gangs, reclaim, taken.size());
                if (step == null) {
                    break;
                }
                if (reclaim && !fitsReclaimStrategy(q, step.gang().queue, need)) {
                    refusal = "queue " + leveled(step.gang().queue, q).name() + " would have to give up more than KAI lets it:"
                            + " it is not above its fair share (nor above its quota while queue " + leveled(q, step.gang().queue).name()
                            + " is within its own) in any resource";
                    break;
                }
                take(step);
                taken.add(step);
                if (fits(q.node(), need) && (!reclaim || withinBoundaries(q, need, taken))
                        && placeable.test(evicted(taken), shrunk(taken))) {
                    fits = true;
                    break;
                }
            }
            if (!fits) {
                return Plan.NONE;
            }
            putBack(q, need, taken, reclaim, placeable);
            refusal = null;
            return plan(taken, reclaim);
        } finally {
            for (Step s : taken) {
                tree.add(s.gang().queue.node(), s.freed());
            }
        }
    }

    private void take(Step step) {
        Gang g = step.gang();
        if (step.podSet() >= 0) {
            g.counts[step.podSet()]--;
        } else {
            java.util.Arrays.fill(g.counts, 0);
            g.gone = true;
        }
        tree.remove(g.queue.node(), step.freed());
    }

    /** Undoes a step; a gang's steps are undone newest first, so its counts before the step are its counts again. */
    private void undo(Step step) {
        Gang g = step.gang();
        System.arraycopy(step.before(), 0, g.counts, 0, g.counts.length);
        g.gone = false;
        tree.add(g.queue.node(), step.freed());
    }

    /**
     * The next step in KAI's victim order: the queue picked by {@link KaiQueueOrder}, its
     * lowest-priority newest gang; a gang with replicas beyond its minimum gives one of them.
     */
    private Step nextStep(List<Gang> gangs, boolean reclaim, int order) {
        List<Gang> open = gangs.stream().filter(g -> !g.gone && !(g.protectedWhole && g.extraPodSet() < 0)).toList();
        if (open.isEmpty()) {
            return null;
        }
        List<Gang> inQueue = open;
        if (reclaim) {
            ClusterQueueState victimQueue = queueOrder.victimQueue(open.stream().map(g -> g.queue).distinct().toList());
            inQueue = open.stream().filter(g -> g.queue == victimQueue).toList();
        }
        Gang g = inQueue.stream().min(VICTIM_ORDER).orElseThrow();
        int extra = g.extraPodSet();
        int[] before = g.counts.clone();
        return extra >= 0 ? new Step(g, extra, g.perPod(extra), before, order)
                : new Step(g, -1, g.remainingUsage(), before, order);
    }

    /**
     * KAI's job order reversed (plugins priority, then elastic, then creation time): lowest priority
     * first; then a gang still above its minimum before one at it; then the newest. Counts are
     * those left in the search, so after one replica of a gang goes another gang's extra may be next.
     */
    private static final Comparator<Gang> VICTIM_ORDER = Comparator
            .comparingInt((Gang g) -> g.workload().priority())
            .thenComparing((Gang g) -> g.extraPodSet() < 0)
            .thenComparing(Comparator.comparingLong((Gang g) -> g.admitted.admittedAtMillis()).reversed())
            .thenComparing(Comparator.comparingLong((Gang g) -> g.workload().sequence()).reversed())
            .thenComparing(g -> g.workload().key());

    /**
     * Victims that still fit beside the workload are put back (KAI re-allocates them: pipelined,
     * not evicted), highest priority and oldest first: whole gangs as one, replicas one by one.
     */
    private void putBack(ClusterQueueState q, long[] need, List<Step> taken, boolean reclaim, Placeable placeable) {
        List<Step> order = new ArrayList<>(taken);
        order.sort(Comparator.comparing(Step::gang, VICTIM_ORDER.reversed())
                .thenComparing(Comparator.comparingInt(Step::order).reversed()));
        for (Step s : order) {
            if (taken.stream().anyMatch(t -> t.gang() == s.gang() && t.order() > s.order())) {
                continue; // a later step of the same gang stays: this one cannot be undone alone
            }
            undo(s);
            taken.remove(s);
            if (fits(q.node(), need) && (!reclaim || withinBoundaries(q, need, taken))
                    && placeable.test(evicted(taken), shrunk(taken))) {
                continue;
            }
            take(s);
            taken.add(s);
        }
    }

    private static List<ObjectKey> evicted(List<Step> taken) {
        return taken.stream().filter(s -> s.podSet() < 0).map(s -> s.gang().workload().key()).distinct().toList();
    }

    private static Map<ObjectKey, Assignment> shrunk(List<Step> taken) {
        Map<ObjectKey, Assignment> shrunk = new LinkedHashMap<>();
        for (Step s : taken) {
            Gang g = s.gang();
            if (!g.gone) {
                shrunk.put(g.workload().key(), g.assignmentAt(g.counts, g.remainingUsage()));
            }
        }
        return shrunk;
    }

    private Plan plan(List<Step> taken, boolean reclaim) {
        List<Shrink> shrinks = new ArrayList<>();
        List<PreemptionTarget> evictions = new ArrayList<>();
        List<Gang> seen = new ArrayList<>();
        for (Step s : taken.stream().sorted(Comparator.comparingInt(Step::order)).toList()) {
            Gang g = s.gang();
            if (seen.contains(g)) {
                continue;
            }
            seen.add(g);
            if (g.gone) {
                evictions.add(new PreemptionTarget(g.admitted,
                        reclaim ? PreemptionTarget.IN_COHORT_FAIR_SHARING : PreemptionTarget.IN_CLUSTER_QUEUE));
            } else {
                long[] usage = g.remainingUsage();
                long[] freed = g.admitted.assignment().usage();
                for (int fr = 0; fr < freed.length; fr++) {
                    freed[fr] -= usage[fr];
                }
                shrinks.add(new Shrink(g.admitted, g.queue, g.assignmentAt(g.counts, usage), freed));
            }
        }
        return new Plan(List.copyOf(shrinks), List.copyOf(evictions));
    }

    /** KAI's CanReclaimResources: the reclaimer's leaf queue with the workload stays within its fair share. */
    private String overFairShare(ClusterQueueState q, long[] need) {
        for (String r : KaiQuotaTree.RESOURCES) {
            int fr = tree.index().indexOf(KaiQuotaTree.FLAVOR, r);
            if (fr >= 0 && need[fr] > 0 && q.node().usage(fr) + need[fr] > bounds.fairShare(q.node(), r)) {
                return "queue " + q.name() + " would be above its fair share of " + r + " ("
                        + Quantity.ofMilli(bounds.fairShare(q.node(), r)).format(r) + ") with it, so it may not reclaim from other queues";
            }
        }
        return null;
    }

    /** KAI's two reclaim strategies, for the victim's queue as it is now (before the step). */
    private boolean fitsReclaimStrategy(ClusterQueueState reclaimer, ClusterQueueState victim, long[] need) {
        QuotaNode victimSide = leveled(victim, reclaimer);
        QuotaNode reclaimerSide = leveled(reclaimer, victim);
        boolean aboveAllocatable = false;
        boolean aboveQuota = false;
        boolean reclaimerWithinQuota = true;
        for (String r : KaiQuotaTree.RESOURCES) {
            int fr = tree.index().indexOf(KaiQuotaTree.FLAVOR, r);
            if (fr < 0) {
                continue;
            }
            long remaining = victimSide.usage(fr);
            aboveAllocatable |= remaining > bounds.allocatable(victimSide, r);
            aboveQuota |= remaining > bounds.quota(victimSide, r);
            reclaimerWithinQuota &= reclaimerSide.usage(fr) + need[fr] <= bounds.quota(reclaimerSide, r);
        }
        return aboveAllocatable || reclaimerWithinQuota && aboveQuota;
    }

    /**
     * KAI's reclaimingQueuesRemainWithinBoundaries: at each level of the reclaimer's path, compared
     * with each sibling that gives something up, the reclaimer's saturation (allocation with the
     * workload over fair share) may be above 1 only while it stays below the sibling's, in each
     * resource the workload or the victims use.
     */
    private boolean withinBoundaries(ClusterQueueState q, long[] need, List<Step> taken) {
        for (QuotaNode level = q.node(); level != null && bounds.isQueue(level); level = level.parent()) {
            for (QuotaNode sibling : siblingsGivingUp(level, taken)) {
                for (String r : KaiQuotaTree.RESOURCES) {
                    int fr = tree.index().indexOf(KaiQuotaTree.FLAVOR, r);
                    if (fr < 0 || !involved(fr, need, taken, sibling)) {
                        continue;
                    }
                    long siblingFair = bounds.fairShare(sibling, r);
                    long allocated = level.usage(fr) + need[fr];
                    long fair = bounds.fairShare(level, r);
                    if (siblingFair > 0 && saturationAboveOne(allocated, fair)
                            && compareSaturation(allocated, fair, sibling.usage(fr), siblingFair) >= 0) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The queues beside {@code level} (same parent) with a step taken below them. */
    private List<QuotaNode> siblingsGivingUp(QuotaNode level, List<Step> taken) {
        List<QuotaNode> siblings = new ArrayList<>();
        for (Step s : taken) {
            for (QuotaNode n = s.gang().queue.node(); n != null; n = n.parent()) {
                if (n != level && n.parent() == level.parent() && bounds.isQueue(n) && !siblings.contains(n)) {
                    siblings.add(n);
                }
            }
        }
        return siblings;
    }

    /** Whether resource {@code fr} is used by the workload or by a step taken below {@code sibling}. */
    private static boolean involved(int fr, long[] need, List<Step> taken, QuotaNode sibling) {
        if (need[fr] > 0) {
            return true;
        }
        for (Step s : taken) {
            if (s.freed()[fr] > 0 && s.gang().queue.node().isWithin(sibling)) {
                return true;
            }
        }
        return false;
    }


    private static boolean saturationAboveOne(long allocated, long fair) {
        return fair == 0 ? allocated > 0 : allocated > fair;
    }

    /**
     * Compares allocated/fair ratios exactly; {@code fairB} is above 0, and a zero {@code fairA} with
     * an allocation is an infinite ratio.
     */
    private static int compareSaturation(long a, long fairA, long b, long fairB) {
        if (fairA == 0) {
            return a > 0 ? 1 : -1;
        }
        return BigInteger.valueOf(a).multiply(BigInteger.valueOf(fairB))
                .compareTo(BigInteger.valueOf(b).multiply(BigInteger.valueOf(fairA)));
    }

    /** The ancestor of {@code queue} (or itself) just below where its path and {@code other}'s split. */
    private static QuotaNode leveled(ClusterQueueState queue, ClusterQueueState other) {
        return queue.node().childOnPathTo(queue.node().commonAncestor(other.node()));
    }

    /** When a gang left out of the last search for its minimum run time may be taken; empty if none was. */
    OptionalLong protectedUntil() {
        return protectedUntil == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(protectedUntil);
    }

    /**
     * What the last search left out for the minimum run time, in words; empty if nothing. It does
     * not count the time down, so that it changes only when the situation does.
     */
    String protectedNote() {
        if (protectedCount == 0) {
            return "";
        }
        return "; " + protectedCount + (protectedCount == 1 ? " workload that could make room has" : " workloads that could make room have")
                + " not yet run the minimum time their queue sets (preemptMinRuntime or reclaimMinRuntime, KAI's minruntime):"
                + " the first may go once it has run " + dev.muster.core.quantity.Durations.text(firstProtectionMillis);
    }

    private static boolean fits(QuotaNode node, long[] need) {
        for (int fr = 0; fr < need.length; fr++) {
            if (need[fr] > 0 && need[fr] > node.available(fr)) {
                return false;
            }
        }
        return true;
    }
}
