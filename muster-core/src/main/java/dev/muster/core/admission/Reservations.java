package dev.muster.core.admission;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Pending;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.quantity.Durations;
import dev.muster.core.quantity.Saturating;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * The reservations of one pass over a cohort tree, and the backfill rule they impose
 * ({@link BackfillPolicy}). They are made in every pass, from the state of that pass: a run
 * that overstays its expected time moves the reservations that wait for it, and a workload that
 * got ahead of a reserved one (a higher priority, arriving later) moves it too. What a pass would
 * find exactly as an earlier one did is taken from that one ({@link KeptReservations}): a
 * reservation is found again only when something it rests on changed.
 *
 * <p>How a reservation is found: the workloads holding quota in the tree are taken in the order
 * they are expected to end (one whose expected time has passed is taken to end now; one without an
 * expected run time never ends), and their usage is taken away from the tree one instant at a time
 * until the waiting workload fits its quota (Kueue's own flavor assignment decides, with no
 * preemption) and, when Muster places pods, its pods fit on the nodes so freed. That instant is the
 * reservation's start. Earlier reservations of the pass are counted as holding their room from now
 * on, so that a later one never takes theirs. Pods are placed in these trials as of the instant
 * tried, each gang with its expected end (temporal placement), as they would be placed then.
 *
 * <p>The backfill rule: a workload behind a reservation (later in the queue order; of the same
 * queue only in KAI queues and with Kueue's fair sharing) that fits now starts only if it ends
 * before the reservation starts (by its expected run time; a workload without one never does), or
 * if the reserved workload still fits at its start with it running beside. The trial changes the
 * tree and the nodes for a moment and puts them back as they were.
 */
public final class Reservations {

    /** Victims that let a due reservation's workload in now: workloads that broke their backfill promise. */
    public record Overstayers(Assignment assignment, List<PreemptionTarget> targets) {
    }

    private static final FlavorAssigner.PreemptionOracle NO_PREEMPTION =
            (q, w, usage, needed) -> FlavorAssigner.Possibility.NO_CANDIDATES;

    private final QuotaTree tree;
    private final FlavorAssigner assigner;
    private final BackfillPolicy policy;
    /** KAI: a gang starts at its minimum, so that is what must fit; Kueue: every pod set's count. */
    private final boolean atGangMinimum;
    /**
     * KAI, and Kueue with fair sharing: a reservation holds back only its own queue. Another queue
     * below its fair share may take free room (and in KAI reclaim it from the reserved queue anyway);
     * holding it back would put a reservation above fair sharing.
     */
    private final boolean ownQueueOnly;
    /**
     * Which workloads that broke their promise may be preempted for it: the "preemptible ones
     * only". In KAI a workload of priority 100 and up is never evicted; Kueue has no such class.
     */
    private final Predicate<Workload> preemptible;

    private List<ClusterQueueState> queues = List.of();
    private final List<Reservation> held = new ArrayList<>();
    private final Map<String, Integer> madeIn = new HashMap<>();
    /**
     * The workloads backfilled on the promise to end before a reservation, per cohort tree; kept
     * across passes while they run, for {@code preemptOverstaying}; shared with the engine.
     */
    private final BackfillPromises allPromises;
    /** Those of the tree of this pass (live). */
    private Map<ObjectKey, BackfillPromise> promises = new HashMap<>();
    private QuotaNode root;
    /** Found by {@link #reserve} for the workload it was asked about, when that one may evict overstayers. */
    private Overstayers overstayers;
    private ObjectKey overstayersFor;
    /** The tree's expected ends, soonest first, read as far as asked; null until asked for, and again after an admission. */
    private EndsInOrder ends;
    /** Reservations of earlier passes, found again only when what they rest on changed. */
    private final KeptReservations kept = new KeptReservations();
    /** Whether a reservation fits beside a workload, as found before while nothing it rests on changed. */
    private final BesideAnswers beside = new BesideAnswers();

    /** Kueue's: full counts must fit, and a reservation holds back the whole cohort tree. */
    Reservations(QuotaTree tree, FlavorAssigner assigner, BackfillPolicy policy, BackfillPromises promises) {
        this(tree, assigner, policy, promises, false, false, w -> true);
    }

    /**
     * Kueue's with fair sharing: full counts, and a reservation holds back its own ClusterQueue only
     * (the tournament orders queues by share: holding back a queue with a smaller share for another's
     * reservation would put the reservation above fair sharing).
     */
    static Reservations forFairSharing(QuotaTree tree, FlavorAssigner assigner, BackfillPolicy policy,
            BackfillPromises promises) {
        return new Reservations(tree, assigner, policy, promises, false, true, w -> true);
    }

    /**
     * KAI's: gangs at their minimum, a reservation holds back its own leaf queue only, and of the
     * workloads that broke their promise only the {@code preemptible} ones are preempted for it.
     */
    public static Reservations forKai(QuotaTree tree, FlavorAssigner assigner, BackfillPolicy policy,
            BackfillPromises promises, Predicate<Workload> preemptible) {
        return new Reservations(tree, assigner, policy, promises, true, true, preemptible);
    }

    private Reservations(QuotaTree tree, FlavorAssigner assigner, BackfillPolicy policy, BackfillPromises promises,
            boolean atGangMinimum, boolean ownQueueOnly, Predicate<Workload> preemptible) {
        this.preemptible = preemptible;
        this.allPromises = promises;
        this.tree = tree;
        this.assigner = assigner;
        this.policy = policy;
        this.atGangMinimum = atGangMinimum;
        this.ownQueueOnly = ownQueueOnly;
    }

    public boolean enabled() {
        return policy.enabled();
    }

    /** A pass over the tree of {@code members} begins: nothing is reserved yet. */
    public void beginPass(List<ClusterQueueState> members) {
        queues = members;
        root = members.get(0).node().root();
        if (policy.preemptOverstaying()) {
            promises = allPromises.of(root);
        }
        held.clear();
        madeIn.clear();
        ends = null;
        overstayers = null;
        overstayersFor = null;
    }

    /** A workload was admitted in the pass: it holds quota from now on, until its own expected end. */
    public void admitted() {
        ends = null;
    }

    /**
     * Whether the pass makes no more reservations for workloads of {@code queue} (always, with
     * backfill off): a workload of it told to wait from now on is told why as it is, and what it
     * is told rests on no reservation of its own.
     */
    public boolean madeAllFor(ClusterQueueState queue) {
        return !policy.enabled() || madeIn.getOrDefault(queue.name(), 0) >= policy.reservationDepth();
    }

    /** Whether a reservation of this pass is for a workload of {@code queue}. */
    public boolean holdsRoomIn(ClusterQueueState queue) {
        return held.stream().anyMatch(r -> r.queue() == queue);
    }

    /**
     * The pass is over: if it made reservations, the engine passes over the tree again when its next
     * run is expected to end, as a run that overstays then moves the reservations waiting for it.
     */
    public void endPass(SchedulingCycle.Outcome outcome) {
        if (!held.isEmpty()) {
            nextExpectedEnd(outcome).ifPresent(at -> outcome.retryAt(queues.get(0), at));
        }
    }

    /**
     * A workload waits for {@code reason}: if it is among the first of its queue to wait for room,
     * room is reserved for it; returns the reason, saying where and when it is reserved.
     */
    public Pending reserve(ClusterQueueState cq, Workload wl, Pending reason, SchedulingCycle.Outcome outcome) {
        if (!policy.enabled() || !waitsForRoom(reason) || madeIn.getOrDefault(cq.name(), 0) >= policy.reservationDepth()
                || held.stream().anyMatch(r -> r.workload().key().equals(wl.key()))) {
            return reason;
        }
        madeIn.merge(cq.name(), 1, Integer::sum);
        Reservation r = find(cq, wl, outcome);
        if (r == null) {
            return reason.reworded(reason.why(), m -> m + "; no room can be reserved for it: what holds the room"
                    + " it needs has no expected run time");
        }
        held.add(r);
        long now = outcome.nowMillis();
        if (policy.preemptOverstaying() && r.startsMillis() <= now) {
            overstayers = overstayers(cq, wl, outcome);
            overstayersFor = overstayers == null ? null : wl.key();
        }
        return reason.reworded(reason.why(), m -> m + "; " + describe(r, now));
    }

    /**
     * The workloads to preempt so that {@code wl}, whose reservation is due, is admitted now (it was
     * just told to wait, by {@link #reserve}); null when there are none ({@code preemptOverstaying}
     * off, or evicting those that broke their promise would not make room).
     */
    public Overstayers overstayersFor(Workload wl, SchedulingCycle.Outcome outcome) {
        // Asked for every workload told to wait, when mostly none is due: the workload is not read then.
        if (overstayersFor == null || !overstayersFor.equals(wl.key())) {
            return null;
        }
        // Found before another workload's preemption in this pass took one of them (the tournament
        // settles a head again after each play, and its reservation, already held, is not made
        // anew): as Kueue skips a workload whose preemption targets overlap another's in a cycle,
        // it waits for the next cycle rather than evict a workload twice.
        for (PreemptionTarget t : overstayers.targets()) {
            if (outcome.evicting().contains(t.victim().workload().key())) {
                return null;
            }
        }
        return overstayers;
    }

    /**
     * Whether a workload whose wait the pass knows already should be tried anyway: with
     * {@code preemptOverstaying}, a backfilled workload ran past its promise, so a due reservation
     * may evict it, which only a try does.
     */
    public boolean mayEvictOverstayers(SchedulingCycle.Outcome outcome) {
        if (!policy.preemptOverstaying() || promises.isEmpty()) {
            return false;
        }
        long now = outcome.nowMillis();
        return promises.values().stream().anyMatch(p -> p.endsByMillis() < now);
    }

    /**
     * Among the workloads that ran past their promise, the fewest, latest admitted first, whose
     * eviction lets {@code wl} fit now (quota and nodes); null if even all of them do not.
     */
    private Overstayers overstayers(ClusterQueueState cq, Workload wl, SchedulingCycle.Outcome outcome) {
        long now = outcome.nowMillis();
        List<RunEnd> broken = new ArrayList<>();
        java.util.Set<ObjectKey> running = new java.util.HashSet<>();
        for (RunEnd e : ends(outcome)) {
            running.add(e.workload());
            BackfillPromise p = promises.get(e.workload());
            // One evicted already in this cycle (for another reservation, or by preemption) is on its
            // way out: evicting it again would tell its job to stop twice.
            if (p != null && p.endsByMillis() < now && !outcome.evicting().contains(e.workload())
                    && preemptible.test(e.admitted().workload())) {
                broken.add(e);
            }
        }
        allPromises.keepOnly(root, running);
        broken.sort(Comparator.comparingLong((RunEnd e) -> -e.admitted().admittedAtMillis())
                .thenComparing(RunEnd::workload));
        List<RunEnd> taken = new ArrayList<>();
        try {
            for (RunEnd e : broken) {
                tree.remove(e.queue().node(), e.usage());
                taken.add(e);
                if (assigner.assign(cq, wl, counts(wl), NO_PREEMPTION) instanceof FitResult.Fits f
                        && outcome.nodesAt(wl, f.assignment(), now, taken.stream().map(RunEnd::workload).toList(),
                                List.of()) != null) {
                    List<PreemptionTarget> targets = taken.stream()
                            .map(t -> new PreemptionTarget(t.admitted(), PreemptionTarget.BACKFILL_OVERSTAYED)).toList();
                    return new Overstayers(f.assignment(), targets);
                }
            }
            return null;
        } finally {
            for (int t = taken.size() - 1; t >= 0; t--) {
                tree.add(taken.get(t).queue().node(), taken.get(t).usage());
            }
        }
    }

    /** Whether a workload that fits now may start, with the reservations of the pass. */
    public sealed interface Verdict {
        /** It starts; {@code note} says which reservations it passed and how (empty if it passed none). */
        record Starts(String note) implements Verdict {
        }

        /** It would delay a reservation: it waits, and {@code why} says for which. */
        record Refused(Pending why) implements Verdict {
        }
    }

    private static final Verdict.Starts FREE = new Verdict.Starts("");

    /** Whether the workload, which fits now with {@code assignment}, delays no reservation of the pass. */
    public Verdict verdict(ClusterQueueState cq, Workload wl, Assignment assignment, SchedulingCycle.Outcome outcome) {
        // A promise holds for one admission: one from an earlier run (the workload evicted since) is void.
        if (!promises.isEmpty()) { // asked for every admission; a key's hash is not free
            allPromises.forget(wl.key());
        }
        if (held.isEmpty()) {
            return FREE;
        }
        long now = outcome.nowMillis();
        OptionalLong runtime = outcome.expectedRuntimeMillis(wl.key());
        List<String> passed = new ArrayList<>();
        for (int k = 0; k < held.size(); k++) {
            Reservation r = held.get(k);
            if (r.workload().key().equals(wl.key()) || Workload.QUEUE_ORDER.compare(r.workload(), wl) > 0) {
                continue; // ahead of the reserved workload in the queue order: reservations do not hold it back
            }
            if (ownQueueOnly && r.queue() != cq) {
                continue;
            }
            if (runtime.isPresent() && Saturating.add(now, runtime.getAsLong()) <= r.startsMillis()) {
                if (policy.preemptOverstaying()) {
                    allPromises.promised(root, new BackfillPromise(wl.key(), r.workload().key(),
                            Saturating.add(now, runtime.getAsLong())));
                }
                passed.add("backfilled: ends before the reservation of " + r.workload().key() + " (from "
                        + instant(r.startsMillis()) + ")");
            } else if (stillFitsBeside(k, cq, wl, assignment.usage(), outcome)) {
                passed.add("backfilled beside the reservation of " + r.workload().key());
            } else {
                String until = runtime.isPresent() ? "it is expected to run " + Durations.text(runtime.getAsLong())
                        + ", past that start," : "it has no expected run time, so it counts as running past that start,";
                return new Verdict.Refused(new Pending(Pending.Why.BEHIND_RESERVATION, "starting it now would delay "
                        + r.workload().key() + ", for which room is " + describe(r, now) + ": " + until
                        + " and it does not fit beside it"));
            }
        }
        return passed.isEmpty() ? FREE : new Verdict.Starts(String.join("; ", passed));
    }

    /**
     * In words: "reserved from t=12m (when a, b are expected to end) on nodes n1, n2"; once the runs
     * it waits for are past their expected end, "reserved as soon as a, b end (expected by t=12m;
     * they run past that)", not "from now", so that the words stay the same while they overstay.
     */
    static String describe(Reservation r, long nowMillis) {
        // An instant, not a time from now, so that the words stay the same from cycle to cycle.
        boolean overdue = r.dueMillis() < nowMillis && !r.awaited().isEmpty();
        StringBuilder out = new StringBuilder("reserved ");
        if (overdue) {
            out.append("as soon as ");
        } else {
            out.append("from ").append(instant(Math.max(nowMillis, r.startsMillis())));
        }
        if (!r.awaited().isEmpty()) {
            List<ObjectKey> shown = r.awaited().subList(Math.max(0, r.awaited().size() - 3), r.awaited().size());
            boolean one = r.awaited().size() == 1;
            out.append(overdue ? "" : " (when ");
            if (r.awaited().size() > shown.size()) {
                out.append(r.awaited().size() - shown.size()).append(" more and ");
            }
            out.append(String.join(", ", shown.stream().map(ObjectKey::toString).toList()));
            if (overdue) {
                out.append(one ? " ends" : " end").append(" (expected by ").append(instant(r.dueMillis()))
                        .append(one ? "; it runs" : "; they run").append(" past that)");
            } else {
                out.append(one ? " is" : " are").append(" expected to end)");
            }
        }
        if (!r.nodes().isEmpty()) {
            out.append(" on node").append(r.nodes().size() == 1 ? " " : "s ").append(String.join(", ", r.nodes()));
        }
        return out.toString();
    }

    /**
     * An instant in words: wall-clock time (UTC, to the second) for the operator, whose clock is
     * epoch milliseconds; the time since the start of the run for the simulator, whose clock starts
     * at zero ("t=1h5m").
     */
    static String instant(long millis) {
        if (millis >= EPOCH_CLOCK_FROM) {
            return java.time.Instant.ofEpochMilli(millis).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        }
        return "t=" + Durations.text(millis);
    }

    /** 2001-09-09: no simulation runs that long, and no live cluster's clock reads earlier. */
    private static final long EPOCH_CLOCK_FROM = 1_000_000_000_000L;

    private static boolean waitsForRoom(Pending reason) {
        return switch (reason.why()) {
            // KAI's waits for room too: nothing free and its queue may not reclaim, or its own limit.
            case WAITING_FOR_QUOTA, WAITING_FOR_NODES, MIN_RUNTIME_PROTECTED, OVER_FAIR_SHARE, OVER_LIMIT -> true;
            default -> false;
        };
    }

    /**
     * The earliest instant the workload fits as the tree's runs end, or null if none does before
     * "never": the one found in an earlier pass while nothing it rests on changed ({@link KeptReservations}).
     */
    private Reservation find(ClusterQueueState cq, Workload wl, SchedulingCycle.Outcome outcome) {
        long now = outcome.nowMillis();
        KeptReservations.Ground ground = KeptReservations.Ground.of(queues, tree, outcome);
        KeptReservations.Found found = kept.lookUp(root, wl, cq, held, ground, now);
        if (found.holds()) {
            return found.reservation();
        }
        Reservation r = findAfresh(cq, wl, outcome);
        kept.keep(root, wl, cq, held, ground, r, now, nextEndAfter(now, outcome));
        return r;
    }

    /** The first expected end after {@code now} ({@link Long#MAX_VALUE}: none). */
    private long nextEndAfter(long now, SchedulingCycle.Outcome outcome) {
        for (RunEnd e : ends(outcome)) {
            if (e.endMillis() > now) {
                return e.endMillis();
            }
        }
        return Long.MAX_VALUE;
    }

    private Reservation findAfresh(ClusterQueueState cq, Workload wl, SchedulingCycle.Outcome outcome) {
        EndsInOrder all = ends(outcome);
        int[] counts = counts(wl);
        List<Reservation> earlier = List.copyOf(held);
        earlier.forEach(r -> tree.add(r.queue().node(), r.assignment().usage()));
        List<RunEnd> taken = new ArrayList<>();
        try {
            int i = 0;
            while (true) {
                long at = i == 0 ? outcome.nowMillis() : all.get(i - 1).endMillis();
                if (at == Long.MAX_VALUE) {
                    return null;
                }
                if (assigner.assign(cq, wl, counts, NO_PREEMPTION) instanceof FitResult.Fits f) {
                    List<ObjectKey> gone = taken.stream().map(RunEnd::workload).toList();
                    List<String> nodes = outcome.nodesAt(wl, f.assignment(), at, gone, earlier);
                    if (nodes != null) {
                        long due = taken.stream().mapToLong(RunEnd::expectedMillis).max().orElse(at);
                        return new Reservation(wl, cq, f.assignment(), at, gone, due, nodes);
                    }
                }
                if (all.get(i) == null) {
                    return null;
                }
                // Everything ending at the same instant goes at once.
                long next = all.get(i).endMillis();
                if (next == Long.MAX_VALUE) {
                    return null;
                }
                while (all.get(i) != null && all.get(i).endMillis() == next) {
                    RunEnd e = all.get(i++);
                    tree.remove(e.queue().node(), e.usage());
                    taken.add(e);
                }
            }
        } finally {
            for (int t = taken.size() - 1; t >= 0; t--) {
                tree.add(taken.get(t).queue().node(), taken.get(t).usage());
            }
            earlier.forEach(r -> tree.remove(r.queue().node(), r.assignment().usage()));
        }
    }

    /** As {@link #stillFits}, as found before while nothing it rests on changed ({@link BesideAnswers}). */
    private boolean stillFitsBeside(int k, ClusterQueueState cq, Workload wl, long[] usage,
            SchedulingCycle.Outcome outcome) {
        Reservation r = held.get(k);
        long now = outcome.nowMillis();
        if (r.startsMillis() <= now) {
            return stillFits(k, cq, usage, outcome); // due: it starts "now", which moves
        }
        KeptReservations.Ground ground = KeptReservations.Ground.of(queues, tree, outcome,
                outcome.nodesStateBefore(wl.key()));
        List<dev.muster.core.placement.PodPlacement> pods = outcome.placedPods(wl.key());
        Boolean known = beside.answer(root, k, r, cq, usage, pods, ground, now);
        if (known != null) {
            return known;
        }
        boolean fits = stillFits(k, cq, usage, outcome);
        beside.keep(root, k, r, cq, usage, pods, ground, now, nextEndAfter(now, outcome), fits);
        return fits;
    }

    /**
     * Whether reservation {@code k} still fits at its start with a workload of {@code cq} holding
     * {@code usage} beside it (its pods are already placed, when Muster places pods).
     */
    private boolean stillFits(int k, ClusterQueueState cq, long[] usage, SchedulingCycle.Outcome outcome) {
        Reservation r = held.get(k);
        List<Reservation> earlier = held.subList(0, k);
        List<RunEnd> taken = new ArrayList<>();
        earlier.forEach(e -> tree.add(e.queue().node(), e.assignment().usage()));
        tree.add(cq.node(), usage);
        try {
            for (RunEnd e : ends(outcome)) {
                if (e.endMillis() > r.startsMillis()) {
                    break;
                }
                tree.remove(e.queue().node(), e.usage());
                taken.add(e);
            }
            if (!(assigner.assign(r.queue(), r.workload(), counts(r.workload()), NO_PREEMPTION)
                    instanceof FitResult.Fits f)) {
                return false;
            }
            // at its start; a due one starts now
            return outcome.nodesAt(r.workload(), f.assignment(), Math.max(outcome.nowMillis(), r.startsMillis()),
                    taken.stream().map(RunEnd::workload).toList(), List.copyOf(earlier)) != null;
        } finally {
            for (int t = taken.size() - 1; t >= 0; t--) {
                tree.add(taken.get(t).queue().node(), taken.get(t).usage());
            }
            tree.remove(cq.node(), usage);
            earlier.forEach(e -> tree.remove(e.queue().node(), e.assignment().usage()));
        }
    }

    /** The tree's runs by their expected ends, as the queues' holders are now (read again after an admission or a resize). */
    private EndsInOrder ends(SchedulingCycle.Outcome outcome) {
        if (ends == null || !ends.current()) {
            ends = new EndsInOrder(queues, outcome.nowMillis(), outcome::heldEnds);
        }
        return ends;
    }

    /** The instant the next run of the tree is expected to end after now, when a reservation may move; empty if none. */
    private OptionalLong nextExpectedEnd(SchedulingCycle.Outcome outcome) {
        long now = outcome.nowMillis();
        for (RunEnd e : ends(outcome)) {
            if (e.endMillis() > now && e.endMillis() != Long.MAX_VALUE) {
                return OptionalLong.of(e.endMillis());
            }
        }
        return OptionalLong.empty();
    }

    /** What must fit of a workload: every pod set's count (Kueue), or its gang minimum (KAI). */
    private int[] counts(Workload wl) {
        List<PodSet> podSets = wl.podSets();
        int[] counts = new int[podSets.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = atGangMinimum ? podSets.get(i).minCount() : podSets.get(i).count();
        }
        return counts;
    }
}
