package dev.muster.core.kai;

import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.QuotaNode;
import dev.muster.core.quota.QuotaTree;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The proportion plugin's rules for a reclaim (plugins/proportion/reclaimable), read against the
 * tree as the victim search leaves it: who may reclaim at all, which step a victim's queue allows,
 * and whether a set of victims keeps the reclaimer within its boundaries.
 */
final class ReclaimRules {

    private final QuotaTree tree;
    private final KaiShares bounds;

    /** Per KAI resource, its index in the tree (-1 when the tree has none): looked up once, not per check. */
    private final int[] resourceIndex;

    ReclaimRules(QuotaTree tree, KaiShares bounds) {
        this.tree = tree;
        this.bounds = bounds;
        this.resourceIndex = KaiQuotaTree.RESOURCES.stream()
                .mapToInt(r -> tree.index().indexOf(KaiQuotaTree.FLAVOR, r)).toArray();
    }

    /**
     * KAI's CanReclaimResources: the reclaimer's leaf queue with the workload stays within its fair
     * share in every resource, also those the workload does not ask for (its check compares all of
     * cpu, memory and GPUs: a queue above its share of GPUs may not reclaim even for a cpu-only job).
     * Returns why it does not, or null.
     */
    String overFairShare(ClusterQueueState q, long[] need) {
        for (int i = 0; i < resourceIndex.length; i++) {
            String r = KaiQuotaTree.RESOURCES.get(i);
            int fr = resourceIndex[i];
            if (fr < 0 || q.node().usage(fr) + need[fr] <= bounds.fairShare(q.node(), r)) {
                continue;
            }
            String share = Quantity.ofMilli(bounds.fairShare(q.node(), r)).format(r);
            return need[fr] > 0
                    ? "queue " + q.name() + " would be above its fair share of " + r + " (" + share
                            + ") with it, so it may not reclaim from other queues"
                    : "queue " + q.name() + " is above its fair share of " + r + " (" + share
                            + "), so it may not reclaim from other queues, not even for a workload that asks for no " + r;
        }
        return null;
    }

    /**
     * KAI's two reclaim strategies, for the victim's queue as it is now (before the step):
     * MaintainFairShare (the victim's side is above its allocatable share in some resource) or
     * GuaranteeDeservedQuota (the reclaimer's side stays within its quota while the victim's is
     * above its own).
     */
    boolean fitsReclaimStrategy(ClusterQueueState reclaimer, ClusterQueueState victim, long[] need) {
        QuotaNode victimSide = leveled(victim, reclaimer);
        QuotaNode reclaimerSide = leveled(reclaimer, victim);
        boolean aboveAllocatable = false;
        boolean aboveQuota = false;
        boolean reclaimerWithinQuota = true;
        for (String r : KaiQuotaTree.RESOURCES) {
            int fr = tree.index().indexOf(KaiQuotaTree.FLAVOR, r);
            if (fr < 0) {
                continue;
            }
            long remaining = victimSide.usage(fr);
            aboveAllocatable |= remaining > bounds.allocatable(victimSide, r);
            aboveQuota |= remaining > bounds.quota(victimSide, r);
            reclaimerWithinQuota &= reclaimerSide.usage(fr) + need[fr] <= bounds.quota(reclaimerSide, r);
        }
        return aboveAllocatable || reclaimerWithinQuota && aboveQuota;
    }

    /** Why a step from {@code victim}'s queue fails both strategies, in words. */
    static String strategyRefusal(ClusterQueueState reclaimer, ClusterQueueState victim) {
        return "queue " + leveled(victim, reclaimer).name() + " would have to give up more than KAI lets it:"
                + " it is not above its fair share (nor above its quota while queue " + leveled(reclaimer, victim).name()
                + " is within its own) in any resource";
    }

    /**
     * KAI's reclaimingQueuesRemainWithinBoundaries: at each level of the reclaimer's path, compared
     * with each sibling that gives something up, the reclaimer's saturation (allocation with the
     * workload over fair share) may be above 1 only while it stays below the sibling's, in each
     * resource the workload or the victims use.
     */
    boolean withinBoundaries(ClusterQueueState q, long[] need, List<VictimStep> taken) {
        for (QuotaNode level = q.node(); level != null && bounds.isQueue(level); level = level.parent()) {
            for (QuotaNode sibling : siblingsGivingUp(level, taken)) {
                for (String r : KaiQuotaTree.RESOURCES) {
                    int fr = tree.index().indexOf(KaiQuotaTree.FLAVOR, r);
                    if (fr < 0 || !involved(fr, need, taken, sibling)) {
                        continue;
                    }
                    long siblingFair = bounds.fairShare(sibling, r);
                    long allocated = level.usage(fr) + need[fr];
                    long fair = bounds.fairShare(level, r);
                    if (siblingFair > 0 && saturationAboveOne(allocated, fair)
                            && compareSaturation(allocated, fair, sibling.usage(fr), siblingFair) >= 0) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The queues beside {@code level} (same parent) with a step taken below them. */
    private List<QuotaNode> siblingsGivingUp(QuotaNode level, List<VictimStep> taken) {
        List<QuotaNode> siblings = new ArrayList<>();
        for (VictimStep s : taken) {
            for (QuotaNode n = s.gang().queue.node(); n != null; n = n.parent()) {
                if (n != level && n.parent() == level.parent() && bounds.isQueue(n) && !siblings.contains(n)) {
                    siblings.add(n);
                }
            }
        }
        return siblings;
    }

    /** Whether resource {@code fr} is used by the workload or by a step taken below {@code sibling}. */
    private static boolean involved(int fr, long[] need, List<VictimStep> taken, QuotaNode sibling) {
        if (need[fr] > 0) {
            return true;
        }
        for (VictimStep s : taken) {
            if (s.freed()[fr] > 0 && s.gang().queue.node().isWithin(sibling)) {
                return true;
            }
        }
        return false;
    }

    private static boolean saturationAboveOne(long allocated, long fair) {
        return fair == 0 ? allocated > 0 : allocated > fair;
    }

    /**
     * Compares allocated/fair ratios exactly; {@code fairB} is above 0, and a zero {@code fairA} with
     * an allocation is an infinite ratio.
     */
    private static int compareSaturation(long a, long fairA, long b, long fairB) {
        if (fairA == 0) {
            return a > 0 ? 1 : -1;
        }
        return BigInteger.valueOf(a).multiply(BigInteger.valueOf(fairB))
                .compareTo(BigInteger.valueOf(b).multiply(BigInteger.valueOf(fairA)));
    }

    /** The ancestor of {@code queue} (or itself) just below where its path and {@code other}'s split. */
    private static QuotaNode leveled(ClusterQueueState queue, ClusterQueueState other) {
        return queue.node().childOnPathTo(queue.node().commonAncestor(other.node()));
    }
}
