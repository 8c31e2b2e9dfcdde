package dev.muster.core.preemption;

import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.fairshare.DominantResourceShare;
import dev.muster.core.fairshare.Share;
import dev.muster.core.quota.QuotaNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kueue's fair-sharing preemption. Queues holding candidates are visited highest dominant share
 * first; from another queue a candidate may be taken only if the strategy holds:
 * {@link Strategy#LESS_THAN_OR_EQUAL_TO_FINAL_SHARE} — the preemptor's share after admission is at
 * most the victim queue's share after the eviction — and, if that is not enough,
 * {@link Strategy#LESS_THAN_INITIAL_SHARE} — the preemptor's share after admission is below the
 * victim queue's share before it. A preemptor whose queue stays within its nominal quota reclaims
 * what it lent without any share condition: a guarantee is a guarantee.
 */
public final class FairSharingPreemption {

    /** Kueue's {@code fairSharing.preemptionStrategies}. */
    public enum Strategy { LESS_THAN_OR_EQUAL_TO_FINAL_SHARE, LESS_THAN_INITIAL_SHARE }

    private final DominantResourceShare shares;
    private final List<Strategy> strategies;

    FairSharingPreemption(DominantResourceShare shares, List<Strategy> strategies) {
        this.shares = shares;
        this.strategies = strategies.isEmpty()
                ? List.of(Strategy.LESS_THAN_OR_EQUAL_TO_FINAL_SHARE, Strategy.LESS_THAN_INITIAL_SHARE)
                : List.copyOf(strategies);
    }

    List<Candidate> victims(PreemptionContext ctx, List<Candidate> candidates, Integer borrowingBelowPriority) {
        QuotaNode preemptorNode = ctx.queue().node();
        boolean reclaimingGuarantee = ctx.staysWithinNominal();
        List<Candidate> removed = new ArrayList<>();
        List<Candidate> retry = new ArrayList<>();
        Map<ClusterQueueState, Deque<Candidate>> byQueue = groupByQueue(candidates);
        boolean fits = false;
        while (!fits && !byQueue.isEmpty()) {
            ClusterQueueState target = highestShare(byQueue.keySet(), ctx);
            Deque<Candidate> queueCandidates = byQueue.get(target);
            Candidate c = queueCandidates.pollFirst();
            if (queueCandidates.isEmpty()) {
                byQueue.remove(target);
            }
            if (!c.sameQueue() && !ctx.borrowsWhereNeeded(target.node())) {
                byQueue.remove(target);
                continue;
            }
            boolean allowed = c.sameQueue() || reclaimingGuarantee
                    || borrowingBelowPriority != null && c.priority() < borrowingBelowPriority
                    || holds(strategies.get(0), ctx, c);
            if (!allowed) {
                retry.add(c);
                continue;
            }
            ctx.remove(c.workload(), c.queue());
            removed.add(c);
            fits = ctx.fitsWithout(removed, true);
        }
        if (!fits && strategies.size() > 1) {
            for (Candidate c : retry) {
                if (fits) {
                    break;
                }
                if (ctx.borrowsWhereNeeded(c.queue().node()) && holds(strategies.get(1), ctx, c)) {
                    ctx.remove(c.workload(), c.queue());
                    removed.add(c);
                    fits = ctx.fitsWithout(removed, true);
                }
            }
        }
        if (!fits) {
            ctx.restore(removed);
            return List.of();
        }
        List<Candidate> targets = MinimalSet.fillBack(ctx, removed, true);
        ctx.restore(targets);
        return targets;
    }

    private boolean holds(Strategy strategy, PreemptionContext ctx, Candidate c) {
        // Compared as Kueue's CompareDRS (strategy.go): two zero-weight borrowers by what they borrow.
        Share preemptorAfter = shares.of(ctx.queue().node(), ctx.need());
        return switch (strategy) {
            case LESS_THAN_OR_EQUAL_TO_FINAL_SHARE -> preemptorAfter.compareTo(shareWithout(c)) <= 0;
            case LESS_THAN_INITIAL_SHARE -> preemptorAfter.compareTo(shares.of(c.queue().node(), null)) < 0;
        };
    }

    private Share shareWithout(Candidate c) {
        long[] usage = c.workload().assignment().usage();
        long[] negative = new long[usage.length];
        for (int i = 0; i < usage.length; i++) {
            negative[i] = -usage[i];
        }
        return shares.of(c.queue().node(), negative);
    }

    private ClusterQueueState highestShare(Iterable<ClusterQueueState> queues, PreemptionContext ctx) {
        ClusterQueueState best = null;
        Share bestShare = Share.ZERO;
        for (ClusterQueueState q : queues) {
            Share share = shares.of(q.node(), null);
            int byShare = best == null ? 1 : share.compareTo(bestShare);
            if (byShare > 0 || byShare == 0 && q.name().compareTo(best.name()) < 0) {
                best = q;
                bestShare = share;
            }
        }
        return best;
    }

    private static Map<ClusterQueueState, Deque<Candidate>> groupByQueue(List<Candidate> ordered) {
        Map<ClusterQueueState, Deque<Candidate>> byQueue = new LinkedHashMap<>();
        List<Candidate> sorted = new ArrayList<>(ordered);
        sorted.sort(Comparator.comparing((Candidate c) -> c.queue().name()).thenComparing(Candidate.ORDER));
        for (Candidate c : sorted) {
            byQueue.computeIfAbsent(c.queue(), q -> new ArrayDeque<>()).add(c);
        }
        return byQueue;
    }
}
