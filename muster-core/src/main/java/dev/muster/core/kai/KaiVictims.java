package dev.muster.core.kai;

import dev.muster.core.admission.AdmittedWorkload;
import dev.muster.core.admission.Assignment;
import dev.muster.core.admission.ClusterQueueState;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.preemption.PreemptionTarget;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * KAI's reclaim and in-queue preemption for one workload: which admitted gangs to evict. Only
 * preemptible gangs (priority below 100) are candidates; from other queues only while the
 * preemptor's queue stays within its fair share with the workload, and only from queues above
 * their fair share that stay at or above it without the gang; from its own queue only lower
 * priorities. Lowest priority first, newest first; removed until the workload fits, then put back
 * where not needed. A gang that has not run its queue's minimum time ({@link MinRuntimes}) is left
 * whole, though its replicas beyond the gang minimum may go.
 */
final class KaiVictims {

    private final QuotaTree tree;
    private final Map<String, Map<String, Long>> shares;
    /** The leaf queues of the KAI tree: where candidates live. */
    private final List<ClusterQueueState> leaves;
    private final MinRuntimes minRuntimes;
    private final long nowMillis;
    /** The earliest time a gang left out for its minimum run time may be taken; Long.MAX_VALUE if none was. */
    private long protectedUntil = Long.MAX_VALUE;
    /** The minimum run time of the gang that is free first. */
    private long firstProtectionMillis;
    private int protectedCount;

    KaiVictims(QuotaTree tree, Map<String, Map<String, Long>> shares, List<ClusterQueueState> leaves,
            MinRuntimes minRuntimes, long nowMillis) {
        this.tree = tree;
        this.shares = shares;
        this.leaves = leaves;
        this.minRuntimes = minRuntimes;
        this.nowMillis = nowMillis;
    }

    private record Candidate(AdmittedWorkload workload, ClusterQueueState queue, boolean sameQueue) {
    }

    /** Pods of a gang beyond its minimum that can go, leaving the gang at {@code smaller}. */
    record Shrink(AdmittedWorkload victim, ClusterQueueState queue, Assignment smaller, long[] freed) {
    }

    /**
     * Replicas beyond a gang's minimum are the first to go: the smallest set of such extras (of the
     * same candidates whole gangs would be taken from) that makes the workload fit; empty if extras
     * alone are not enough.
     */
    List<Shrink> shrinks(ClusterQueueState q, dev.muster.core.model.Workload wl, Assignment wanted, Set<ObjectKey> evicting) {
        long[] need = wanted.usage();
        List<Shrink> extras = new ArrayList<>();
        // KAI's minruntime: an elastic gang may lose its extra replicas even while it is protected.
        for (Candidate c : candidates(q, wl, need, evicting, false)) {
            if (c.sameQueue() || staysAtFairShareWithoutExtras(c, q)) {
                extrasOf(c).ifPresent(extras::add);
            }
        }
        List<Shrink> removed = new ArrayList<>();
        boolean fits = false;
        for (Shrink s : extras) {
            tree.remove(s.queue().node(), s.freed());
            removed.add(s);
            if (fits(q.node(), need)) {
                fits = true;
                break;
            }
        }
        if (!fits) {
            removed.forEach(s -> tree.add(s.queue().node(), s.freed()));
            return List.of();
        }
        for (int i = removed.size() - 2; i >= 0; i--) {
            Shrink s = removed.get(i);
            tree.add(s.queue().node(), s.freed());
            if (fits(q.node(), need)) {
                removed.remove(i);
            } else {
                tree.remove(s.queue().node(), s.freed());
            }
        }
        removed.forEach(s -> tree.add(s.queue().node(), s.freed()));
        return removed;
    }

    private java.util.Optional<Shrink> extrasOf(Candidate c) {
        AdmittedWorkload a = c.workload();
        List<dev.muster.core.admission.PodSetAssignment> smaller = new ArrayList<>();
        long[] freed = new long[tree.index().size()];
        boolean any = false;
        for (int i = 0; i < a.workload().podSets().size(); i++) {
            dev.muster.core.model.PodSet ps = a.workload().podSets().get(i);
            dev.muster.core.admission.PodSetAssignment psa = a.assignment().podSets().get(i);
            int extra = psa.count() - ps.minCount();
            if (extra > 0) {
                any = true;
                final int n = extra;
                ps.perPod().amounts().forEach((r, amount) -> {
                    String flavor = psa.flavors().get(r);
                    int fr = flavor == null ? -1 : tree.index().indexOf(flavor, r);
                    if (fr >= 0) {
                        freed[fr] += amount.milli() * n;
                    }
                });
            }
            smaller.add(new dev.muster.core.admission.PodSetAssignment(ps.name(), Math.min(psa.count(), ps.minCount()),
                    psa.flavors()));
        }
        if (!any) {
            return java.util.Optional.empty();
        }
        long[] usage = a.assignment().usage();
        for (int fr = 0; fr < usage.length; fr++) {
            usage[fr] -= freed[fr];
        }
        return java.util.Optional.of(new Shrink(a, c.queue(), new Assignment(smaller, usage, a.assignment().borrows()), freed));
    }

    private boolean staysAtFairShareWithoutExtras(Candidate c, ClusterQueueState preemptor) {
        return extrasOf(c).map(s -> {
            QuotaNode common = preemptor.node().commonAncestor(c.queue().node());
            for (QuotaNode n = c.queue().node(); n != null && n != common; n = n.parent()) {
                for (int fr = 0; fr < s.freed().length; fr++) {
                    if (s.freed()[fr] > 0 && n.usage(fr) - s.freed()[fr] < share(n, fr)) {
                        return false;
                    }
                }
            }
            return true;
        }).orElse(false);
    }

    /** The admitted gangs that may give way to {@code wl}, in the order they are taken. */
    private List<Candidate> candidates(ClusterQueueState q, dev.muster.core.model.Workload wl, long[] need,
            Set<ObjectKey> evicting, boolean wholeGangs) {
        List<Candidate> candidates = new ArrayList<>();
        for (ClusterQueueState other : leaves) {
            boolean same = other == q;
            if (!same && !mayReclaimFrom(q, other, need)) {
                continue;
            }
            for (AdmittedWorkload a : other.admittedWorkloads()) {
                int p = a.workload().priority();
                boolean preemptible = p < KaiCycle.NON_PREEMPTIBLE;
                if (!preemptible || evicting.contains(a.workload().key()) || same && p >= wl.priority()) {
                    continue;
                }
                if (wholeGangs) {
                    long minRuntime = same ? minRuntimes.preemptMillis(other.name())
                            : minRuntimes.reclaimMillis(q.name(), other.name());
                    long until = a.admittedAtMillis() + minRuntime;
                    if (minRuntime > 0 && nowMillis < until) {
                        if (until < protectedUntil) {
                            protectedUntil = until;
                            firstProtectionMillis = minRuntime;
                        }
                        protectedCount++;
                        continue;
                    }
                }
                candidates.add(new Candidate(a, other, same));
            }
        }
        candidates.sort(Comparator.comparing((Candidate c) -> c.sameQueue())
                .thenComparingInt(c -> c.workload().workload().priority())
                .thenComparing(Comparator.comparingLong((Candidate c) -> c.workload().admittedAtMillis()).reversed())
                .thenComparing(Comparator.comparingLong((Candidate c) -> c.workload().workload().sequence()).reversed())
                .thenComparing(c -> c.workload().workload().key()));
        return candidates;
    }

    List<PreemptionTarget> find(ClusterQueueState q, dev.muster.core.model.Workload wl, Assignment wanted,
            Set<ObjectKey> evicting, java.util.function.Predicate<List<ObjectKey>> placeable) {
        long[] need = wanted.usage();
        List<Candidate> candidates = candidates(q, wl, need, evicting, true);
        List<Candidate> removed = new ArrayList<>();
        boolean fits = false;
        for (Candidate c : candidates) {
            if (!c.sameQueue() && !staysAtFairShareWithout(c, q)) {
                continue; // never take a queue (or its parents below the common one) below its fair share
            }
            tree.remove(c.queue().node(), c.workload().assignment().usage());
            removed.add(c);
            if (fits(q.node(), need) && placeable.test(keys(removed))) {
                fits = true;
                break;
            }
        }
        if (!fits) {
            removed.forEach(c -> tree.add(c.queue().node(), c.workload().assignment().usage()));
            return List.of();
        }
        for (int i = removed.size() - 2; i >= 0; i--) {
            Candidate c = removed.get(i);
            tree.add(c.queue().node(), c.workload().assignment().usage());
            List<Candidate> without = new ArrayList<>(removed);
            without.remove(i);
            if (fits(q.node(), need) && placeable.test(keys(without))) {
                removed.remove(i);
            } else {
                tree.remove(c.queue().node(), c.workload().assignment().usage());
            }
        }
        removed.forEach(c -> tree.add(c.queue().node(), c.workload().assignment().usage()));
        return removed.stream().map(c -> new PreemptionTarget(c.workload(),
                c.sameQueue() ? PreemptionTarget.IN_CLUSTER_QUEUE : PreemptionTarget.IN_COHORT_FAIR_SHARING)).toList();
    }

    /** When a gang left out of the last search for its minimum run time may be taken; empty if none was. */
    java.util.OptionalLong protectedUntil() {
        return protectedUntil == Long.MAX_VALUE ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(protectedUntil);
    }

    /**
     * What the last search left out for the minimum run time, in words; empty if nothing. It does
     * not count the time down, so that it changes only when the situation does.
     */
    String protectedNote() {
        if (protectedCount == 0) {
            return "";
        }
        return "; " + protectedCount + (protectedCount == 1 ? " workload that could make room has" : " workloads that could make room have")
                + " not yet run the minimum time their queue sets (preemptMinRuntime or reclaimMinRuntime, KAI's minruntime):"
                + " the first may go once it has run " + dev.muster.core.quantity.Durations.text(firstProtectionMillis);
    }

    private static List<ObjectKey> keys(List<Candidate> candidates) {
        return candidates.stream().map(c -> c.workload().workload().key()).toList();
    }

    private static boolean fits(QuotaNode node, long[] need) {
        for (int fr = 0; fr < need.length; fr++) {
            if (need[fr] > 0 && need[fr] > node.available(fr)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reclaim compares the two queues where their paths split, as KAI does: every queue on the
     * preemptor's side below the common parent stays within its fair share with the workload, and
     * every queue on the victim's side is above its fair share.
     */
    private boolean mayReclaimFrom(ClusterQueueState q, ClusterQueueState other, long[] need) {
        QuotaNode common = q.node().commonAncestor(other.node());
        for (QuotaNode n = q.node(); n != null && n != common; n = n.parent()) {
            for (int fr = 0; fr < need.length; fr++) {
                if (need[fr] > 0 && n.usage(fr) + need[fr] > share(n, fr)) {
                    return false;
                }
            }
        }
        for (QuotaNode n = other.node(); n != null && n != common; n = n.parent()) {
            if (!aboveFairShare(n)) {
                return false;
            }
        }
        return true;
    }

    private boolean aboveFairShare(QuotaNode n) {
        for (int fr = 0; fr < tree.index().size(); fr++) {
            if (n.usage(fr) > share(n, fr)) {
                return true;
            }
        }
        return false;
    }

    /** Without the gang, its queue and each parent below the common one keep at least their fair share of what it uses. */
    private boolean staysAtFairShareWithout(Candidate c, ClusterQueueState preemptor) {
        long[] usage = c.workload().assignment().usage();
        QuotaNode common = preemptor.node().commonAncestor(c.queue().node());
        for (QuotaNode n = c.queue().node(); n != null && n != common; n = n.parent()) {
            for (int fr = 0; fr < usage.length; fr++) {
                if (usage[fr] > 0 && n.usage(fr) - usage[fr] < share(n, fr)) {
                    return false;
                }
            }
        }
        return true;
    }

    private long share(QuotaNode n, int fr) {
        return shares.getOrDefault(n.name(), Map.of()).getOrDefault(tree.index().get(fr).resource(), 0L);
    }


    /** Why nothing could be reclaimed, in a sentence. */
    static String whyNot(ClusterQueueState q, Assignment wanted, Map<String, Map<String, Long>> shares,
            QuotaTree tree) {
        long[] need = wanted.usage();
        Map<String, Long> fs = shares.getOrDefault(q.name(), Map.of());
        for (int fr = 0; fr < need.length; fr++) {
            String r = tree.index().get(fr).resource();
            long share = fs.getOrDefault(r, 0L);
            if (need[fr] > 0 && q.node().usage(fr) + need[fr] > share) {
                return "queue " + q.name() + " would be above its fair share of " + r + " ("
                        + Quantity.ofMilli(share).format(r) + ") with it, so it may not reclaim from other queues,"
                        + " and no lower-priority preemptible workload of its own frees enough";
            }
        }
        return "no queue above its fair share holds enough preemptible workloads that it can give up without"
                + " falling below its own fair share, and no lower-priority preemptible workload of queue "
                + q.name() + " frees enough";
    }
}
