package dev.muster.core.preemption;

import dev.muster.core.quota.QuotaNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Kueue's minimalPreemptions: remove candidates in order until the preemptor fits, then try to put
 * each back, last removed first, keeping only those whose removal is needed.
 */
final class MinimalSet {

    private MinimalSet() {
    }

    /**
     * One attempt of Kueue's classicalPreemptions: removes the valid candidates in order until the
     * preemptor fits, then fills back; empty when even all of them are not enough.
     *
     * @param allowBorrowing whether the preemptor may borrow once admitted; if so, candidates that
     *                       may only be taken from a preemptor that does not borrow are passed over
     */
    static List<Candidate> find(PreemptionContext ctx, List<Candidate> candidates, boolean allowBorrowing) {
        List<Candidate> removed = new ArrayList<>();
        for (Candidate c : candidates) {
            if (!valid(ctx, c, allowBorrowing)) {
                continue;
            }
            ctx.remove(c.workload(), c.queue());
            removed.add(c);
            if (ctx.fitsWithout(removed, allowBorrowing)) {
                List<Candidate> targets = fillBack(ctx, removed, allowBorrowing);
                ctx.restore(targets);
                return targets;
            }
        }
        ctx.restore(removed);
        return List.of();
    }

    /**
     * Kueue's candidateIsValid (classical/candidate_generator.go): another queue's workload stays a
     * candidate only while its queue, and every cohort between it and the level where it was
     * found, still uses more than its quota; earlier removals may have ended that.
     */
    private static boolean valid(PreemptionContext ctx, Candidate c, boolean allowBorrowing) {
        if (c.sameQueue()) {
            return true;
        }
        if (allowBorrowing && c.variant() == Candidate.Variant.RECLAIM_WITHOUT_BORROWING) {
            return false;
        }
        if (!ctx.borrowsWhereNeeded(c.queue().node())) {
            return false;
        }
        for (QuotaNode n = c.queue().node().parent(); n != null && n != c.lca(); n = n.parent()) {
            if (!ctx.borrowsWhereNeeded(n)) {
                return false;
            }
        }
        return true;
    }

    /** Puts back, last removed first (but never the last one, which made it fit), what is not needed. */
    static List<Candidate> fillBack(PreemptionContext ctx, List<Candidate> removed, boolean allowBorrowing) {
        List<Candidate> targets = new ArrayList<>(removed);
        for (int i = targets.size() - 2; i >= 0; i--) {
            Candidate c = targets.get(i);
            ctx.tree().add(c.queue().node(), c.workload().assignment().usage());
            List<Candidate> without = new ArrayList<>(targets);
            without.remove(i);
            if (ctx.fitsWithout(without, allowBorrowing)) {
                targets.remove(i);
            } else {
                ctx.remove(c.workload(), c.queue());
            }
        }
        return targets;
    }
}
