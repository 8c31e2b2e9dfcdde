package dev.muster.core.preemption;

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
     * @param allowBorrowing      whether the preemptor may borrow once admitted
     * @param borrowingBelowPriority with borrowWithinCohort: evicting a workload of another queue at or
     *                            above this priority takes the permission to borrow away
     */
    static List<Candidate> find(PreemptionContext ctx, List<Candidate> candidates, boolean allowBorrowing,
            Integer borrowingBelowPriority) {
        List<Candidate> removed = new ArrayList<>();
        boolean fits = false;
        boolean borrowing = allowBorrowing;
        for (Candidate c : candidates) {
            if (!c.sameQueue() && !ctx.borrowsWhereNeeded(c.queue().node())) {
                continue; // it stopped borrowing as others were removed: nothing more to reclaim there
            }
            if (!c.sameQueue() && borrowingBelowPriority != null && c.priority() >= borrowingBelowPriority) {
                borrowing = false;
            }
            ctx.remove(c.workload(), c.queue());
            removed.add(c);
            if (ctx.fitsWithout(removed, borrowing)) {
                fits = true;
                break;
            }
        }
        if (!fits) {
            ctx.restore(removed);
            return List.of();
        }
        List<Candidate> targets = fillBack(ctx, removed, borrowing);
        ctx.restore(targets);
        return targets;
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
