package dev.muster.core.kai;

import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * KAI's reclaim and preempt actions for gangs that already run below their full size. Both actions
 * take every job with a pending task as a candidate (actions/reclaim/reclaim.go and
 * actions/preempt/preempt.go: JobsOrderByQueues with FilterNonPending), an admitted elastic job
 * included, and try to make room for its next tasks (podgroup_info.GetTasksToAllocateInitResource):
 * for a job at or above its minimum, one replica ({@link NextTask}). The rules are those of a
 * pending workload's search ({@link KaiVictims}): its queue within its fair share with the replica
 * (CanReclaimResources), the victims' queues above their share, lower priorities inside its own queue.
 *
 * <p>Each action tries a job once per KAI session, for one replica; here a gang that made room tries
 * again for its next replica after the others had their turn, as the sessions that follow would,
 * until none makes room. Candidates go in KAI's order: queue order with the replica counted in
 * ({@link KaiQueueOrder}), then the job order (higher priority, a gang at its minimum before one
 * above it, plugins/elastic JobOrderFn, then the older).
 *
 * <p>The gangs looked at are those admitted below their full count, which queues keep apart
 * ({@link ClusterQueueState#belowFullCount}), as {@link GangGrowth} looks at them. A gang whose try
 * found nothing to take is not tried again while the state of the tree it was tried in holds
 * ({@link KaiWaitMemo.State}: room freed, workloads admitted or resized, fair shares, the pass's own
 * changes): a cycle pays for the gangs whose answer may have changed, not for every partial gang.
 *
 * <p>Only replicas beyond other gangs' minimums are taken for a growing gang: a plan that would
 * evict a whole gang is not carried out, and the gang waits. KAI would evict it and pipeline the
 * replica on its room; Muster holds room for a preemptor only while it is pending, not for a gang
 * that already runs (a departure, see docs/conformance.md).
 */
final class GrowthByEviction {

    private final QuotaTree tree;
    private final NonPreemptibleQuota nonPreemptibleQuota;
    private final MinRuntimes minRuntimes;
    private final EvictingFronts fronts;
    /** Per KAI tree (by its root): gangs whose last try made no room, with the state of the tree it was made in. */
    private final Map<QuotaNode, Map<ObjectKey, KaiWaitMemo.State>> refusedByTree = new HashMap<>();
    /** Those of the tree of this pass. */
    private Map<ObjectKey, KaiWaitMemo.State> refused;

    GrowthByEviction(QuotaTree tree, NonPreemptibleQuota nonPreemptibleQuota, MinRuntimes minRuntimes,
            EvictingFronts fronts) {
        this.tree = tree;
        this.nonPreemptibleQuota = nonPreemptibleQuota;
        this.minRuntimes = minRuntimes;
        this.fronts = fronts;
    }

    /** A gang to try, with the replica it asks for when its round began. */
    private record Candidate(ClusterQueueState queue, AdmittedWorkload gang, long[] need) {
    }

    /**
     * Lets the gangs below their full count of the queues {@code mayGrow} lets grow make room for
     * their next replicas; returns how many replicas were added.
     *
     * <p>A gang resized at this instant is no victim until the next one (the engine's guard against
     * two rules taking from each other without time passing), so one victim gives one step per
     * instant. KAI's next session would go on: when gangs grew here, or a gang that was resized
     * in this pass may have kept one from growing, the tree is passed over again a millisecond
     * later ({@link SchedulingCycle.Outcome#retryAt}), as with fresh admissions. That ends: each
     * pass that asks for the next adds a replica or follows one that resized.
     *
     * @param state         the state of the tree now, as the wait memo reads it
     * @param resizedBefore whether the pass resized a gang before this growth (it shrank for a pending
     *                      workload, or grew into free room)
     */
    int grow(List<ClusterQueueState> leaves, SchedulingCycle.Outcome outcome, KaiShares bounds, KaiQueueOrder order,
            Supplier<KaiWaitMemo.State> state, Predicate<ClusterQueueState> mayGrow, boolean resizedBefore) {
        refused = refusedByTree.computeIfAbsent(leaves.get(0).node().root(), r -> new HashMap<>());
        KaiWaitMemo.State now = state.get();
        List<Candidate> round = new ArrayList<>();
        Set<ObjectKey> partial = new HashSet<>();
        for (ClusterQueueState q : leaves) {
            for (AdmittedWorkload g : q.belowFullCount()) {
                ObjectKey key = g.workload().key();
                partial.add(key);
                if (mayGrow.test(q) && !now.equals(refused.get(key)) && !outcome.leaving(key)) {
                    round.add(candidate(q, g));
                }
            }
        }
        refused.keySet().retainAll(partial);
        int grown = 0;
        boolean refusedAny = false;
        Set<ObjectKey> shrunk = new HashSet<>(); // victims of this growth: their replicas are on their way out
        while (!round.isEmpty()) {
            List<Candidate> again = new ArrayList<>();
            while (!round.isEmpty()) {
                Candidate c = round.remove(first(round, order));
                AdmittedWorkload g = c.queue().admittedOf(c.gang().workload().key());
                if (g == null || !g.belowFullCount() || shrunk.contains(g.workload().key())) {
                    continue;
                }
                List<ObjectKey> victims = tryOne(c.queue(), g, leaves, outcome, bounds, order, state);
                if (victims != null) {
                    grown++;
                    shrunk.addAll(victims);
                    AdmittedWorkload larger = c.queue().admittedOf(g.workload().key());
                    if (larger != null && larger.belowFullCount()) {
                        again.add(candidate(c.queue(), larger));
                    }
                } else {
                    refusedAny = true;
                }
            }
            round = again;
        }
        if (grown > 0 || resizedBefore && refusedAny) {
            outcome.retryAt(leaves.get(0), outcome.nowMillis() + 1);
        }
        return grown;
    }

    /**
     * One replica for {@code g}, by reclaim, else by preemption: the gangs that gave up replicas for
     * it, or null when it made no room (remembered with the state of the tree).
     */
    private List<ObjectKey> tryOne(ClusterQueueState q, AdmittedWorkload g, List<ClusterQueueState> leaves,
            SchedulingCycle.Outcome outcome, KaiShares bounds, KaiQueueOrder order, Supplier<KaiWaitMemo.State> state) {
        ObjectKey key = g.workload().key();
        NextTask next = NextTask.of(g, tree.index());
        // KAI's preempt action refuses a non-preemptible preemptor over its quota first
        // (IsNonPreemptibleJobOverQueueQuotaFn); its capacity policy refuses such a reclaim too.
        if (next == null || g.workload().priority() >= KaiCycle.NON_PREEMPTIBLE
                && !nonPreemptibleQuota.allowsGrowth(q, g, next.larger(), leaves)) {
            refused.put(key, state.get());
            return null;
        }
        KaiVictims victims = new KaiVictims(tree, bounds, order, leaves, minRuntimes, outcome.nowMillis(), fronts);
        KaiVictims.Placeable placeable = (evicted, shrunk) -> outcome.placeableWithout(g.workload(), next.one(), evicted, shrunk);
        KaiVictims.Plan plan = victims.reclaim(q, g.workload(), next.one(), outcome.evicting(), placeable);
        String how = "KAI reclaim";
        if (plan.isEmpty()) {
            plan = victims.preempt(q, g.workload(), next.one(), outcome.evicting(), placeable);
            how = "KAI preemption";
        }
        victims.protectedUntil().ifPresent(at -> outcome.retryAt(q, at));
        if (plan.isEmpty() || !plan.evictions().isEmpty()) {
            refused.put(key, state.get());
            return null;
        }
        refused.remove(key);
        List<ObjectKey> gaveUp = new ArrayList<>();
        for (KaiVictims.Shrink x : plan.shrinks()) {
            outcome.shrink(x.victim(), x.smaller(), g.workload());
            gaveUp.add(x.victim().workload().key());
        }
        outcome.grow(g, next.larger(), "one more of its replicas runs: " + how + " for its next task took replicas"
                + " beyond the gang minimum of " + String.join(", ", gaveUp.stream().map(ObjectKey::toString).toList()));
        return gaveUp;
    }

    private Candidate candidate(ClusterQueueState q, AdmittedWorkload g) {
        NextTask next = NextTask.of(g, tree.index());
        return new Candidate(q, g, next == null ? new long[tree.index().size()] : next.one().usage());
    }

    /** Where in {@code round} the candidate KAI serves first is. */
    private static int first(List<Candidate> round, KaiQueueOrder order) {
        int best = 0;
        for (int i = 1; i < round.size(); i++) {
            if (before(round.get(i), round.get(best), order)) {
                best = i;
            }
        }
        return best;
    }

    /** KAI's order of two jobs with pending tasks: their queues, then the job order. */
    private static boolean before(Candidate a, Candidate b, KaiQueueOrder order) {
        if (a.queue() != b.queue()) {
            int c = order.compareLeaves(a.queue(), a.need(), b.queue(), b.need());
            if (c != 0) {
                return c < 0;
            }
        }
        int c = Integer.compare(b.gang().workload().priority(), a.gang().workload().priority());
        if (c == 0) {
            // a gang at its minimum before one above it (KAI's elastic JobOrderFn)
            c = Boolean.compare(a.gang().aboveMinimum(), b.gang().aboveMinimum());
        }
        if (c == 0) {
            c = Long.compare(a.gang().workload().sequence(), b.gang().workload().sequence());
        }
        if (c == 0) {
            c = a.gang().workload().key().compareTo(b.gang().workload().key());
        }
        return c < 0;
    }
}
