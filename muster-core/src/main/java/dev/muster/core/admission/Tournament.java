package dev.muster.core.admission;

import dev.muster.core.model.Pending;

import dev.muster.core.fairshare.DominantResourceShare;
import dev.muster.core.fairshare.Share;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fair sharing in a cohort tree, as Kueue's tournament (fair_sharing_iterator.go): at every cohort,
 * of the children's best candidates, a preemptor whose victims are gone wins before all
 * (PrioritizePreemptorWorkloads); then one whose child would not borrow from the cohort on the
 * flavor-resources it asks for (FairSharingPrioritizeNonBorrowing, on by default since Kueue 0.15);
 * then the one whose child would have the lowest dominant resource share after admitting it; then
 * the higher priority, the older. After each admission or preemption usage has changed, so every
 * head is tried again.
 */
final class Tournament {

    private final DominantResourceShare shares;
    private final EntryAttempts attempts;
    /** Muster's backfill, each reservation holding back its own ClusterQueue only (off unless configured). */
    private final Reservations reservations;

    Tournament(DominantResourceShare shares, EntryAttempts attempts, Reservations reservations) {
        this.shares = shares;
        this.attempts = attempts;
        this.reservations = reservations;
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

    void run(List<ClusterQueueState> queues, SchedulingCycle.Outcome outcome) {
        reservations.beginPass(queues);
        tournament(queues, outcome);
        reservations.endPass(outcome);
    }

    private void tournament(List<ClusterQueueState> queues, SchedulingCycle.Outcome outcome) {
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
            play(winner, heads, outcome);
            heads.values().forEach(h -> h.attempt = null);
        }
    }

    /** Admits, places or preempts for the winner, and moves its queue on. */
    private void play(Head winner, Map<QuotaNode, Head> heads, SchedulingCycle.Outcome outcome) {
        Candidate c = winner.candidate;
        switch (winner.attempt) {
            case Attempt.Admit admit -> {
                String unplaceable = outcome.place(c.queue, c.workload, admit.assignment());
                Reservations.Verdict verdict = unplaceable != null ? null
                        : reservations.verdict(c.queue, c.workload, admit.assignment(), outcome);
                if (verdict instanceof Reservations.Verdict.Starts starts) {
                    outcome.admit(c.queue, c.workload, c.ticket, admit.assignment(), starts.note());
                    reservations.admitted();
                } else if (verdict instanceof Reservations.Verdict.Refused refused) {
                    // Not marked inadmissible: whether it delays a reservation hangs on its run time, not its shape.
                    outcome.unplace(c.workload.key());
                    outcome.waiting(c.workload, c.ticket, refused.why());
                    if (QueueLine.blocks(c, outcome)) {
                        heads.remove(c.queue.node());
                        return;
                    }
                } else {
                    outcome.waiting(c.workload, c.ticket, WaitReasons.unplaced(c.queue, unplaceable));
                    if (QueueLine.blocks(c, outcome)) {
                        heads.remove(c.queue.node());
                        return;
                    }
                }
                advance(heads, c);
            }
            case Attempt.Preempt preempt -> {
                outcome.preempt(c.queue, c.workload, preempt.assignment(), preempt.targets());
                if (QueueLine.isStrictFifo(c)) {
                    QueueLine.blockBehind(c, outcome);
                }
                heads.remove(c.queue.node());
            }
            case Attempt.Wait wait -> throw new IllegalStateException("settled heads do not wait");
        }
    }

    /** Tries every head; one that must wait is reported and replaced by the next of its queue. */
    private void settleHeads(Map<QuotaNode, Head> heads, SchedulingCycle.Outcome outcome) {
        for (var it = heads.entrySet().iterator(); it.hasNext(); ) {
            Head h = it.next().getValue();
            while (h != null && h.attempt == null) {
                Candidate c = QueueLine.skipInadmissible(h.candidate, outcome, reservations);
                Candidate next;
                if (c == null) {
                    next = null;
                } else {
                    Pending awaiting = outcome.awaitingVictims(c.workload.key());
                    Attempt a = awaiting != null ? new Attempt.Wait(awaiting) : attempts.attempt(c.queue, c.workload, outcome);
                    if (!(a instanceof Attempt.Wait wait)) {
                        h.candidate = c;
                        h.attempt = a;
                        h.sticky = outcome.isSticky(c.workload.key());
                        break;
                    }
                    Pending told = awaiting != null ? wait.pending()
                            : reservations.reserve(c.queue, c.workload, wait.pending(), outcome);
                    Reservations.Overstayers overstayers = awaiting != null ? null : reservations.overstayersFor(c.workload, outcome);
                    if (overstayers != null) {
                        // Its reservation is due, and what keeps it out is backfilled work that broke its promise.
                        h.candidate = c;
                        h.attempt = new Attempt.Preempt(overstayers.assignment(), overstayers.targets());
                        h.sticky = false;
                        break;
                    }
                    outcome.waiting(c.workload, c.ticket, told);
                    if (awaiting == null) {
                        QueueLine.markInadmissible(c, wait.pending(), outcome);
                    }
                    next = QueueLine.blocks(c, outcome) ? null : c.next();
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

    private static void advance(Map<QuotaNode, Head> heads, Candidate c) {
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
        boolean winnerBorrows = false;
        for (QuotaNode child : node.children()) {
            Head h = best(child, heads);
            if (h == null) {
                continue;
            }
            long[] usage = assignmentOf(h.attempt).usage();
            Share share = shares.of(child, usage);
            boolean borrows = shares.borrowsOn(child, usage);
            if (winner == null || beats(h, borrows, share, winner, winnerBorrows, winnerShare)) {
                winner = h;
                winnerShare = share;
                winnerBorrows = borrows;
            }
        }
        return winner;
    }

    /**
     * Whether {@code a} wins over {@code b} at one cohort, each with whether its child would borrow
     * from the cohort on what it asks for and its child's share with it admitted.
     */
    private static boolean beats(Head a, boolean borrowsA, Share shareA, Head b, boolean borrowsB, Share shareB) {
        if (a.sticky != b.sticky) {
            return a.sticky;
        }
        if (borrowsA != borrowsB) {
            return !borrowsA;
        }
        int byShare = shareA.compareTo(shareB);
        if (byShare != 0) {
            return byShare < 0;
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
}
