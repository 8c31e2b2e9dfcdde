package dev.muster.core.admission;

import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;

import dev.muster.core.fairshare.DominantResourceShare;
import dev.muster.core.fairshare.Share;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.preemption.Preemptor;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * One pass of admission over the ClusterQueues of one cohort tree. Unlike Kueue, which admits at
 * most one head per ClusterQueue per cycle, it keeps going until no pending workload of the tree
 * fits, so a burst of arrivals is admitted in one cycle.
 *
 * <p>The order across queues is Kueue's: a preemptor whose victims are gone first, then workloads
 * that borrow from lower in the cohort tree (none at all first), then higher priority, then older. With fair sharing, the lowest
 * dominant resource share after admission comes first. Keys change as usage grows during the
 * pass, so they are re-evaluated lazily: a candidate whose key got worse than the next one in the
 * heap goes back into the heap.
 */
public final class SchedulingCycle {

    /**
     * The order of a cycle's heads: sticky preemptors, then the smaller share (fair sharing), then
     * the lower borrowing level, then the workloads' queue order — priority first unless Kueue's
     * feature gate PrioritySortingWithinCohort is off, then creation time.
     */
    private final Comparator<Candidate> order;

    private final QuotaTree tree;
    private final FlavorAssigner assigner;
    private final Preemptor preemptor;
    private final DominantResourceShare shares;
    private final boolean fairSharing;

    public SchedulingCycle(QuotaTree tree, FlavorAssigner assigner, Preemptor preemptor, boolean fairSharing) {
        this(tree, assigner, preemptor, fairSharing, true);
    }

    public SchedulingCycle(QuotaTree tree, FlavorAssigner assigner, Preemptor preemptor, boolean fairSharing,
            boolean prioritySortingWithinCohort) {
        this.order = Comparator
                .comparing((Candidate c) -> !c.sticky)
                .thenComparing((Candidate c) -> c.share)
                .thenComparingInt(c -> c.borrowingLevel)
                .thenComparing(c -> c.workload, prioritySortingWithinCohort ? Workload.QUEUE_ORDER : Workload.FIFO_ORDER);
        this.tree = tree;
        this.assigner = assigner;
        this.preemptor = preemptor;
        this.shares = new DominantResourceShare(tree.index());
        this.fairSharing = fairSharing;
    }

    /** The engine's side of a pass: what it knows about preemptions under way, and what it does with results. */
    public interface Outcome {
        /** Called for each workload that fits, in admission order; the engine charges the quota. */
        void admit(ClusterQueueState cq, Workload wl, Assignment assignment);

        /** The workload fits once {@code targets} are gone; the engine evicts them and makes it wait. */
        void preempt(ClusterQueueState cq, Workload wl, Assignment assignment, List<PreemptionTarget> targets);

        void waiting(Workload wl, String reason);

        /** Takes the pods of {@code victim} beyond its gang minimum away (down to {@code smaller}) for {@code wl}. */
        void shrink(AdmittedWorkload victim, Assignment smaller, Workload wl);

        /** Gives an admitted gang more of its replicas, now that they fit. */
        void grow(AdmittedWorkload gang, Assignment larger);

        /**
         * When nodes are known: places the whole gang and holds its place, returning null; or
         * returns why its pods do not all fit on the nodes (nothing held). Always null without nodes.
         */
        String place(ClusterQueueState cq, Workload wl, Assignment assignment);

        /**
         * Whether the gang's pods would all fit on the nodes were {@code victims} gone (true without
         * nodes): victim searches keep removing candidates until this holds too.
         */
        boolean placeableWithout(Workload wl, Assignment assignment, List<ObjectKey> victims);

        /**
         * As {@link #placeableWithout(Workload, Assignment, List)}, with gangs that would also run
         * smaller: each of {@code shrunk} keeps only the pods of its new assignment.
         */
        boolean placeableWithout(Workload wl, Assignment assignment, List<ObjectKey> victims,
                java.util.Map<ObjectKey, Assignment> shrunk);

        /**
         * What the queue's usage includes only because room is held there for a preemptor during
         * this pass (0 when nothing is): usage the queue does not have yet.
         */
        long held(ClusterQueueState cq, int flavorResource);

        /** Why the workload waits for victims of its earlier preemption to stop, or null if it does not. */
        String awaitingVictims(ObjectKey workload);

        /** Whether the workload preempted and its victims are gone: it goes first. */
        boolean isSticky(ObjectKey workload);

        /** Victims of preemptions under way, never counted again. */
        Set<ObjectKey> evicting();

        /** No more admissions in this pass (waitForPodsReady.blockAdmission after an admission). */
        boolean admissionBlocked();

        /**
         * Workloads of one ClusterQueue with the same priority and the same pod sets share a shape:
         * what admits (or stops) one admits (or stops) the others. Kueue calls it the scheduling
         * equivalence hash.
         */
        int shapeOf(Workload wl);

        /** How many times quota was freed in the tree of {@code cq}; "does not fit" holds until it changes. */
        long freedVersion(ClusterQueueState cq);

        /** The time of this pass (virtual or real milliseconds). */
        long nowMillis();

        /**
         * A workload of {@code cq} waits for something that ends at {@code atMillis} with no event
         * (a victim's minimum run time): the engine passes over its tree again then.
         */
        void retryAt(ClusterQueueState cq, long atMillis);
    }

    /**
     * One pass over the ClusterQueues of a cohort tree. A preemptor's room is held for it by the
     * engine from the moment it preempts ({@link Outcome#preempt}), so no later workload of the
     * pass takes the free part of it.
     */
    public void run(List<ClusterQueueState> queues, Outcome outcome) {
        if (fairSharing && queues.get(0).node().hasParent()) {
            runTournament(queues, outcome);
        } else {
            runInOrder(queues, outcome);
        }
    }

    private void runInOrder(List<ClusterQueueState> queues, Outcome outcome) {
        PriorityQueue<Candidate> heap = new PriorityQueue<>(order);
        for (ClusterQueueState cq : queues) {
            push(Candidate.first(cq), heap, outcome);
        }
        while (!heap.isEmpty() && !outcome.admissionBlocked()) {
            Candidate c = heap.poll();
            String awaiting = outcome.awaitingVictims(c.workload.key());
            if (awaiting != null) {
                outcome.waiting(c.workload, awaiting);
                if (!blocks(c, outcome)) {
                    push(c.next(), heap, outcome);
                }
                continue;
            }
            Attempt attempt = attempt(c.queue, c.workload, outcome);
            switch (attempt) {
                case Attempt.Admit admit -> {
                    if (requeueIfOvertaken(c, admit.assignment(), heap)) {
                        continue;
                    }
                    String unplaceable = outcome.place(c.queue, c.workload, admit.assignment());
                    if (unplaceable != null) {
                        String reason = unplacedReason(c.queue, unplaceable);
                        outcome.waiting(c.workload, reason);
                        markInadmissible(c, reason, outcome);
                        if (!blocks(c, outcome)) {
                            push(c.next(), heap, outcome);
                        }
                        continue;
                    }
                    outcome.admit(c.queue, c.workload, admit.assignment());
                    push(c.next(), heap, outcome);
                }
                case Attempt.Preempt preempt -> {
                    // The preemptor waits for its victims; nothing else of its queue goes ahead of it now.
                    outcome.preempt(c.queue, c.workload, preempt.assignment(), preempt.targets());
                    if (c.queue.spec().queueingStrategy() == QueueingStrategy.STRICT_FIFO) {
                        blockBehind(c, outcome);
                    }
                }
                case Attempt.Wait wait -> {
                    outcome.waiting(c.workload, wait.reason());
                    markInadmissible(c, wait.reason(), outcome);
                    if (!blocks(c, outcome)) {
                        push(c.next(), heap, outcome);
                    }
                }
            }
        }
    }

    /** Why a workload that fits its quota waits for room on the nodes. */
    public static String unplacedReason(ClusterQueueState cq, String unplaceable) {
        return "waiting for room on the nodes: it fits the quota of " + cq.title() + ", but " + unplaceable;
    }

    private void markInadmissible(Candidate c, String reason, Outcome outcome) {
        c.queue.markInadmissible(outcome.shapeOf(c.workload), outcome.freedVersion(c.queue), reason);
    }

    /**
     * Skips, from {@code c} on, the workloads whose shape is known not to fit since quota was last
     * freed in the tree: they get the reason found for their shape without being tried again.
     * Returns the first one that must be tried, or null (also when a StrictFIFO head is skipped,
     * as it still holds its queue back).
     */
    private Candidate skipInadmissible(Candidate c, Outcome outcome) {
        while (c != null) {
            String reason = c.queue.inadmissibleReason(outcome.shapeOf(c.workload), outcome.freedVersion(c.queue));
            // A preemptor whose victims are gone is tried itself: the room held for it is what others of its shape lacked.
            if (reason == null || outcome.isSticky(c.workload.key())) {
                return c;
            }
            outcome.waiting(c.workload, reason);
            if (skipBlocks(c)) {
                return null;
            }
            c = c.next();
        }
        return null;
    }

    /** An inadmissible StrictFIFO head still holds its queue back (its waiters' reasons are unchanged). */
    private static boolean skipBlocks(Candidate head) {
        return head.queue.spec().queueingStrategy() == QueueingStrategy.STRICT_FIFO;
    }

    /**
     * Fair sharing in a cohort tree, as Kueue's tournament: at every cohort, of the children's best
     * candidates the one whose child would have the lowest dominant resource share after
     * admitting it wins (then not borrowing, higher priority, older); a preemptor whose victims are
     * gone wins before all (Kueue's fair sharing iterator with PrioritizePreemptorWorkloads). After each admission or
     * preemption usage has changed, so every head is tried again.
     */
    private void runTournament(List<ClusterQueueState> queues, Outcome outcome) {
        Map<QuotaNode, Head> heads = new LinkedHashMap<>(); // queue-name order: settling is deterministic
        for (ClusterQueueState cq : queues) {
            Candidate first = Candidate.first(cq);
            if (first != null) {
                heads.put(cq.node(), new Head(first));
            }
        }
        QuotaNode root = queues.get(0).node().root();
        while (!outcome.admissionBlocked()) {
            settleHeads(heads, outcome);
            Head winner = best(root, heads);
            if (winner == null) {
                return;
            }
            Candidate c = winner.candidate;
            switch (winner.attempt) {
                case Attempt.Admit admit -> {
                    String unplaceable = outcome.place(c.queue, c.workload, admit.assignment());
                    if (unplaceable == null) {
                        outcome.admit(c.queue, c.workload, admit.assignment());
                    } else {
                        outcome.waiting(c.workload, unplacedReason(c.queue, unplaceable));
                        if (blocks(c, outcome)) {
                            heads.remove(c.queue.node());
                            break;
                        }
                    }
                    advance(heads, c, outcome);
                }
                case Attempt.Preempt preempt -> {
                    outcome.preempt(c.queue, c.workload, preempt.assignment(), preempt.targets());
                    if (c.queue.spec().queueingStrategy() == QueueingStrategy.STRICT_FIFO) {
                        blockBehind(c, outcome);
                    }
                    heads.remove(c.queue.node());
                }
                case Attempt.Wait wait -> throw new IllegalStateException("settled heads do not wait");
            }
            heads.values().forEach(h -> h.attempt = null);
        }
    }

    /** A ClusterQueue's current candidate in the tournament and, once tried, what admitting it takes. */
    private static final class Head {
        Candidate candidate;
        Attempt attempt;
        /** A preemptor whose victims are gone: it wins, as it does in the ordinary pass (the room was freed for it). */
        boolean sticky;

        Head(Candidate candidate) {
            this.candidate = candidate;
        }
    }

    /** Tries every head; one that must wait is reported and replaced by the next of its queue. */
    private void settleHeads(Map<QuotaNode, Head> heads, Outcome outcome) {
        for (var it = heads.entrySet().iterator(); it.hasNext(); ) {
            Head h = it.next().getValue();
            while (h != null && h.attempt == null) {
                Candidate c = skipInadmissible(h.candidate, outcome);
                Candidate next;
                if (c == null) {
                    next = null;
                } else {
                    String awaiting = outcome.awaitingVictims(c.workload.key());
                    Attempt a = awaiting != null ? new Attempt.Wait(awaiting) : attempt(c.queue, c.workload, outcome);
                    if (!(a instanceof Attempt.Wait wait)) {
                        h.candidate = c;
                        h.attempt = a;
                        h.sticky = outcome.isSticky(c.workload.key());
                        break;
                    }
                    outcome.waiting(c.workload, wait.reason());
                    if (awaiting == null) {
                        markInadmissible(c, wait.reason(), outcome);
                    }
                    next = blocks(c, outcome) ? null : c.next();
                }
                if (next == null) {
                    it.remove();
                    h = null;
                } else {
                    h.candidate = next;
                }
            }
        }
    }

    private void advance(Map<QuotaNode, Head> heads, Candidate c, Outcome outcome) {
        Candidate next = c.next();
        if (next == null) {
            heads.remove(c.queue.node());
        } else {
            heads.get(c.queue.node()).candidate = next;
        }
    }

    /** The winning head of {@code node}'s subtree, or null when it has none. */
    private Head best(QuotaNode node, Map<QuotaNode, Head> heads) {
        if (node.kind() == QuotaNode.Kind.CLUSTER_QUEUE) {
            return heads.get(node);
        }
        Head winner = null;
        Share winnerShare = Share.ZERO;
        for (QuotaNode child : node.children()) {
            Head h = best(child, heads);
            if (h == null) {
                continue;
            }
            Share share = shares.of(child, assignmentOf(h.attempt).usage());
            if (winner == null || beats(h, share, winner, winnerShare)) {
                winner = h;
                winnerShare = share;
            }
        }
        return winner;
    }

    private static boolean beats(Head a, Share shareA, Head b, Share shareB) {
        if (a.sticky != b.sticky) {
            return a.sticky;
        }
        int byShare = shareA.compareTo(shareB);
        if (byShare != 0) {
            return byShare < 0;
        }
        boolean borrowsA = assignmentOf(a.attempt).borrows();
        boolean borrowsB = assignmentOf(b.attempt).borrows();
        if (borrowsA != borrowsB) {
            return !borrowsA;
        }
        return Workload.QUEUE_ORDER.compare(a.candidate.workload, b.candidate.workload) < 0;
    }

    private static Assignment assignmentOf(Attempt attempt) {
        return switch (attempt) {
            case Attempt.Admit a -> a.assignment();
            case Attempt.Preempt p -> p.assignment();
            case Attempt.Wait w -> throw new IllegalStateException("a waiting head has no assignment");
        };
    }

    /** What trying one workload came to. */
    private sealed interface Attempt {
        record Admit(Assignment assignment) implements Attempt {
        }

        record Preempt(Assignment assignment, List<PreemptionTarget> targets) implements Attempt {
        }

        record Wait(String reason) implements Attempt {
        }
    }

    /**
     * Full counts first, with preemption if that is what it takes; only then fewer pods (partial
     * admission), each reduced count again allowed to fit or to preempt.
     */
    private Attempt attempt(ClusterQueueState cq, Workload wl, Outcome outcome) {
        Set<ObjectKey> evicting = outcome.evicting();
        // Kueue's preemption oracle: a flavor where no allowed victim makes room is passed over
        // by the flavor search (whenCanPreempt MayStopSearch does not stop there). Room made only
        // from other queues' workloads is a reclaim, better than preempting the queue's own
        // (preemption_oracle.go SimulatePreemption).
        FlavorAssigner.PreemptionOracle oracle = (q, w, usage, needed) -> {
            List<PreemptionTarget> targets = preemptor.targets(q, w,
                    new Assignment(List.of(), usage, borrowsWith(q, usage)), needed, evicting);
            if (targets.isEmpty()) {
                return FlavorAssigner.Possibility.NO_CANDIDATES;
            }
            return targets.stream().anyMatch(t -> t.victim().clusterQueue().equals(q.name()))
                    ? FlavorAssigner.Possibility.PREEMPT
                    : FlavorAssigner.Possibility.RECLAIM;
        };
        FitResult full = assigner.assign(cq, wl, wl.podSets().stream().mapToInt(PodSet::count).toArray(), oracle);
        Attempt first = resolve(cq, wl, full, outcome);
        if (!(first instanceof Attempt.Wait wait) || !wl.allowsPartialAdmission()) {
            return first;
        }
        Attempt reduced = new PodSetReducer(wl.podSets()).search(counts -> {
            Attempt a = resolve(cq, wl, assigner.assign(cq, wl, counts, oracle), outcome);
            return a instanceof Attempt.Wait ? null : a;
        });
        if (reduced != null) {
            return reduced;
        }
        // Explain with the minimum counts: those are what would have to fit.
        int[] minimum = wl.podSets().stream().mapToInt(PodSet::minCount).toArray();
        Attempt atMinimum = resolve(cq, wl, assigner.assign(cq, wl, minimum, oracle), outcome);
        return atMinimum instanceof Attempt.Wait ? atMinimum : wait;
    }

    private static boolean borrowsWith(ClusterQueueState cq, long[] usage) {
        for (int fr = 0; fr < usage.length; fr++) {
            if (usage[fr] > 0 && cq.node().usage(fr) + usage[fr] > cq.node().subtreeQuota(fr)) {
                return true;
            }
        }
        return false;
    }

    private Attempt resolve(ClusterQueueState cq, Workload wl, FitResult fit, Outcome outcome) {
        Set<ObjectKey> evicting = outcome.evicting();
        return switch (fit) {
            case FitResult.Fits f -> new Attempt.Admit(f.assignment());
            case FitResult.NeedsPreemption np -> {
                List<PreemptionTarget> targets = preemptor.targets(cq, wl, np.assignment(), np.flavorResources(),
                        evicting, victims -> outcome.placeableWithout(wl, np.assignment(), victims));
                yield targets.isEmpty()
                        ? new Attempt.Wait(np.shortage() + "; preempting would not make room: no admitted workload"
                                + " that the preemption policy of " + cq.title() + " lets it evict frees enough")
                        : new Attempt.Preempt(np.assignment(), targets);
            }
            case FitResult.NoFit nf -> new Attempt.Wait(nf.reason());
        };
    }

    /** Lazy re-keying: the stored key is a lower bound; if the real one loses to the next candidate, wait. */
    private boolean requeueIfOvertaken(Candidate c, Assignment assignment, PriorityQueue<Candidate> heap) {
        Share share = fairSharing ? shares.of(c.queue.node(), assignment.usage()) : Share.ZERO;
        int borrowingLevel = assignment.borrowingLevel();
        if (share.compareTo(c.share) == 0 && borrowingLevel == c.borrowingLevel) {
            return false;
        }
        c.share = share;
        c.borrowingLevel = borrowingLevel;
        if (!heap.isEmpty() && order.compare(c, heap.peek()) > 0) {
            heap.add(c);
            return true;
        }
        return false;
    }

    private void push(Candidate candidate, PriorityQueue<Candidate> heap, Outcome outcome) {
        Candidate next = skipInadmissible(candidate, outcome);
        if (next != null) {
            next.share = fairSharing ? shares.of(next.queue.node(), null) : Share.ZERO;
            next.sticky = outcome.isSticky(next.workload.key());
            heap.add(next);
        }
    }

    /** Under StrictFIFO a head that cannot be admitted holds back the rest of its queue. */
    private boolean blocks(Candidate head, Outcome outcome) {
        if (head.queue.spec().queueingStrategy() != QueueingStrategy.STRICT_FIFO) {
            return false;
        }
        blockBehind(head, outcome);
        return true;
    }

    private void blockBehind(Candidate head, Outcome outcome) {
        String reason = "waiting behind " + head.workload.key() + ", which ClusterQueue " + head.queue.name()
                + " must admit first (queueingStrategy StrictFIFO)";
        for (Candidate c = head.next(); c != null; c = c.next()) {
            outcome.waiting(c.workload, reason);
        }
    }

    /** A ClusterQueue's next pending workload in a pass, with its (lower-bound) ordering key. */
    private static final class Candidate {
        final ClusterQueueState queue;
        final Workload[] snapshot;
        final int position;
        final Workload workload;
        Share share = Share.ZERO;
        /** How high in the cohort tree it borrows (Kueue's Assignment.Borrows); 0, a lower bound, until tried. */
        int borrowingLevel;
        boolean sticky;

        private Candidate(ClusterQueueState queue, Workload[] snapshot, int position) {
            this.queue = queue;
            this.snapshot = snapshot;
            this.position = position;
            this.workload = snapshot[position];
        }

        static Candidate first(ClusterQueueState cq) {
            if (cq.pending().isEmpty()) {
                return null;
            }
            return new Candidate(cq, cq.pending().toArray(new Workload[0]), 0);
        }

        Candidate next() {
            return position + 1 < snapshot.length ? new Candidate(queue, snapshot, position + 1) : null;
        }
    }
}
