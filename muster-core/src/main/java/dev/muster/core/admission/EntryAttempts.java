package dev.muster.core.admission;

import dev.muster.core.model.Pending;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.Workload;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.preemption.Preemptor;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import java.util.List;
import java.util.Set;

/**
 * Tries one workload of a scheduling cycle: a flavor assignment that fits, one that fits once
 * victims are gone, or why it waits.
 */
final class EntryAttempts {

    private final FlavorAssigner assigner;
    private final Preemptor preemptor;

    EntryAttempts(FlavorAssigner assigner, Preemptor preemptor) {
        this.assigner = assigner;
        this.preemptor = preemptor;
    }

    /**
     * Full counts first, with preemption if that is what it takes; only then fewer pods (partial
     * admission), each reduced count again allowed to fit or to preempt.
     */
    Attempt attempt(ClusterQueueState cq, Workload wl, SchedulingCycle.Outcome outcome) {
        FlavorAssigner.PreemptionOracle oracle = oracle(outcome);
        FitResult full = assigner.assign(cq, wl, counts(wl.podSets(), false), oracle);
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
        int[] minimum = counts(wl.podSets(), true);
        Attempt atMinimum = resolve(cq, wl, assigner.assign(cq, wl, minimum, oracle), outcome);
        return atMinimum instanceof Attempt.Wait ? atMinimum : wait;
    }

    /** Every pod set's count, or its minimum count (a loop: each attempt of the cycle asks for them). */
    private static int[] counts(List<PodSet> podSets, boolean minimum) {
        int[] counts = new int[podSets.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = minimum ? podSets.get(i).minCount() : podSets.get(i).count();
        }
        return counts;
    }

    /**
     * Kueue's preemption oracle: a flavor where no allowed victim makes room is passed over by the
     * flavor search (whenCanPreempt MayStopSearch does not stop there). Room made only from other
     * queues' workloads is a reclaim, better than preempting the queue's own
     * (preemption_oracle.go SimulatePreemption).
     */
    private FlavorAssigner.PreemptionOracle oracle(SchedulingCycle.Outcome outcome) {
        Set<ObjectKey> evicting = outcome.evicting();
        return (q, w, usage, needed) -> {
            if (!preemptor.mayFindVictims(q, outcome.untouchableIn(q.node().root()))) {
                return FlavorAssigner.Possibility.NO_CANDIDATES;
            }
            List<PreemptionTarget> targets = preemptor.targets(q, w,
                    new Assignment(List.of(), usage, borrowsWith(q, usage)), needed, evicting);
            if (targets.isEmpty()) {
                return FlavorAssigner.Possibility.NO_CANDIDATES;
            }
            return targets.stream().anyMatch(t -> t.victim().clusterQueue().equals(q.name()))
                    ? FlavorAssigner.Possibility.PREEMPT
                    : FlavorAssigner.Possibility.RECLAIM;
        };
    }

    private static boolean borrowsWith(ClusterQueueState cq, long[] usage) {
        for (int fr = 0; fr < usage.length; fr++) {
            if (usage[fr] > 0 && cq.node().usage(fr) + usage[fr] > cq.node().subtreeQuota(fr)) {
                return true;
            }
        }
        return false;
    }

    private Attempt resolve(ClusterQueueState cq, Workload wl, FitResult fit, SchedulingCycle.Outcome outcome) {
        return switch (fit) {
            case FitResult.Fits f -> new Attempt.Admit(f.assignment());
            case FitResult.NeedsPreemption np -> {
                List<PreemptionTarget> targets = victims(cq, wl, np, outcome);
                yield targets.isEmpty()
                        ? new Attempt.Wait(WaitReasons.noVictims(cq, np))
                        : new Attempt.Preempt(np.assignment(), targets);
            }
            case FitResult.NoFit nf -> new Attempt.Wait(nf.pending());
        };
    }

    /** The victims that make room for {@code wl}; none, without a search, when every workload of the tree is untouchable. */
    private List<PreemptionTarget> victims(ClusterQueueState cq, Workload wl, FitResult.NeedsPreemption np,
            SchedulingCycle.Outcome outcome) {
        if (!preemptor.mayFindVictims(cq, outcome.untouchableIn(cq.node().root()))) {
            return List.of();
        }
        return preemptor.targets(cq, wl, np.assignment(), np.flavorResources(), outcome.evicting(),
                victims -> outcome.placeableWithout(wl, np.assignment(), victims));
    }
}
