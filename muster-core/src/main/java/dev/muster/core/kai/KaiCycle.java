package dev.muster.core.kai;

import dev.muster.core.model.Pending;

import dev.muster.core.quantity.Saturating;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.admission.FitResult;
import dev.muster.core.admission.FlavorAssigner;
import dev.muster.core.admission.Reservations;
import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.quota.FlavorResourceIndex;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One pass of admission over KAI queues. Each step serves the leaf queue first in KAI's queue
 * order ({@link KaiQueueOrder}, with each queue's next workload counted in) and takes its next
 * workload by priority. A
 * workload that does not fit may reclaim from other queues and, failing that, preempt
 * lower-priority preemptible workloads of its own queue, by KAI's rules ({@link KaiVictims}).
 * Non-preemptible workloads (priority 100 and up) are admitted only within their queue's quota
 * and are never evicted.
 */
public final class KaiCycle {

    /** KAI: a workload of this priority or above is non-preemptible. */
    public static final int NON_PREEMPTIBLE = 100;

    /**
     * The order a KAI queue's admitted workloads give way in, untouched by a search (lowest priority,
     * gangs above their minimum, newest first): queues keep them so, for the victim searches.
     */
    public static final Comparator<AdmittedWorkload> VICTIM_ORDER = VictimGang.UNTOUCHED_ORDER;

    private final QuotaTree tree;
    private final FlavorAssigner assigner;
    private final FairShares fairShares;
    /** In the order the queues were declared (KAI breaks the last ties by creation time). */
    private final Map<String, KaiQueueSpec> specs = new LinkedHashMap<>();
    private final Map<String, Long> capacity;
    private final MinRuntimes minRuntimes;
    private final NonPreemptibleQuota nonPreemptibleQuota;
    private final GangGrowth growth;
    private final GrowthByEviction growthByEviction;
    private final EvictingFronts evictingFronts = new EvictingFronts();
    /**
     * Muster's reservations and backfill (off unless configured). With them on, the wait memos
     * answer only for a queue whose reservations of the pass are made ({@link Reservations#madeAllFor}):
     * before that, the first workloads to wait for room are the ones reserved for, so each is tried.
     * A wait that rests on a reservation (the workload's own, or one that holds it back) is not
     * remembered: reservations move with the clock and with their ground, which the memo's state
     * does not follow, and whether a workload may start beside one hangs on its run time, not its shape.
     */
    private final Reservations reservations;
    private final KaiShapeIds shapeIds = new KaiShapeIds();
    private Map<String, Map<String, Long>> lastShares = Map.of();
    /** Per KAI tree (by its root): the workloads found to wait, and the state they were tried in. */
    private final Map<QuotaNode, KaiWaitMemo> memos = new HashMap<>();
    /** Per KAI tree: the fair shares of its last pass, and how many times they changed. */
    private final Map<QuotaNode, Map<String, Map<String, Long>>> sharesOfTree = new HashMap<>();
    private final Map<QuotaNode, Long> sharesVersions = new HashMap<>();
    /** What this cycle changed in its passes (admissions, preemptions, shrinks, growth, room let go); only ever grows. */
    private long passChanges;
    /** Whether the pass resized a gang: no victim search may take it again at this instant. */
    private boolean resizedInPass;

    /** What one try of a pending workload came to. */
    private sealed interface Tried {
        /** Admitted, or it preempted, or gangs shrank for it: the tree changed. */
        record Changed() implements Tried {
        }

        /** It preempted and waits for its victims: its queue serves nothing else now. */
        record Preempted() implements Tried {
        }

        /**
         * Nothing changed; it waits for {@code why} ({@code nodesOnly}: for the nodes alone, else
         * null), and is worth another try at {@code retryAt} (-1: when something changes).
         */
        record Waits(Pending why, KaiWaitMemo.NodesOnly nodesOnly, long retryAt, Assignment unplaced) implements Tried {
            Waits(Pending why) {
                this(why, null, -1, null);
            }
        }
    }

    public KaiCycle(QuotaTree tree, FlavorAssigner assigner, List<KaiQueueSpec> queues, Map<String, Long> capacity) {
        this(tree, assigner, queues, capacity, dev.muster.core.admission.BackfillPolicy.OFF);
    }

    /** @param backfill Muster's reservations for the waiting heads of each leaf queue, and backfill behind them */
    public KaiCycle(QuotaTree tree, FlavorAssigner assigner, List<KaiQueueSpec> queues, Map<String, Long> capacity,
            dev.muster.core.admission.BackfillPolicy backfill) {
        this(tree, assigner, queues, capacity, backfill, new dev.muster.core.admission.BackfillPromises());
    }

    /** @param promises where the backfill promises of running workloads are kept (the engine's, shared by its cycles) */
    public KaiCycle(QuotaTree tree, FlavorAssigner assigner, List<KaiQueueSpec> queues, Map<String, Long> capacity,
            dev.muster.core.admission.BackfillPolicy backfill, dev.muster.core.admission.BackfillPromises promises) {
        this.reservations = Reservations.forKai(tree, assigner, backfill, promises, w -> w.priority() < NON_PREEMPTIBLE);
        this.tree = tree;
        this.assigner = assigner;
        this.fairShares = new FairShares(queues);
        queues.forEach(q -> specs.put(q.name(), q));
        this.capacity = Map.copyOf(capacity);
        this.minRuntimes = new MinRuntimes(queues);
        this.nonPreemptibleQuota = new NonPreemptibleQuota(tree, specs);
        this.growth = new GangGrowth(tree, assigner, nonPreemptibleQuota);
        this.growthByEviction = new GrowthByEviction(tree, nonPreemptibleQuota, minRuntimes, evictingFronts);
    }

    /** Fair shares computed by the last pass, per queue and resource (milli-units). */
    public Map<String, Map<String, Long>> fairShares() {
        return lastShares;
    }

    public void run(List<ClusterQueueState> leaves, SchedulingCycle.Outcome outcome) {
        QuotaNode root = leaves.get(0).node().root();
        Map<String, Map<String, Long>> shares = fairShares.compute(capacity, demand(leaves, outcome));
        lastShares = shares;
        long sharesVersion = sharesVersion(root, shares);
        KaiWaitMemo memo = memos.computeIfAbsent(root, r -> new KaiWaitMemo());
        memo.keepOnly(leaves);
        reservations.beginPass(leaves);
        boolean backfill = reservations.enabled();
        long admissions = leaves.stream().mapToLong(ClusterQueueState::admissionEvents).sum();
        KaiShares bounds = new KaiShares(shares, specs);
        KaiQueueOrder order = new KaiQueueOrder(tree, bounds, capacity);
        ReclaimRules rules = new ReclaimRules(tree, bounds);
        Map<ClusterQueueState, PassQueue> queues = new LinkedHashMap<>();
        shapeIds.keepOnlyAbout(KaiShapeIds.pending(leaves));
        NextQueue nextQueue = new NextQueue(order, outcome, wl -> hypothetical(wl).usage(), shapeIds);
        for (ClusterQueueState q : leaves) {
            if (!q.pending().isEmpty()) {
                queues.put(q, null);
            }
        }
        KaiWaitMemo.State state = state(leaves, outcome, admissions, sharesVersion);
        KaiWaitMemo.StillOnlyNodes stillOnlyNodes = (wait, need) -> stillOnlyNodes(wait, need, rules, leaves);
        // With one queue to serve, the pass visits its workloads in queue order, and those parked as
        // waiting for the nodes are skipped until the state changes: visit only the others until then.
        ParkedSkip skip = null;
        if (!backfill && queues.size() == 1) { // with backfill the first to wait is reserved for: visit them all
            ClusterQueueState only = queues.keySet().iterator().next();
            List<Workload> visit = memo.toVisit(only, state, stillOnlyNodes);
            if (visit != null) {
                queues.put(only, PassQueue.of(visit));
                skip = new ParkedSkip(only, state, only.enqueuedCount());
            }
        }
        queues.replaceAll((q, none) -> none != null ? none : PassQueue.of(q));
        queues.values().removeIf(PassQueue::isEmpty);
        while (!outcome.admissionBlocked()) {
            if (skip != null && !skip.startedIn().equals(state)) {
                skip.visitAllAfter(queues);
                skip = null;
            }
            if (queues.isEmpty()) {
                break;
            }
            ClusterQueueState q = nextQueue.of(queues);
            PassQueue rest = queues.get(q);
            Workload wl = rest.poll();
            ClusterQueueState.Ticket ticket = rest.polledTicket();
            nextQueue.served(q); // its next head is weighed when there is a choice of queues
            if (rest.isEmpty()) {
                queues.remove(q);
            }
            if (skip != null) {
                skip.visited(wl);
            }
            boolean answered = reservations.madeAllFor(q); // no reservation rests on its try any more
            if (answered && memo.stillWaits(wl, state, stillOnlyNodes)) {
                // Nothing to do: it is no preemptor (preempting changes the state), and it was told why it waits.
                continue;
            }
            Pending awaiting = outcome.awaitingVictims(wl.key());
            if (awaiting != null) {
                outcome.waiting(wl, ticket, awaiting);
                continue;
            }
            boolean sticky = outcome.isSticky(wl.key());
            if (sticky) {
                passChanges++; // the room held for it is free now: what waited before it may fit
                state = state(leaves, outcome, admissions, sharesVersion);
            }
            // A preemptor whose room is held is unlike the others of its shape: it alone may use that room;
            // so is a workload whose pods another scheduler places: the nodes never stop it.
            boolean alike = !sticky && !outcome.placedElsewhere(wl.key());
            int shape = alike ? nextQueue.shapeOfServed(wl, ticket) : -1;
            KaiWaitMemo.Answer same = alike && answered ? memo.sameShape(q, shape, state) : null;
            if (same != null && same.unplaced() != null && backfill) {
                same = null; // should the nodes take it now, the reservations must let it start: its try asks them
            }
            if (same != null) {
                // As its try would: the nodes refuse it again (known to the placement memo), and it is
                // among the gangs waiting for nodes, which an autoscaler reads. Should they take it after
                // all, it is admitted, as its try would admit it.
                if (same.unplaced() != null && outcome.place(q, wl, same.unplaced()) == null) {
                    outcome.admit(q, wl, ticket, same.unplaced());
                    passChanges++;
                    memo.forget(q, wl);
                    state = state(leaves, outcome, admissions, sharesVersion);
                    continue;
                }
                waits(q, wl, ticket, new Tried.Waits(same.why(), same.nodesOnly(), same.retryAt(), same.unplaced()), same.why(), state,
                        memo, outcome);
                continue;
            }
            switch (tryWorkload(q, wl, bounds, order, leaves, outcome)) {
                case Tried.Waits w -> {
                    Pending told = reservations.reserve(q, wl, w.why(), outcome);
                    Reservations.Overstayers overstayers = reservations.overstayersFor(wl, outcome);
                    if (overstayers != null) {
                        // Its reservation is due, and what keeps it out is backfilled work that broke its promise.
                        outcome.preempt(q, wl, overstayers.assignment(), overstayers.targets());
                        passChanges++;
                        memo.forget(q, wl);
                        state = state(leaves, outcome, admissions, sharesVersion);
                        queues.remove(q);
                        skip = null;
                        continue;
                    }
                    if (told != w.why() || w.why().why() == Pending.Why.BEHIND_RESERVATION) {
                        // It waits for a reservation, or is told of its own: tried again next time.
                        memo.forget(q, wl);
                        waits(q, wl, ticket, w, told, state, null, outcome);
                        continue;
                    }
                    waits(q, wl, ticket, w, told, state, memo, outcome);
                    if (alike) {
                        memo.answered(q, shape, new KaiWaitMemo.Answer(state, w.why(), w.nodesOnly(), w.retryAt(), w.unplaced()));
                    }
                }
                case Tried.Changed c -> {
                    passChanges++;
                    memo.forget(q, wl);
                    state = state(leaves, outcome, admissions, sharesVersion);
                }
                case Tried.Preempted p -> {
                    passChanges++;
                    memo.forget(q, wl);
                    state = state(leaves, outcome, admissions, sharesVersion);
                    // A preemptor (its room is held for it by the engine): its queue serves nothing
                    // else now, so that its victims' departure is enough next time.
                    queues.remove(q);
                    skip = null;
                }
            }
        }
        // A gang grows beyond its minimum into room a reservation of its queue may need: not while one is held.
        Predicate<ClusterQueueState> mayGrow = q -> !reservations.holdsRoomIn(q);
        int grown = growth.grow(leaves, outcome, mayGrow);
        passChanges += grown;
        resizedInPass |= grown > 0;
        // Then, as KAI's reclaim and preempt actions take every job with pending tasks, the gangs still
        // below their full size make room for their next replicas.
        passChanges += growthByEviction.grow(leaves, outcome, bounds, order,
                () -> state(leaves, outcome, admissions, sharesVersion), mayGrow, resizedInPass);
        resizedInPass = false;
        reservations.endPass(outcome);
    }

    /**
     * The workload waits: it is told why ({@code told}: the wait with its reservation, if it has
     * one), remembered as waiting in {@code state} (unless {@code memo} is null), and tried again
     * when its victims' protection ends.
     */
    private static void waits(ClusterQueueState q, Workload wl, ClusterQueueState.Ticket ticket, Tried.Waits w, Pending told,
            KaiWaitMemo.State state, KaiWaitMemo memo, SchedulingCycle.Outcome outcome) {
        outcome.waiting(wl, ticket, told);
        if (memo != null) {
            memo.waits(q, wl, state, w.why(), w.nodesOnly());
        }
        if (w.retryAt() >= 0) {
            outcome.retryAt(q, w.retryAt());
        }
    }

    /** The state of the tree now, as far as a waiting workload's answer depends on it. */
    private KaiWaitMemo.State state(List<ClusterQueueState> leaves, SchedulingCycle.Outcome outcome, long admissions,
            long sharesVersion) {
        return new KaiWaitMemo.State(outcome.waitVersion(leaves.get(0)), admissions, sharesVersion, passChanges);
    }

    /**
     * Whether a workload that waited for the nodes alone still would, no room having appeared: its
     * full assignment still fits the quota, there is still nothing to reclaim or preempt, and it
     * would be told the same about its fair share.
     */
    private static boolean stillOnlyNodes(KaiWaitMemo.NodesOnly wait, long[] need, ReclaimRules rules,
            List<ClusterQueueState> leaves) {
        ClusterQueueState q = wait.queue();
        if (!KaiVictims.fits(q.node(), need) || KaiVictims.anyToReclaim(q, leaves)
                || KaiVictims.anyToPreempt(q, wait.priority())) {
            return false;
        }
        String overShare = rules.overFairShare(q, need);
        return wait.refusal().equals(overShare != null ? overShare : KaiVictims.NOTHING_TO_RECLAIM);
    }

    /** How many times the fair shares of the tree changed from one pass to the next. */
    private long sharesVersion(QuotaNode root, Map<String, Map<String, Long>> shares) {
        if (!shares.equals(sharesOfTree.put(root, shares))) {
            sharesVersions.merge(root, 1L, Long::sum);
        }
        return sharesVersions.get(root);
    }

    /** Whether the assignment gives every pod set all the pods it asked for. */
    private static boolean isFull(Workload wl, Assignment a) {
        for (int i = 0; i < wl.podSets().size(); i++) {
            if (a.podSets().get(i).count() < wl.podSets().get(i).count()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Admits, preempts for, or finds why one workload waits (the caller reports the wait, so that it
     * can remember it).
     */
    private Tried tryWorkload(ClusterQueueState q, Workload wl, KaiShares bounds, KaiQueueOrder order,
            List<ClusterQueueState> leaves, SchedulingCycle.Outcome outcome) {
        boolean preemptible = wl.priority() < NON_PREEMPTIBLE;
        // The gang's minimum must fit; replicas beyond it are admitted as far as they fit too.
        FitResult fit = assigner.assignLargest(q, wl);
        Assignment assignment = switch (fit) {
            case FitResult.Fits f -> f.assignment();
            case FitResult.NeedsPreemption n -> n.assignment();
            case FitResult.NoFit nf -> null;
        };
        Assignment minimum = assignment != null ? assignment : hypothetical(wl);
        // Checked before anything else: a non-preemptible workload over the quota of its queue or of a
        // parent may neither be admitted nor reclaim (KAI's capacity policy refuses it outright).
        String excess = preemptible ? null : nonPreemptibleQuota.excess(q, minimum.usage(), leaves);
        if (excess != null) {
            Pending limit = overLimitRefusal(fit);
            if (limit != null) {
                // KAI's capacity policy checks the limits of the queue and those above it before a
                // non-preemptible job's quota (IsJobOverQueueCapacity): over both, it is told of the limit.
                return new Tried.Waits(limit.reworded(Pending.Why.OVER_LIMIT, m -> m));
            }
            return new Tried.Waits(new Pending(Pending.Why.NON_PREEMPTIBLE_OVER_QUOTA, "non-preemptible (priority " + wl.priority() + " >= " + NON_PREEMPTIBLE
                    + "): it may only use the quota of its queue and of its parents, and " + excess));
        }
        String unplaced = null;
        if (fit instanceof FitResult.Fits f) {
            unplaced = outcome.place(q, wl, f.assignment());
            if (unplaced == null) {
                Reservations.Verdict verdict = reservations.verdict(q, wl, f.assignment(), outcome);
                if (verdict instanceof Reservations.Verdict.Starts starts) {
                    outcome.admit(q, wl, null, f.assignment(), starts.note());
                    reservations.admitted();
                    return new Tried.Changed();
                }
                // It would delay a reservation of its queue: it waits (its places taken back).
                outcome.unplace(wl.key());
                return new Tried.Waits(((Reservations.Verdict.Refused) verdict).why());
            }
            // Within quota but no node has room: KAI's reclaim and preempt solvers work node by node,
            // so they may make room here too (its tests "... reclaim" with the GPUs spread over nodes).
        }
        if (fit instanceof FitResult.NoFit nf && nf.neverFits()) {
            Pending never = nf.pending();
            return new Tried.Waits(overLimit(never) ? never.reworded(Pending.Why.OVER_LIMIT, m -> m) : never);
        }
        Assignment wanted = minimum;
        KaiVictims victims = new KaiVictims(tree, bounds, order, leaves, minRuntimes, outcome.nowMillis(), evictingFronts);
        KaiVictims.Placeable placeable = (evicted, shrunk) -> outcome.placeableWithout(wl, wanted, evicted, shrunk);
        // KAI's reclaim action runs before its preempt action: other queues first, then its own.
        KaiVictims.Plan plan = victims.reclaim(q, wl, wanted, outcome.evicting(), placeable);
        String noReclaim = victims.refusal();
        if (plan.isEmpty()) {
            plan = victims.preempt(q, wl, wanted, outcome.evicting(), placeable);
        }
        if (!plan.isEmpty()) {
            // Replicas beyond other gangs' minimums leave at once; whole gangs are evicted and waited for.
            plan.shrinks().forEach(x -> outcome.shrink(x.victim(), x.smaller(), wl));
            resizedInPass |= !plan.shrinks().isEmpty();
            if (plan.evictions().isEmpty()) {
                admitOrExplain(q, wl, outcome);
                return new Tried.Changed();
            }
            outcome.preempt(q, wl, wanted, plan.evictions());
            return new Tried.Preempted();
        }
        Pending why = switch (fit) {
            case FitResult.NoFit nf -> nf.pending();
            case FitResult.NeedsPreemption n -> Pending.quota(n.shortage());
            case FitResult.Fits f -> SchedulingCycle.unplacedReason(q, unplaced);
        };
        String protectedNote = victims.protectedNote();
        Pending reason = why.reworded(kaiWhy(why, victims, protectedNote), m -> m + "; nothing can be reclaimed for it: "
                + noReclaim + ", and no lower-priority preemptible workload of queue " + q.name() + " frees enough"
                + protectedNote);
        boolean nodesOnly = fit instanceof FitResult.Fits f && preemptible && isFull(wl, f.assignment())
                && protectedNote.isEmpty() && !KaiVictims.anyToReclaim(q, leaves) && !KaiVictims.anyToPreempt(q, wl.priority());
        // Gangs protected by their minimum run time may be taken once it is over: try again then.
        return new Tried.Waits(reason, nodesOnly
                ? new KaiWaitMemo.NodesOnly(q, wl.priority(), KaiWaitMemo.asList(wanted.usage()), noReclaim) : null,
                victims.protectedUntil().orElse(-1), fit instanceof FitResult.Fits f ? f.assignment() : null);
    }

    /**
     * A wait for quota in KAI's terms, in this order: the queue's own limit stops it (now or ever), its queue would
     * be above its fair share (so it may not reclaim), or the gangs that would give way are protected
     * by their minimum run time; any other reason stays as the flavor assignment found it.
     */
    private static Pending.Why kaiWhy(Pending why, KaiVictims victims, String protectedNote) {
        if (overLimit(why)) {
            return Pending.Why.OVER_LIMIT;
        }
        if (why.why() != Pending.Why.WAITING_FOR_QUOTA) {
            return why.why();
        }
        if (victims.refusedOverFairShare()) {
            return Pending.Why.OVER_FAIR_SHARE;
        }
        return protectedNote.isEmpty() ? Pending.Why.WAITING_FOR_QUOTA : Pending.Why.MIN_RUNTIME_PROTECTED;
    }

    /** Why a workload that does not fit waits, when a limit (its queue's or one above it) is what stops it; else null. */
    private static Pending overLimitRefusal(FitResult fit) {
        return fit instanceof FitResult.NoFit nf && overLimit(nf.pending()) ? nf.pending() : null;
    }

    /** A quota wait that a limit causes (its queue's or one above it): KAI says OverLimit whether or not the request alone passes it. */
    private static boolean overLimit(Pending why) {
        boolean quota = why.why() == Pending.Why.WAITING_FOR_QUOTA || why.why() == Pending.Why.EXCEEDS_MAX_QUOTA;
        return quota && why.shortages().stream().anyMatch(dev.muster.core.model.Shortage::overLimit);
    }

    /** Admits the workload now if it fits the quota and the nodes (after shrinks made room), else says why it waits. */
    private void admitOrExplain(ClusterQueueState q, Workload wl, SchedulingCycle.Outcome outcome) {
        switch (assigner.assignLargest(q, wl)) {
            case FitResult.Fits f -> {
                String unplaceable = outcome.place(q, wl, f.assignment());
                if (unplaceable == null) {
                    outcome.admit(q, wl, f.assignment());
                } else {
                    outcome.waiting(wl, SchedulingCycle.unplacedReason(q, unplaceable));
                }
            }
            case FitResult.NeedsPreemption n -> outcome.waiting(wl, Pending.quota(n.shortage()));
            case FitResult.NoFit nf -> outcome.waiting(wl, nf.pending());
        }
    }

    /** The minimum assignment in the queue's only flavor, for a workload that does not fit now. */
    private Assignment hypothetical(Workload wl) {
        FlavorResourceIndex index = tree.index();
        long[] usage = new long[index.size()];
        List<dev.muster.core.queue.PodSetAssignment> podSets = new ArrayList<>();
        for (PodSet ps : wl.podSets()) {
            Map<String, String> flavors = new LinkedHashMap<>();
            ps.perPod().amounts().forEach((r, amount) -> {
                int fr = index.indexOf(KaiQuotaTree.FLAVOR, r);
                if (fr >= 0) {
                    usage[fr] = Saturating.add(usage[fr], Saturating.multiply(amount.milli(), ps.minCount()));
                    flavors.put(r, KaiQuotaTree.FLAVOR);
                }
            });
            podSets.add(new dev.muster.core.queue.PodSetAssignment(ps.name(), ps.minCount(), flavors));
        }
        return new Assignment(podSets, usage, true);
    }

    /** Adds to {@code demand} what the gang's pods not running yet ask for, per resource. */
    private static void missingReplicas(AdmittedWorkload g, Map<String, Long> demand) {
        List<PodSetAssignment> running = g.assignment().podSets();
        for (int i = 0; i < running.size(); i++) {
            PodSet ps = g.workload().podSets().get(i);
            int missing = ps.count() - running.get(i).count();
            if (missing > 0) {
                ps.perPod().amounts().forEach((r, amount) -> demand.merge(r,
                        Saturating.multiply(amount.milli(), missing), Saturating::add));
            }
        }
    }

    /**
     * Per leaf queue and resource: what it uses plus what its pending workloads ask for (full
     * counts), and the pods its partly running gangs still ask for.
     */
    private Map<String, Map<String, Long>> demand(List<ClusterQueueState> leaves, SchedulingCycle.Outcome outcome) {
        Map<String, Map<String, Long>> demand = new HashMap<>();
        for (ClusterQueueState q : leaves) {
            Map<String, Long> d = new HashMap<>();
            for (String r : KaiQuotaTree.RESOURCES) {
                int fr = tree.index().indexOf(KaiQuotaTree.FLAVOR, r);
                // Room held for a preemptor is not yet its queue's: the preemptor counts as pending.
                d.put(r, fr < 0 ? 0 : q.node().usage(fr) - outcome.held(q, fr));
            }
            q.pendingDemand().forEach((r, amount) -> d.merge(r, amount, Saturating::add));
            // A gang running below its full size still asks for the rest: KAI counts pending tasks of
            // every job in its queue's request (proportion.go updateQueuesCurrentResourceUsage).
            for (AdmittedWorkload g : q.belowFullCount()) {
                missingReplicas(g, d);
            }
            demand.put(q.name(), d);
        }
        return demand;
    }
}
