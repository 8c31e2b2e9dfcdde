package dev.muster.core.preemption;

import dev.muster.core.fairshare.DominantResourceShare;
import dev.muster.core.fairshare.Share;
import dev.muster.core.quota.QuotaNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kueue's fair-sharing preemption (preemption/preemption.go fairPreemptions). The preemptor's
 * usage is counted in the tree while the search runs, so every share includes it. Target
 * ClusterQueues come from {@link TargetOrdering}, which descends the cohort tree to the highest
 * share; a candidate of the preemptor's own queue is always taken, and so is one of another queue
 * while the preemptor stays within its nominal quota (a guarantee is a guarantee). Otherwise the
 * preemptor's side and the target's side of their lowest common cohort are compared
 * ({@link TargetOrdering#almostLcas}): first by the first strategy for each candidate, then, if
 * the preemptor does not fit yet, by {@link Strategy#LESS_THAN_INITIAL_SHARE} on one candidate per
 * queue among those the first passed over. Unless the preemptor fits in the end nothing is taken.
 */
public final class FairSharingPreemption {

    /** Kueue's {@code fairSharing.preemptionStrategies}. */
    public enum Strategy {
        /** Rule S2-a: the preemptor's share after admission is at most the target's after the eviction. */
        LESS_THAN_OR_EQUAL_TO_FINAL_SHARE,
        /** Rule S2-b: the preemptor's share after admission is below the target's before the eviction. */
        LESS_THAN_INITIAL_SHARE;

        /** Kueue's strategy.go, on the shares of the two sides of the lowest common cohort. */
        boolean holds(Share preemptorNew, Share targetOld, Share targetNew) {
            return switch (this) {
                case LESS_THAN_OR_EQUAL_TO_FINAL_SHARE -> preemptorNew.compareTo(targetNew) <= 0;
                case LESS_THAN_INITIAL_SHARE -> preemptorNew.compareTo(targetOld) < 0;
            };
        }
    }

    private final DominantResourceShare shares;
    private final List<Strategy> strategies;

    FairSharingPreemption(DominantResourceShare shares, List<Strategy> strategies) {
        this.shares = shares;
        this.strategies = strategies.isEmpty()
                ? List.of(Strategy.LESS_THAN_OR_EQUAL_TO_FINAL_SHARE, Strategy.LESS_THAN_INITIAL_SHARE)
                : List.copyOf(strategies);
    }

    /**
     * The victims among {@code candidates} (in candidate order) for the preemptor to fit, empty when
     * none suffice; the tree is left as it was found.
     */
    List<Candidate> victims(PreemptionContext ctx, List<Candidate> candidates) {
        QuotaNode preemptorNode = ctx.queue().node();
        // Kueue's FairSharingPreemptWithinNominal, asked before the preemptor is counted in.
        boolean withinNominal = ctx.staysWithinNominal();
        List<Candidate> removed = new ArrayList<>();
        boolean fits;
        ctx.tree().add(preemptorNode, ctx.need()); // Kueue: "DRS values must include incoming workload"
        try {
            List<Candidate> retry = new ArrayList<>();
            fits = firstStrategy(ctx, candidates, withinNominal, removed, retry);
            if (!fits && strategies.size() > 1) {
                fits = secondStrategy(ctx, retry, removed);
            }
        } finally {
            ctx.tree().remove(preemptorNode, ctx.need());
        }
        if (!fits) {
            ctx.restore(removed);
            return List.of();
        }
        List<Candidate> targets = MinimalSet.fillBack(ctx, removed, true);
        ctx.restore(targets);
        return targets;
    }

    /** Kueue's runFirstFsStrategy; the candidates it passes over go to {@code retry}. */
    private boolean firstStrategy(PreemptionContext ctx, List<Candidate> candidates, boolean withinNominal,
            List<Candidate> removed, List<Candidate> retry) {
        QuotaNode preemptorNode = ctx.queue().node();
        TargetOrdering<Candidate> ordering = ordering(preemptorNode, candidates);
        for (QuotaNode target = ordering.next(); target != null; target = ordering.next()) {
            if (target == preemptorNode || withinNominal) {
                if (take(ctx, ordering.pop(target), removed)) {
                    return true;
                }
                continue;
            }
            TargetOrdering.AlmostLcas sides = ordering.almostLcas(target);
            Share preemptorNew = shares.of(sides.preemptorSide(), null);
            Share targetOld = shares.of(sides.targetSide(), null);
            if (unsatisfiable(preemptorNew, targetOld)) {
                while (ordering.hasCandidate(target)) {
                    retry.add(ordering.pop(target));
                }
                continue;
            }
            while (ordering.hasCandidate(target)) {
                Candidate c = ordering.pop(target);
                if (strategies.get(0).holds(preemptorNew, targetOld, shareWithout(ctx, c, sides.targetSide()))) {
                    if (take(ctx, c, removed)) {
                        return true;
                    }
                    break; // shares moved: the next target may be another queue
                }
                retry.add(c);
            }
        }
        return false;
    }

    /**
     * Kueue's runSecondFsStrategy (rule S2-b): per target queue, highest share first, its first
     * passed-over candidate if the preemptor's new share is below the target side's current one
     * (after what was taken so far); then the queue is done either way.
     */
    private boolean secondStrategy(PreemptionContext ctx, List<Candidate> retry, List<Candidate> removed) {
        TargetOrdering<Candidate> ordering = ordering(ctx.queue().node(), retry);
        for (QuotaNode target = ordering.next(); target != null; target = ordering.next()) {
            TargetOrdering.AlmostLcas sides = ordering.almostLcas(target);
            Share preemptorNew = shares.of(sides.preemptorSide(), null);
            Share targetOld = shares.of(sides.targetSide(), null);
            Candidate c = ordering.pop(target);
            if (Strategy.LESS_THAN_INITIAL_SHARE.holds(preemptorNew, targetOld, null) && take(ctx, c, removed)) {
                return true;
            }
            ordering.drop(target);
        }
        return false;
    }

    /** Evicts {@code c} in the simulation; whether the preemptor now fits. */
    private static boolean take(PreemptionContext ctx, Candidate c, List<Candidate> removed) {
        ctx.remove(c.workload(), c.queue());
        removed.add(c);
        // Kueue's workloadFitsForFairSharing: asked with the preemptor's own usage taken out again.
        QuotaNode preemptorNode = ctx.queue().node();
        ctx.tree().remove(preemptorNode, ctx.need());
        try {
            return ctx.fitsWithout(removed, true);
        } finally {
            ctx.tree().add(preemptorNode, ctx.need());
        }
    }

    /** Kueue's ComputeTargetShareAfterRemoval: the target side's share with {@code c} gone, usage passed up the tree. */
    private Share shareWithout(PreemptionContext ctx, Candidate c, QuotaNode targetSide) {
        ctx.remove(c.workload(), c.queue());
        try {
            return shares.of(targetSide, null);
        } finally {
            ctx.tree().add(c.queue().node(), c.workload().assignment().usage());
        }
    }

    /**
     * Kueue's fsStrategyUnsatisfiable: a preemptor side borrowing with weight 0 (an infinite share)
     * passes neither strategy against a target side with a finite share, whatever is removed.
     */
    private static boolean unsatisfiable(Share preemptorNew, Share targetOld) {
        return preemptorNew.zeroWeightBorrows() && !targetOld.zeroWeightBorrows();
    }

    private TargetOrdering<Candidate> ordering(QuotaNode preemptorNode, List<Candidate> ordered) {
        Map<QuotaNode, Deque<Candidate>> byQueue = new IdentityHashMap<>();
        for (Candidate c : ordered) {
            byQueue.computeIfAbsent(c.queue().node(), q -> new ArrayDeque<>()).add(c);
        }
        return new TargetOrdering<>(shares, preemptorNode, byQueue, Candidate.ORDER);
    }
}
