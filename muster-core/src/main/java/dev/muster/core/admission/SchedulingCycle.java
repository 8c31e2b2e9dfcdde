package dev.muster.core.admission;

import dev.muster.core.model.Pending;

import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;

import dev.muster.core.fairshare.DominantResourceShare;
import dev.muster.core.fairshare.Share;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.preemption.Preemptor;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
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
 *
 * <p>This class runs the ordinary pass; {@link Tournament} runs the fair-sharing one,
 * {@link EntryAttempts} tries one workload, {@link QueueLine} handles those behind a head that does
 * not go, and {@link WaitReasons} words why a workload waits.
 */
public final class SchedulingCycle {

    /**
     * The order of a cycle's heads: sticky preemptors, then the smaller share (fair sharing), then
     * the lower borrowing level, then the workloads' queue order — priority first unless Kueue's
     * feature gate PrioritySortingWithinCohort is off, then creation time.
     */
    private final Comparator<Candidate> order;

    private final DominantResourceShare shares;
    private final boolean fairSharing;
    private final EntryAttempts attempts;
    private final Tournament tournament;
    private final Reservations reservations;

    public SchedulingCycle(QuotaTree tree, FlavorAssigner assigner, Preemptor preemptor, boolean fairSharing) {
        this(tree, assigner, preemptor, fairSharing, true);
    }

    public SchedulingCycle(QuotaTree tree, FlavorAssigner assigner, Preemptor preemptor, boolean fairSharing,
            boolean prioritySortingWithinCohort) {
        this(tree, assigner, preemptor, fairSharing, prioritySortingWithinCohort, BackfillPolicy.OFF);
    }

    /** @param backfill Muster's reservations for waiting heads and the backfill rule behind them ({@link Reservations}) */
    public SchedulingCycle(QuotaTree tree, FlavorAssigner assigner, Preemptor preemptor, boolean fairSharing,
            boolean prioritySortingWithinCohort, BackfillPolicy backfill) {
        this(tree, assigner, preemptor, fairSharing, prioritySortingWithinCohort, backfill, new BackfillPromises());
    }

    /** @param promises where the backfill promises of running workloads are kept (the engine's, shared by its cycles) */
    public SchedulingCycle(QuotaTree tree, FlavorAssigner assigner, Preemptor preemptor, boolean fairSharing,
            boolean prioritySortingWithinCohort, BackfillPolicy backfill, BackfillPromises promises) {
        // Written out rather than chained: the heap compares candidates all through the pass. The
        // workloads' queue order (Workload.compareInQueue) is read from the candidates' copies of its
        // fields; only a tie on all of them reads the keys.
        this.order = (a, b) -> {
            if (a.sticky != b.sticky) {
                return a.sticky ? -1 : 1;
            }
            int c = a.share == b.share ? 0 : a.share.compareTo(b.share);
            if (c == 0) {
                c = Integer.compare(a.borrowingLevel, b.borrowingLevel);
            }
            return c != 0 ? c : Workload.compareInQueue(prioritySortingWithinCohort, a.priority, a.createdMillis,
                    a.sequence, a.workload.key(), b.priority, b.createdMillis, b.sequence, b.workload.key());
        };
        this.shares = new DominantResourceShare(tree.index());
        this.fairSharing = fairSharing;
        this.attempts = new EntryAttempts(assigner, preemptor);
        this.tournament = new Tournament(shares, attempts, Reservations.forFairSharing(tree, assigner, backfill, promises));
        this.reservations = new Reservations(tree, assigner, backfill, promises);
    }

    /** The engine's side of a pass: what it knows about preemptions under way, and what it does with results. */
    public interface Outcome {
        /** Called for each workload that fits, in admission order; the engine charges the quota. */
        void admit(ClusterQueueState cq, Workload wl, Assignment assignment);

        /** As {@link #admit(ClusterQueueState, Workload, Assignment)}, with the ticket {@code wl} was queued with (or null). */
        void admit(ClusterQueueState cq, Workload wl, ClusterQueueState.Ticket ticket, Assignment assignment);

        /** As above, with a note for its status (empty for none): why it could pass a reservation. */
        void admit(ClusterQueueState cq, Workload wl, ClusterQueueState.Ticket ticket, Assignment assignment, String note);

        /** The workload fits once {@code targets} are gone; the engine evicts them and makes it wait. */
        void preempt(ClusterQueueState cq, Workload wl, Assignment assignment, List<PreemptionTarget> targets);

        void waiting(Workload wl, Pending why);

        /** As {@link #waiting(Workload, Pending)}, with the ticket {@code wl} was queued with (or null). */
        void waiting(Workload wl, ClusterQueueState.Ticket ticket, Pending why);

        /** Takes the pods of {@code victim} beyond its gang minimum away (down to {@code smaller}) for {@code wl}. */
        void shrink(AdmittedWorkload victim, Assignment smaller, Workload wl);

        /** Gives an admitted gang more of its replicas, now that they fit. */
        void grow(AdmittedWorkload gang, Assignment larger);

        /** As {@link #grow(AdmittedWorkload, Assignment)}, saying why they fit now ({@code why}, for its status). */
        default void grow(AdmittedWorkload gang, Assignment larger, String why) {
            grow(gang, larger);
        }

        /**
         * Whether the admitted workload is a victim of a preemption under way: it holds quota until
         * it has left, but asks for nothing more. (Unlike {@link #evicting}, which also counts what
         * was admitted or resized at this instant, so that no preemption takes it at once.)
         */
        default boolean leaving(ObjectKey workload) {
            return evicting().contains(workload);
        }

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
        Pending awaitingVictims(ObjectKey workload);

        /** Whether the workload preempted and its victims are gone: it goes first. */
        boolean isSticky(ObjectKey workload);

        /** Victims of preemptions under way, never counted again. */
        Set<ObjectKey> evicting();

        /**
         * How many of the workloads holding quota in the cohort tree of {@code root} are surely
         * among {@link #evicting} (never more than are), asked without side effects: when it is
         * all of them, no preemption search runs there.
         */
        int untouchableIn(QuotaNode root);

        /** No more admissions in this pass (waitForPodsReady.blockAdmission after an admission). */
        boolean admissionBlocked();

        /**
         * Workloads of one ClusterQueue with the same priority and the same pod sets share a shape:
         * what admits (or stops) one admits (or stops) the others. Kueue calls it the scheduling
         * equivalence hash.
         */
        int shapeOf(Workload wl);

        /** As {@link #shapeOf(Workload)}, with the ticket {@code wl} was queued with (or null). */
        int shapeOf(Workload wl, ClusterQueueState.Ticket ticket);

        /** Whether another scheduler places the workload's pods (then nodes never stop it, unlike others of its shape). */
        boolean placedElsewhere(ObjectKey workload);

        /** How many times quota was freed in the tree of {@code cq}; "does not fit" holds until it changes. */
        long freedVersion(ClusterQueueState cq);

        /**
         * Moves whenever something outside the pass may let a waiting workload of {@code cq}'s tree
         * in, or change why it waits: quota or room freed there (as {@link #freedVersion}), the
         * nodes changed or drained, a preemptor's held room let go, a wait told for another
         * reason (admission was blocked).
         */
        long waitVersion(ClusterQueueState cq);

        /** The time of this pass (virtual or real milliseconds). */
        long nowMillis();

        /**
         * A workload of {@code cq} waits for something that ends at {@code atMillis} with no event
         * (a victim's minimum run time): the engine passes over its tree again then.
         */
        void retryAt(ClusterQueueState cq, long atMillis);

        /**
         * How long the workload is expected to run from its admission: its
         * {@code muster.dev/expected-runtime} annotation, else its job's limit; empty when it says
         * neither (reservations take it to run forever).
         */
        OptionalLong expectedRuntimeMillis(ObjectKey workload);

        /**
         * The nodes the gang's pods would go to at {@code atMillis}, were {@code gone} gone and
         * {@code placedFirst} placed before it, in name order; null when they would not all fit;
         * empty when Muster does not place pods. The instant matters when placement ranks nodes by
         * when their pods end (backfill on): the gang is placed as it would be then. Nothing changes.
         */
        List<String> nodesAt(Workload wl, Assignment assignment, long atMillis, List<ObjectKey> gone,
                List<Reservation> placedFirst);

        /**
         * Names the state of the nodes and the pods placed on them, everywhere: equal values, the
         * same state (a place taken back by {@link #unplace} restores the value from before it). A
         * reservation kept from an earlier pass rests on it. 0 when Muster does not place pods.
         */
        long nodesState();

        /**
         * As {@link #nodesState}, before {@link #place} held the pods of {@code placed} when that is
         * the last change to the nodes (their pods are held for a moment, to ask a reservation
         * about them); otherwise {@link #nodesState}.
         */
        long nodesStateBefore(ObjectKey placed);

        /** Where {@link #place} put the pods of {@code workload}: none when Muster does not place pods. */
        List<dev.muster.core.placement.PodPlacement> placedPods(ObjectKey workload);

        /**
         * Moves whenever the expected run time ({@link #expectedRuntimeMillis}) of a workload holding
         * quota or queued changes (a queued one's is where its reservation's trial places its pods).
         */
        long runtimesVersion();

        /** Takes back the places {@link #place} held for a gang that is not admitted after all; nothing else moves. */
        void unplace(ObjectKey workload);

        /**
         * The workloads holding quota in {@code cq}, by their expected end ({@link HeldEnd#ORDER}):
         * the engine keeps them so as workloads are admitted, resized and released and declare new
         * run times, this pass's admissions included. Read only; it changes with the pass.
         */
        java.util.NavigableSet<HeldEnd> heldEnds(ClusterQueueState cq);
    }

    /**
     * One pass over the ClusterQueues of a cohort tree. A preemptor's room is held for it by the
     * engine from the moment it preempts ({@link Outcome#preempt}), so no later workload of the
     * pass takes the free part of it.
     */
    public void run(List<ClusterQueueState> queues, Outcome outcome) {
        if (fairSharing && queues.get(0).node().hasParent()) {
            tournament.run(queues, outcome);
        } else {
            runInOrder(queues, outcome);
        }
    }

    private void runInOrder(List<ClusterQueueState> queues, Outcome outcome) {
        reservations.beginPass(queues);
        PriorityQueue<Candidate> heap = new PriorityQueue<>(order);
        for (ClusterQueueState cq : queues) {
            push(Candidate.first(cq), heap, outcome);
        }
        while (!heap.isEmpty() && !outcome.admissionBlocked()) {
            Candidate c = heap.poll();
            Pending awaiting = outcome.awaitingVictims(c.workload.key());
            if (awaiting != null) {
                outcome.waiting(c.workload, c.ticket, awaiting);
                if (!QueueLine.blocks(c, outcome)) {
                    push(c.next(), heap, outcome);
                }
                continue;
            }
            switch (attempts.attempt(c.queue, c.workload, outcome)) {
                case Attempt.Admit admit -> admitOrWait(c, admit.assignment(), heap, outcome);
                case Attempt.Preempt preempt -> {
                    // The preemptor waits for its victims; nothing else of its queue goes ahead of it now.
                    outcome.preempt(c.queue, c.workload, preempt.assignment(), preempt.targets());
                    if (QueueLine.isStrictFifo(c)) {
                        QueueLine.blockBehind(c, outcome);
                    }
                }
                case Attempt.Wait wait -> waitAndMoveOn(c, wait.pending(), heap, outcome);
            }
        }
        reservations.endPass(outcome);
    }

    /** A candidate that fits its quota: back in the heap if overtaken, else placed and admitted, or it waits for nodes. */
    private void admitOrWait(Candidate c, Assignment assignment, PriorityQueue<Candidate> heap, Outcome outcome) {
        if (requeueIfOvertaken(c, assignment, heap)) {
            return;
        }
        String unplaceable = outcome.place(c.queue, c.workload, assignment);
        if (unplaceable != null) {
            waitAndMoveOn(c, unplacedReason(c.queue, unplaceable), heap, outcome);
            return;
        }
        Reservations.Verdict verdict = reservations.verdict(c.queue, c.workload, assignment, outcome);
        if (verdict instanceof Reservations.Verdict.Refused refused) {
            // Not marked inadmissible: whether it delays a reservation hangs on its run time, not its shape.
            outcome.unplace(c.workload.key());
            outcome.waiting(c.workload, c.ticket, refused.why());
            if (!QueueLine.blocks(c, outcome)) {
                push(c.next(), heap, outcome);
            }
            return;
        }
        outcome.admit(c.queue, c.workload, c.ticket, assignment, ((Reservations.Verdict.Starts) verdict).note());
        reservations.admitted();
        push(c.next(), heap, outcome);
    }

    /** The candidate waits; its shape is known not to fit, and the next of its queue is tried unless StrictFIFO holds it back. */
    private void waitAndMoveOn(Candidate c, Pending reason, PriorityQueue<Candidate> heap, Outcome outcome) {
        Pending told = reservations.reserve(c.queue, c.workload, reason, outcome);
        Reservations.Overstayers overstayers = reservations.overstayersFor(c.workload, outcome);
        if (overstayers != null) {
            // Its reservation is due, and what keeps it out is backfilled work that broke its promise.
            outcome.preempt(c.queue, c.workload, overstayers.assignment(), overstayers.targets());
            if (QueueLine.isStrictFifo(c)) {
                QueueLine.blockBehind(c, outcome);
            }
            return;
        }
        outcome.waiting(c.workload, c.ticket, told);
        QueueLine.markInadmissible(c, reason, outcome);
        if (!QueueLine.blocks(c, outcome)) {
            push(c.next(), heap, outcome);
        }
    }

    /** Why a workload that fits its quota waits for room on the nodes. */
    public static Pending unplacedReason(ClusterQueueState cq, String unplaceable) {
        return WaitReasons.unplaced(cq, unplaceable);
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
        Candidate next = QueueLine.skipInadmissible(candidate, outcome, reservations);
        if (next != null) {
            next.share = fairSharing ? shares.of(next.queue.node(), null) : Share.ZERO;
            next.sticky = outcome.isSticky(next.workload.key());
            heap.add(next);
        }
    }
}
