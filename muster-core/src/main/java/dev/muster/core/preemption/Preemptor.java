package dev.muster.core.preemption;

import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.fairshare.DominantResourceShare;
import dev.muster.core.model.ClusterQueuePolicies.BorrowPolicy;
import dev.muster.core.model.ClusterQueuePolicies.Preemption;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chooses which admitted workloads to evict so that a pending one fits, with Kueue's rules: the
 * candidates a ClusterQueue's {@code preemption} policy allows, in Kueue's order, removed one by
 * one until the preemptor fits, then put back in reverse wherever they are not needed, so the set
 * is minimal. Classical preemption follows Kueue's hierarchical rules ({@link HierarchicalCandidates});
 * with fair sharing, the victims' queues must keep a higher share than the preemptor's.
 */
public final class Preemptor {

    private final QuotaTree tree;
    private final Map<QuotaNode, List<ClusterQueueState>> queuesByRoot;
    /** Each ClusterQueue by its quota node, for the walk over a tree (built once, not per search). */
    private final Map<QuotaNode, ClusterQueueState> queueOfNode = new java.util.IdentityHashMap<>();
    private final FairSharingPreemption fairSharing;

    /**
     * @param queuesByRoot the ClusterQueues of each cohort tree (by its root), in name order: only a
     *                     preemptor's own tree can hold its candidates
     * @param fairSharing  null for classical preemption
     */
    public Preemptor(QuotaTree tree, Map<QuotaNode, List<ClusterQueueState>> queuesByRoot,
            FairSharingPreemption fairSharing) {
        this.tree = tree;
        this.queuesByRoot = queuesByRoot;
        queuesByRoot.values().forEach(queues -> queues.forEach(q -> queueOfNode.put(q.node(), q)));
        this.fairSharing = fairSharing;
    }

    /**
     * Whether some workload holding quota in {@code queue}'s cohort tree is not known to be
     * untouchable: when every one is, every search (classical or fair sharing) finds no victim,
     * so none need run. Asking costs at most a look at the count of each ClusterQueue of the tree,
     * not at its workloads, and nothing while no workload of the tree is untouchable.
     *
     * @param untouchableInTree how many of the workloads holding quota in the tree are surely
     *                          untouchable (never more than are); a lower count only makes the
     *                          search run
     */
    public boolean mayFindVictims(ClusterQueueState queue, int untouchableInTree) {
        if (untouchableInTree == 0) {
            return true; // nothing to rule out: the search runs (and soon ends where nothing is admitted)
        }
        List<ClusterQueueState> tree = queuesByRoot.get(queue.node().root());
        int admitted = 0;
        for (ClusterQueueState q : tree == null ? List.of(queue) : tree) {
            admitted += q.admittedCount();
            if (admitted > untouchableInTree) {
                return true;
            }
        }
        return false;
    }

    /**
     * The workloads to evict for {@code preemptor} to fit as {@code assignment}; empty when no
     * allowed set makes room. {@code evicting} are victims of earlier preemptions that are still
     * stopping: they are never counted twice.
     */
    public List<PreemptionTarget> targets(ClusterQueueState queue, Workload preemptor, Assignment assignment,
            boolean[] needed, Set<ObjectKey> evicting) {
        return targets(queue, preemptor, assignment, needed, evicting, victims -> true);
    }

    /**
     * As above, where {@code placeable} says whether the preemptor's pods fit on the nodes with the
     * given victims gone: victims are then removed until the gang fits the quota and the nodes.
     */
    public List<PreemptionTarget> targets(ClusterQueueState queue, Workload preemptor, Assignment assignment,
            boolean[] needed, Set<ObjectKey> evicting, java.util.function.Predicate<List<ObjectKey>> placeable) {
        PreemptionContext ctx = new PreemptionContext(tree, queue, preemptor, assignment, needed,
                removed -> placeable.test(removed.stream().map(c -> c.workload().workload().key()).toList()));
        if (fairSharing == null) {
            return classical(ctx, evicting).stream()
                    .map(v -> new PreemptionTarget(v.workload(), v.variant().reason)).toList();
        }
        List<Candidate> candidates = candidates(ctx, evicting);
        if (candidates.isEmpty()) {
            return List.of();
        }
        candidates.sort(Candidate.ORDER);
        // borrowWithinCohort plays no part here: Kueue's fairPreemptions never reads it.
        List<Candidate> victims = fairSharing.victims(ctx, candidates);
        return victims.stream().map(v -> new PreemptionTarget(v.workload(), fairSharingDetail(v, ctx))).toList();
    }

    private static String fairSharingDetail(Candidate victim, PreemptionContext ctx) {
        if (victim.sameQueue()) {
            return PreemptionTarget.IN_CLUSTER_QUEUE;
        }
        // A queue that stays within its nominal quota reclaims what it lent (Kueue's
        // FairSharingPreemptWithinNominal); only beyond it do shares decide.
        return ctx.staysWithinNominal() ? PreemptionTarget.IN_COHORT_RECLAMATION : PreemptionTarget.IN_COHORT_FAIR_SHARING;
    }

    /** Kueue's findCandidates, generalised to cohort trees: the candidates of fair-sharing preemption. */
    private List<Candidate> candidates(PreemptionContext ctx, Set<ObjectKey> evicting) {
        ClusterQueueState queue = ctx.queue();
        Preemption policy = queue.spec().policies().preemption();
        int priority = ctx.preemptor().priority();
        List<Candidate> out = new ArrayList<>(sameQueueCandidates(ctx, evicting));
        if (queue.node().hasParent() && policy.reclaimWithinCohort() != ReclaimWithinCohort.NEVER) {
            boolean onlyLower = policy.reclaimWithinCohort() == ReclaimWithinCohort.LOWER_PRIORITY;
            for (ClusterQueueState other : queuesByRoot.get(queue.node().root())) {
                // Kueue's cqIsBorrowing: only a queue borrowing where the preemptor needs room; whether
                // the cohorts above it borrow is the target ordering's to judge as it descends.
                if (other == queue || !ctx.borrowsWhereNeeded(other.node())) {
                    continue;
                }
                for (AdmittedWorkload a : other.admittedWorkloads()) {
                    if (onlyLower && a.workload().priority() >= priority) {
                        continue;
                    }
                    if (!evicting.contains(a.workload().key()) && ctx.usesNeededResources(a)) {
                        out.add(new Candidate(a, other, false));
                    }
                }
            }
        }
        return out;
    }

    private static boolean isNewer(Workload candidate, Workload preemptor) {
        return Workload.QUEUE_ORDER.compare(candidate, preemptor) > 0;
    }

    /**
     * Kueue's classicalPreemptions (preemption/preemption.go): candidates over which the preemptor
     * has the hierarchical advantage, then those it may take by priority, then its own queue's
     * (candidate_generator.go); one or two attempts, with and without borrowing, in Kueue's order.
     */
    private List<Candidate> classical(PreemptionContext ctx, Set<ObjectKey> evicting) {
        List<Candidate> sameQueue = sameQueueCandidates(ctx, evicting);
        HierarchicalCandidates.Found others = HierarchicalCandidates.collect(ctx, queueOfNode, evicting);
        List<Candidate> ordered = new ArrayList<>(others.hierarchy());
        ordered.addAll(others.priority());
        ordered.addAll(sameQueue);
        boolean borrowForbidden = ctx.queue().spec().policies().preemption().borrowWithinCohort().policy()
                == BorrowPolicy.NEVER;
        List<Boolean> attempts;
        if (others.hierarchy().isEmpty() && others.priority().isEmpty()
                || borrowForbidden && !ctx.underNominalWhereNeeded()) {
            attempts = List.of(true);
        } else if (borrowForbidden && others.hierarchy().isEmpty()) {
            attempts = List.of(false, true);
        } else {
            attempts = List.of(true, false);
        }
        for (boolean borrowing : attempts) {
            List<Candidate> found = MinimalSet.find(ctx, ordered, borrowing);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    /** The workloads of the preemptor's own queue that its {@code withinClusterQueue} policy lets it evict. */
    private static List<Candidate> sameQueueCandidates(PreemptionContext ctx, Set<ObjectKey> evicting) {
        ClusterQueueState queue = ctx.queue();
        WithinClusterQueue policy = queue.spec().policies().preemption().withinClusterQueue();
        List<Candidate> out = new ArrayList<>();
        if (policy == WithinClusterQueue.NEVER) {
            return out;
        }
        int priority = ctx.preemptor().priority();
        for (AdmittedWorkload a : queue.admittedWorkloads()) {
            int p = a.workload().priority();
            boolean newerAtEqual = policy == WithinClusterQueue.LOWER_OR_NEWER_EQUAL_PRIORITY && p == priority
                    && isNewer(a.workload(), ctx.preemptor());
            if ((p < priority || newerAtEqual) && !evicting.contains(a.workload().key()) && ctx.usesNeededResources(a)) {
                out.add(new Candidate(a, queue, true, null, Candidate.Variant.WITHIN_CLUSTER_QUEUE));
            }
        }
        out.sort(Candidate.ORDER);
        return out;
    }

    /** The share calculator, for the fair-sharing variant. */
    public static FairSharingPreemption fairSharing(QuotaTree tree, List<FairSharingPreemption.Strategy> strategies) {
        return new FairSharingPreemption(new DominantResourceShare(tree.index()), strategies);
    }
}
