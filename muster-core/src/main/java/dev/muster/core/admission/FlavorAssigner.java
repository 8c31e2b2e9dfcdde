package dev.muster.core.admission;

import dev.muster.core.model.Pending;

import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.PodSetAssignment;

import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.FlavorFungibility;
import dev.muster.core.model.ClusterQueuePolicies.FungibilityPolicy;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.Workload;
import dev.muster.core.quota.FlavorResourceIndex;
import dev.muster.core.quota.LowestFittingSubtree;
import dev.muster.core.quota.QuotaNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Chooses a flavor for every resource group a pod set uses (Kueue's flavor assignment). The
 * flavors of a group are tried in the ClusterQueue's order; each is rated by what it would take:
 * fits, fits by borrowing, fits after preempting, or does not fit. The ClusterQueue's
 * {@code flavorFungibility} decides whether a flavor that needs borrowing or preemption ends the
 * search or the next flavor is tried first.
 */
public final class FlavorAssigner {

    /**
     * How a flavor can hold a pod set's requests, from worst to best, as Kueue's preemption modes
     * (flavorassigner.go: noFit, noPreemptionCandidates, preempt, reclaim, fit): NO_CANDIDATES:
     * preempting could make room in principle, but no admitted workload that the policy lets it
     * evict does; PREEMPT: room is made by evicting, among others, workloads of the queue itself
     * (by priority); RECLAIM: room is made by evicting only workloads of other queues that borrow
     * it, taking back the queue's own quota, which is better than hurting its own workloads.
     */
    enum Mode { NO_FIT, NO_CANDIDATES, PREEMPT, RECLAIM, BORROW, FIT;

        boolean preempts() {
            return this == PREEMPT || this == RECLAIM;
        }
    }

    /** What evicting admitted workloads could do for a workload (Kueue's PreemptionPossibility). */
    public enum Possibility {
        /** No admitted workload that the policy lets it evict makes room. */
        NO_CANDIDATES,
        /** Room is made, evicting at least one workload of its own ClusterQueue. */
        PREEMPT,
        /** Room is made by evicting only workloads of other ClusterQueues. */
        RECLAIM
    }

    /** Answers what evicting admitted workloads would take to let the workload use {@code usage}. */
    public interface PreemptionOracle {
        PreemptionOracle NONE = (cq, wl, usage, needed) -> Possibility.PREEMPT;

        Possibility simulate(ClusterQueueState cq, Workload wl, long[] usage, boolean[] needed);
    }

    private final FlavorResourceIndex index;
    private final boolean fairSharing;
    private final Map<String, dev.muster.core.model.ResourceFlavorSpec> flavors;

    public FlavorAssigner(FlavorResourceIndex index, boolean fairSharing) {
        this(index, fairSharing, List.of());
    }

    /** @param flavors ResourceFlavors with node labels and taints: a pod set only gets a flavor its pods can go to */
    public FlavorAssigner(FlavorResourceIndex index, boolean fairSharing,
            java.util.Collection<dev.muster.core.model.ResourceFlavorSpec> flavors) {
        this.index = index;
        this.fairSharing = fairSharing;
        this.flavors = new java.util.HashMap<>();
        flavors.forEach(f -> this.flavors.put(f.name(), f));
    }

    /** Assigns flavors for the full counts of every pod set. */
    public FitResult assign(ClusterQueueState cq, Workload wl) {
        return assign(cq, wl, wl.podSets().stream().mapToInt(PodSet::count).toArray(), PreemptionOracle.NONE);
    }

    /**
     * The largest counts between every pod set's minCount and count that fit as they are (no
     * preemption); the result at the minimum counts when none fits.
     */
    public FitResult assignLargest(ClusterQueueState cq, Workload wl) {
        FitResult full = assign(cq, wl);
        if (full instanceof FitResult.Fits || !wl.allowsPartialAdmission()) {
            return full;
        }
        FitResult.Fits reduced = new PodSetReducer(wl.podSets()).search(counts ->
                assign(cq, wl, counts, PreemptionOracle.NONE) instanceof FitResult.Fits f ? f : null);
        if (reduced != null) {
            return reduced;
        }
        return assign(cq, wl, wl.podSets().stream().mapToInt(PodSet::minCount).toArray(), PreemptionOracle.NONE);
    }

    public FitResult assign(ClusterQueueState cq, Workload wl, int[] counts, PreemptionOracle oracle) {
        QuotaNode node = cq.node();
        long[] need = new long[index.size()];
        PodSetAssignment[] podSets = new PodSetAssignment[counts.length];
        List<Supplier<String>> shortages = null; // only a flavor that needs preemption says why
        for (int i = 0; i < counts.length; i++) {
            PodSet ps = wl.podSets().get(i);
            PodSetRequests requests = PodSetRequests.of(cq, ps, counts[i]);
            String[] flavorOf = new String[requests.size()]; // by request, once its group has a flavor
            for (int k = 0; k < requests.size(); k++) {
                if (flavorOf[k] != null) {
                    continue;
                }
                String resource = requests.resource(k);
                ResourceGroup group = cq.groupFor(resource);
                if (group == null) {
                    return new FitResult.NoFit(Pending.Why.NO_MATCHING_FLAVOR, cq.title() + " has no quota for " + resource
                            + ", which pod set \"" + ps.name() + "\" requests");
                }
                GroupChoice choice = chooseFlavor(cq, wl, ps, group, requests, need, oracle);
                if (choice.flavor == null) {
                    return noFit(cq, ps, resource, choice);
                }
                for (String r : group.coveredResources()) {
                    int j = requests.indexOf(r);
                    if (j >= 0) {
                        int fr = index.indexOf(choice.flavor, r);
                        need[fr] += requests.milli(j);
                        flavorOf[j] = choice.flavor;
                    }
                }
                if (choice.mode.preempts() || choice.mode == Mode.NO_CANDIDATES) {
                    if (shortages == null) {
                        shortages = new ArrayList<>();
                    }
                    shortages.add(QuotaShortage.wording(cq.title(), ps, choice.shortages));
                }
            }
            podSets[i] = new PodSetAssignment(ps.name(), counts[i], flavors(requests, flavorOf));
        }
        return fitOf(node, List.of(podSets), need, shortages);
    }

    /** Why the pod set gets no flavor for {@code resource}: none suits it, or none has the quota. */
    private static FitResult.NoFit noFit(ClusterQueueState cq, PodSet ps, String resource, GroupChoice choice) {
        if (choice.shortages.isEmpty()) {
            return new FitResult.NoFit(Pending.Why.NO_MATCHING_FLAVOR, "no flavor of " + cq.title() + " for "
                    + resource + " suits pod set \"" + ps.name() + "\": " + String.join("; ", choice.mismatches));
        }
        Supplier<String> shortage = QuotaShortage.wording(cq.title(), ps, choice.shortages);
        List<String> mismatches = choice.mismatches;
        return new FitResult.NoFit(Pending.worded(QuotaShortage.allExceedMaximum(choice.shortages)
                ? Pending.Why.EXCEEDS_MAX_QUOTA : Pending.Why.WAITING_FOR_QUOTA,
                () -> mismatches.isEmpty() ? shortage.get() : shortage.get() + "; " + String.join("; ", mismatches),
                QuotaShortage.figures(choice.shortages)));
    }

    /** Each requested resource and its flavor (one entry as it is: most pod sets ask for one resource). */
    private static Map<String, String> flavors(PodSetRequests requests, String[] flavorOf) {
        if (requests.size() == 1) {
            return PodSetAssignment.oneFlavor(requests.resource(0), flavorOf[0]);
        }
        Map<String, String> flavors = new LinkedHashMap<>();
        for (int k = 0; k < requests.size(); k++) {
            flavors.put(requests.resource(k), flavorOf[k]);
        }
        return flavors;
    }

    /** With every pod set given flavors: whether the workload fits as it is, or only after preemption. */
    private static FitResult fitOf(QuotaNode node, List<PodSetAssignment> podSets, long[] need,
            List<Supplier<String>> shortages) {
        int borrowingLevel = 0;
        boolean[] preempt = null;
        for (int fr = 0; fr < need.length; fr++) {
            if (need[fr] == 0) {
                continue;
            }
            // Kueue's Assignment.Borrowing: the highest level over the flavor-resources it takes.
            borrowingLevel = Math.max(borrowingLevel, LowestFittingSubtree.of(node, fr, need[fr]).height());
            if (need[fr] > node.available(fr)) {
                if (preempt == null) {
                    preempt = new boolean[need.length];
                }
                preempt[fr] = true;
            }
        }
        Assignment assignment = new Assignment(podSets, need, borrowingLevel);
        if (preempt != null) {
            Supplier<String> shortage = shortages == null ? () -> ""
                    : shortages.size() == 1 ? shortages.get(0)
                    : () -> String.join("; ", shortages.stream().map(Supplier::get).toList());
            return new FitResult.NeedsPreemption(assignment, preempt, shortage);
        }
        return new FitResult.Fits(assignment);
    }

    /**
     * The flavor chosen for a group (null if none can hold it), how, and why the others could not:
     * short of quota, or not suiting the pod set's node selector or tolerations.
     */
    private record GroupChoice(String flavor, Mode mode, List<QuotaShortage> shortages, List<String> mismatches) {
    }

    /**
     * Kueue's flavor filter: a pod set gets a flavor only if its pods can run on that flavor's nodes:
     * its node selector does not contradict the flavor's node labels, and it tolerates the
     * flavor's node taints (with the flavor's own tolerations).
     */
    private String mismatch(dev.muster.core.model.PodSet ps, String flavorName) {
        dev.muster.core.model.ResourceFlavorSpec f = flavors.get(flavorName);
        if (f == null) {
            return null;
        }
        for (Map.Entry<String, String> e : ps.hints().nodeSelector().entrySet()) {
            String label = f.nodeLabels().get(e.getKey());
            if (label != null && !label.equals(e.getValue())) {
                return "flavor " + flavorName + " has node label " + e.getKey() + "=" + label
                        + ", but the pods select " + e.getKey() + "=" + e.getValue();
            }
        }
        if (!ps.hints().requiredAffinity().isEmpty()
                && ps.hints().requiredAffinity().stream().noneMatch(term -> compatible(term, f.nodeLabels()))) {
            return "flavor " + flavorName + "'s node labels " + f.nodeLabels()
                    + " contradict every term of the pods' required node affinity";
        }
        for (dev.muster.core.model.Taint t : f.nodeTaints()) {
            boolean hard = t.effect().equals("NoSchedule") || t.effect().equals("NoExecute");
            boolean tolerated = ps.hints().tolerations().stream().anyMatch(tol -> tol.tolerates(t))
                    || f.tolerations().stream().anyMatch(tol -> tol.tolerates(t));
            if (hard && !tolerated) {
                return "the nodes of flavor " + flavorName + " have taint " + t.key()
                        + (t.value().isEmpty() ? "" : "=" + t.value()) + ":" + t.effect() + ", which the pods do not tolerate";
            }
        }
        return null;
    }

    /**
     * Whether nodes with the flavor's labels could match the affinity term: only requirements on
     * keys the flavor sets can be judged; the rest depend on the node.
     */
    private static boolean compatible(dev.muster.core.model.LabelSelector term, Map<String, String> flavorLabels) {
        if (term.matchesNothing()) {
            return false;
        }
        for (dev.muster.core.model.LabelSelector.Requirement r : term.matchExpressions()) {
            String v = flavorLabels.get(r.key());
            if (v != null && !r.matches(Map.of(r.key(), v))) {
                return false;
            }
        }
        return true;
    }

    private GroupChoice chooseFlavor(ClusterQueueState cq, Workload wl, dev.muster.core.model.PodSet ps,
            ResourceGroup group, PodSetRequests requests, long[] need, PreemptionOracle oracle) {
        List<String> mismatches = List.of(); // a list of its own once a flavor does not suit
        FlavorFungibility fungibility = cq.spec().policies().flavorFungibility();
        boolean preemptionOverBorrowing = "PreemptionOverBorrowing".equals(fungibility.preference().orElse(null));
        List<QuotaShortage> shortages = List.of(); // a list of its own once a flavor falls short
        String best = null;
        Mode bestMode = Mode.NO_FIT;
        for (FlavorQuotas flavor : group.flavors()) {
            String mismatch = mismatch(ps, flavor.flavor());
            if (mismatch != null) {
                if (mismatches.isEmpty()) {
                    mismatches = new ArrayList<>();
                }
                mismatches.add(mismatch);
                continue;
            }
            Rating rating = rate(cq, wl, flavor.flavor(), group, requests, need, oracle);
            if (rating.shortage != null) {
                if (shortages.isEmpty()) {
                    shortages = new ArrayList<>();
                }
                shortages.add(rating.shortage);
            }
            Mode mode = rating.mode;
            boolean stop = mode == Mode.FIT
                    || mode == Mode.BORROW && fungibility.whenCanBorrow() == FungibilityPolicy.MAY_STOP_SEARCH
                    || mode.preempts() && fungibility.whenCanPreempt() == FungibilityPolicy.MAY_STOP_SEARCH;
            if (stop) {
                return new GroupChoice(flavor.flavor(), mode, shortages, mismatches);
            }
            if (mode != Mode.NO_FIT && (best == null || better(mode, bestMode, preemptionOverBorrowing))) {
                best = flavor.flavor();
                bestMode = mode;
            }
        }
        return new GroupChoice(best, bestMode, shortages, mismatches);
    }

    /**
     * Kueue's isPreferred: the better mode (fit, then reclaim, then preempt); under
     * PreemptionOverBorrowing a flavor where preempting or reclaiming avoids borrowing beats one
     * that borrows. Equal modes keep the earlier flavor.
     */
    static boolean better(Mode a, Mode b, boolean preemptionOverBorrowing) {
        if (preemptionOverBorrowing && (a.preempts() && b == Mode.BORROW)) {
            return true;
        }
        if (preemptionOverBorrowing && (a == Mode.BORROW && b.preempts())) {
            return false;
        }
        return a.compareTo(b) > 0;
    }

    /** @param shortage why the flavor falls short, or null when it does not */
    private record Rating(Mode mode, QuotaShortage shortage) {
    }

    /** The worst mode over the group's requested resources in one flavor. */
    private Rating rate(ClusterQueueState cq, Workload wl, String flavor, ResourceGroup group,
            PodSetRequests requests, long[] need, PreemptionOracle oracle) {
        QuotaNode node = cq.node();
        Mode mode = Mode.FIT;
        QuotaShortage shortage = null;
        for (String r : group.coveredResources()) {
            int j = requests.indexOf(r);
            if (j < 0) {
                continue;
            }
            int fr = index.indexOf(flavor, r);
            long wanted = (fr < 0 ? 0 : need[fr]) + requests.milli(j);
            long available = fr < 0 ? 0 : node.available(fr);
            Mode m;
            if (fr >= 0 && wanted <= available) {
                m = node.usage(fr) + wanted > node.subtreeQuota(fr) ? Mode.BORROW : Mode.FIT;
            } else {
                long maximum = fr < 0 ? 0 : node.potentialAvailable(fr);
                m = fr >= 0 && preemptionCouldMakeRoom(cq, fr, wanted) ? Mode.PREEMPT : Mode.NO_FIT;
                if (shortage == null) {
                    shortage = QuotaShortage.of(flavor, r, fr, wanted, available, maximum, node);
                }
            }
            if (m.compareTo(mode) < 0) {
                mode = m;
            }
        }
        if (mode == Mode.PREEMPT) {
            mode = switch (oracle.simulate(cq, wl, withFlavor(flavor, group, requests, need),
                    shortOf(node, flavor, group, requests, need))) {
                case NO_CANDIDATES -> Mode.NO_CANDIDATES;
                case PREEMPT -> Mode.PREEMPT;
                case RECLAIM -> Mode.RECLAIM;
            };
        }
        return new Rating(mode, shortage);
    }

    /** {@code need} plus the group's requests placed in {@code flavor}. */
    private long[] withFlavor(String flavor, ResourceGroup group, PodSetRequests requests, long[] need) {
        long[] usage = need.clone();
        for (String r : group.coveredResources()) {
            int j = requests.indexOf(r);
            if (j >= 0) {
                usage[index.indexOf(flavor, r)] += requests.milli(j);
            }
        }
        return usage;
    }

    private boolean[] shortOf(QuotaNode node, String flavor, ResourceGroup group, PodSetRequests requests,
            long[] need) {
        long[] usage = withFlavor(flavor, group, requests, need);
        boolean[] needed = new boolean[usage.length];
        for (int fr = 0; fr < usage.length; fr++) {
            needed[fr] = usage[fr] > 0 && usage[fr] > node.available(fr);
        }
        return needed;
    }

    /**
     * Kueue's rule: preempting can make room when the request fits the queue's nominal quota (by
     * reclaiming lent quota or by evicting its own lower-priority workloads) or that of a cohort
     * below the root (hierarchical advantage), or, when the queue
     * may preempt while borrowing (borrowWithinCohort, or reclaimWithinCohort under fair sharing),
     * when it fits what the queue could ever borrow.
     */
    private boolean preemptionCouldMakeRoom(ClusterQueueState cq, int fr, long wanted) {
        ClusterQueuePolicies.Preemption p = cq.spec().policies().preemption();
        boolean reclaims = p.reclaimWithinCohort() != ClusterQueuePolicies.ReclaimWithinCohort.NEVER;
        boolean any = p.withinClusterQueue() != ClusterQueuePolicies.WithinClusterQueue.NEVER || reclaims;
        boolean whileBorrowing = p.borrowWithinCohort().policy() != ClusterQueuePolicies.BorrowPolicy.NEVER
                || fairSharing && reclaims;
        QuotaNode node = cq.node();
        if (any && wanted <= node.nominal(fr)) {
            return true;
        }
        // Kueue's mayReclaimInHierarchy: a request that the quota of a cohort below the root holds
        // may reclaim from queues outside that cohort (hierarchical advantage).
        if (any && wanted <= node.potentialAvailable(fr) && LowestFittingSubtree.of(node, fr, wanted).belowTheRoot()) {
            return true;
        }
        return whileBorrowing && wanted <= node.potentialAvailable(fr);
    }
}
