package dev.muster.core.kai;

import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
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
 *   <li>Reclaim: KAI tries a set by allocating the workload and the victims again in its
 *       allocation order; a victim whose queue that order serves before the workload's takes its
 *       room back first, and the set makes room only if the workload still fits
 *       ({@link ReallocatedFirst}).</li>
 *   <li>Preemption inside the workload's own queue takes lower-priority gangs only, with no share
 *       rule.</li>
 *   <li>When the workload fits, victims that still fit beside it are put back, highest priority
 *       first (KAI re-allocates them: they become pipelined, not evicted).</li>
 * </ul>
 * A gang that has not run its queue's minimum time ({@link MinRuntimes}) is left whole, though its
 * replicas beyond the gang minimum may go.
 *
 * <p>This class runs the search and keeps the victim order; {@link ReclaimRules} holds the share
 * rules, {@link TakenSteps} the steps taken and their put-back, {@link MinRuntimeProtection} the
 * gangs left out for their minimum run time.
 */
final class KaiVictims {

    private final QuotaTree tree;
    /** KAI's queue order this pass: which queue gives way first. */
    private final KaiQueueOrder queueOrder;
    /** The leaf queues of the KAI tree: where candidates live. */
    private final List<ClusterQueueState> leaves;
    private final MinRuntimes minRuntimes;
    private final ReclaimRules rules;
    private final ReallocatedFirst reallocatedFirst;
    private final MinRuntimeProtection protection;
    private final EvictingFronts fronts;
    /** Why the last reclaim search found nothing, in words; null when it was not tried or found a set. */
    private String refusal;
    /** Whether the last reclaim was refused because the workload's queue would be above its fair share. */
    private boolean overFairShare;
    /**
     * In the last reclaim search, why a set that made room failed because KAI allocates some of its
     * victims again before the workload, in words; null if none did.
     */
    private String servedFirst;

    KaiVictims(QuotaTree tree, KaiShares bounds, KaiQueueOrder queueOrder, List<ClusterQueueState> leaves,
            MinRuntimes minRuntimes, long nowMillis, EvictingFronts fronts) {
        this.tree = tree;
        this.fronts = fronts;
        this.queueOrder = queueOrder;
        this.leaves = leaves;
        this.minRuntimes = minRuntimes;
        this.rules = new ReclaimRules(tree, bounds);
        this.reallocatedFirst = new ReallocatedFirst(queueOrder);
        this.protection = new MinRuntimeProtection(nowMillis);
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

    /**
     * Gangs of other queues that give way so that {@code wanted} fits queue {@code q}; {@link Plan#NONE}
     * if KAI would reclaim nothing ({@link #refusal()} says why).
     */
    Plan reclaim(ClusterQueueState q, Workload wl, Assignment wanted, Set<ObjectKey> evicting, Placeable placeable) {
        long[] need = wanted.usage();
        String overShare = rules.overFairShare(q, need);
        overFairShare = overShare != null;
        if (overShare != null) {
            refusal = overShare;
            return Plan.NONE;
        }
        refusal = NOTHING_TO_RECLAIM;
        servedFirst = null;
        if (!anyToReclaim(q, leaves)) {
            return Plan.NONE; // no candidates at all: not worth a look at every admitted workload
        }
        VictimPool pool = new VictimPool(evicting, fronts);
        for (ClusterQueueState other : leaves) {
            if (other != q) {
                long minRuntime = minRuntimes.reclaimMillis(q.name(), other.name());
                pool.add(other, KaiCycle.NON_PREEMPTIBLE, minRuntime, a -> gang(a, other, minRuntime));
            }
        }
        return search(q, need, pool, true, placeable);
    }

    /** Why nothing was reclaimed when the workload's queue stays within its fair share. */
    static final String NOTHING_TO_RECLAIM = "no queue above its fair share holds preemptible workloads that free enough";

    /** Whether another leaf queue of the tree holds a preemptible workload: something reclaim could take. */
    static boolean anyToReclaim(ClusterQueueState q, List<ClusterQueueState> leaves) {
        for (ClusterQueueState other : leaves) {
            if (other != q && other.admitsBelow(KaiCycle.NON_PREEMPTIBLE)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code q} holds a preemptible workload of a priority below {@code priority}: something preemption could take. */
    static boolean anyToPreempt(ClusterQueueState q, int priority) {
        return q.admitsBelow(Math.min(priority, KaiCycle.NON_PREEMPTIBLE));
    }

    /** Lower-priority preemptible gangs of {@code q} itself that give way to {@code wl}; {@link Plan#NONE} if none do. */
    Plan preempt(ClusterQueueState q, Workload wl, Assignment wanted, Set<ObjectKey> evicting, Placeable placeable) {
        if (!anyToPreempt(q, wl.priority())) {
            return Plan.NONE; // no lower-priority preemptible workload holds quota here
        }
        long minRuntime = minRuntimes.preemptMillis(q.name());
        VictimPool pool = new VictimPool(evicting, fronts).add(q, wl.priority(), minRuntime, a -> gang(a, q, minRuntime));
        return search(q, wanted.usage(), pool, false, placeable);
    }

    private VictimGang gang(AdmittedWorkload a, ClusterQueueState queue, long minRuntime) {
        return new VictimGang(a, queue, protection.isProtected(a, minRuntime), tree.index());
    }

    /** Why the last reclaim search found nothing. */
    String refusal() {
        return refusal;
    }

    /** Whether the last reclaim was refused because the workload's queue would be above its fair share with it. */
    boolean refusedOverFairShare() {
        return overFairShare;
    }

    /**
     * Takes steps in victim order until the workload fits (and the set passes the reclaim rules),
     * then puts back what still fits beside it. The tree is left as it was.
     */
    private Plan search(ClusterQueueState q, long[] need, VictimPool pool, boolean reclaim, Placeable placeable) {
        TakenSteps taken = new TakenSteps(tree);
        try {
            boolean fits = false;
            while (true) {
                List<ClusterQueueState> open = pool.openQueues();
                if (open.isEmpty()) {
                    break;
                }
                // the share rules ask about the queue alone: checked before its gangs are looked at
                ClusterQueueState victimQueue = reclaim ? queueOrder.victimQueue(open) : q;
                if (reclaim && !rules.fitsReclaimStrategy(q, victimQueue, need)) {
                    refusal = ReclaimRules.strategyRefusal(q, victimQueue);
                    break;
                }
                taken.take(nextStep(pool.first(victimQueue), taken.size()));
                if (reclaim ? makesRoomForReclaimer(q, need, taken, placeable) : makesRoom(q, need, taken, false, placeable)) {
                    fits = true;
                    break;
                }
            }
            if (!fits) {
                if (reclaim && servedFirst != null) {
                    refusal = NOTHING_TO_RECLAIM.equals(refusal) ? servedFirst : servedFirst + "; " + refusal;
                }
                return Plan.NONE;
            }
            taken.putBack(() -> makesRoom(q, need, taken, reclaim, placeable));
            refusal = null;
            return taken.plan(reclaim);
        } finally {
            taken.restoreTree();
        }
    }

    /**
     * A reclaim's set of steps as KAI's solver tries it: the victims KAI allocates again before the
     * workload take their room back first ({@link ReallocatedFirst}), then the workload must fit in
     * what is left. When it does, those victims stay put back (they are no victims); when it does
     * not, they are taken again and the search goes on with the next step, as KAI's solver adds the
     * next victim to the set.
     */
    private boolean makesRoomForReclaimer(ClusterQueueState q, long[] need, TakenSteps taken, Placeable placeable) {
        if (!fits(q.node(), need)) {
            return false; // victims put back only take room away: the usual answer while steps are still few
        }
        List<VictimStep> back = reallocatedFirst.putBack(taken, q, need);
        if (makesRoom(q, need, taken, true, placeable)) {
            return true;
        }
        taken.retake(back);
        if (!back.isEmpty() && servedFirst == null && makesRoom(q, need, taken, true, placeable)) {
            servedFirst = servedFirstNote(q, back);
        }
        return false;
    }

    /** Why a set that would make room does not, in words: the queues KAI allocates before the workload's. */
    private static String servedFirstNote(ClusterQueueState q, List<VictimStep> back) {
        List<String> queues = back.stream().map(s -> s.gang().queue.name()).distinct().toList();
        boolean one = queues.size() == 1;
        return (one ? "queue " + queues.get(0) + " comes" : "queues " + String.join(", ", queues) + " come")
                + " before queue " + q.name() + " in KAI's allocation order, so the workloads " + (one ? "it" : "they")
                + " would give up would be allocated again first and take back the room they free";
    }

    /** Whether the workload fits with the steps taken: quota, the reclaim boundaries, then the nodes. */
    private boolean makesRoom(ClusterQueueState q, long[] need, TakenSteps taken, boolean reclaim, Placeable placeable) {
        return fits(q.node(), need) && (!reclaim || rules.withinBoundaries(q, need, taken.steps()))
                && placeable.test(taken.evicted(), taken.shrunk());
    }

    /**
     * The next step in KAI's victim order, from the gang of the queue picked by {@link KaiQueueOrder}
     * that gives way first ({@link VictimGang#VICTIM_ORDER}): one of its replicas beyond its minimum
     * if it has any, else what is left of it.
     */
    private static VictimStep nextStep(VictimGang g, int order) {
        int extra = g.extraPodSet();
        int[] before = g.counts.clone();
        return extra >= 0 ? new VictimStep(g, extra, g.perPod(extra), before, order)
                : new VictimStep(g, -1, g.remainingUsage(), before, order);
    }

    /** When a gang left out of the last search for its minimum run time may be taken; empty if none was. */
    OptionalLong protectedUntil() {
        return protection.protectedUntil();
    }

    /**
     * What the last search left out for the minimum run time, in words; empty if nothing. It does
     * not count the time down, so that it changes only when the situation does.
     */
    String protectedNote() {
        return protection.protectedNote();
    }

    static boolean fits(QuotaNode node, long[] need) {
        for (int fr = 0; fr < need.length; fr++) {
            if (need[fr] > 0 && need[fr] > node.available(fr)) {
                return false;
            }
        }
        return true;
    }
}
