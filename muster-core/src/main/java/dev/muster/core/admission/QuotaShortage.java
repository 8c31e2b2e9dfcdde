package dev.muster.core.admission;

import dev.muster.core.model.PodSet;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.Saturating;
import dev.muster.core.quota.QuotaNode;
import java.util.List;
import java.util.function.Supplier;

/**
 * Why a pod set does not fit one flavor: the first resource whose request exceeds what the queue
 * can use now. Turned into a sentence a user understands, with the numbers that explain it.
 *
 * <p>It keeps the queue's figures as they were when the shortage was found ({@link Quota}): the
 * sentence is worded only if someone reads it, and by then the pass has moved the usage on.
 */
record QuotaShortage(String flavor, String resource, long wanted, long available, long maximum, QuotaNode parent,
        Quota quota) {

    /**
     * The queue's figures for the flavor-resource when the shortage was found.
     *
     * @param cap            the hard ceiling on its usage (a KAI limit), if {@code capped}
     * @param parentUnused   what its cohort (or KAI parent) had unused, if it has one
     * @param borrowingLimit if {@code limited}
     * @param overLimit      the nearest queue, the queue itself or one above it, whose limit the
     *                       request would pass (its usage plus the request above its limit); null if none
     */
    record Quota(long nominal, long usage, boolean capped, long cap, long parentUnused, boolean limited,
            long borrowingLimit, OverLimit overLimit) {

        static Quota of(QuotaNode node, int fr, long wanted) {
            return new Quota(node.nominal(fr), node.usage(fr), node.hasCap(fr), node.cap(fr),
                    node.hasParent() ? node.parent().available(fr) : 0,
                    node.hasBorrowingLimit(fr), node.borrowingLimit(fr), OverLimit.of(node, fr, wanted));
        }
    }

    /**
     * A queue whose limit stops the request, with its figures then. KAI checks the limit of the
     * job's queue and of each queue above it, nearest first, and names the first the job would pass
     * (capacity_policy resultsOverLimit): a parent's limit is as final as the queue's own.
     */
    record OverLimit(QuotaNode queue, long usage, long cap, boolean own) {

        static OverLimit of(QuotaNode node, int fr, long wanted) {
            // The root of a KAI tree is capped by the cluster's capacity, which is no queue's limit.
            for (QuotaNode n = node; n != null && !n.name().equals(dev.muster.core.kai.KaiQuotaTree.CLUSTER);
                    n = n.hasParent() ? n.parent() : null) {
                if (n.hasCap(fr) && Saturating.add(n.usage(fr), wanted) > n.cap(fr)) {
                    return new OverLimit(n, n.usage(fr), n.cap(fr), n == node);
                }
            }
            return null;
        }
    }

    /**
     * The shortage of {@code node} in flavor-resource {@code fr} (-1: the queue has no quota for it,
     * and no figures), with the figures as they are now.
     */
    static QuotaShortage of(String flavor, String resource, int fr, long wanted, long available, long maximum,
            QuotaNode node) {
        return new QuotaShortage(flavor, resource, wanted, available, maximum, node.parent(),
                fr < 0 ? null : Quota.of(node, fr, wanted));
    }

    boolean exceedsMaximum() {
        return wanted > maximum;
    }

    /** The figures, for tools: a limit is what stops it when a queue's usage plus the request passes it. */
    dev.muster.core.model.Shortage figures() {
        String limitedBy = quota != null && quota.overLimit != null ? quota.overLimit.queue().name() : null;
        return new dev.muster.core.model.Shortage(flavor, resource, wanted, Math.max(0, available), maximum, limitedBy);
    }

    /** The figures of each shortage, worked out when asked for. */
    static Supplier<List<dev.muster.core.model.Shortage>> figures(List<QuotaShortage> shortages) {
        return () -> shortages.stream().map(QuotaShortage::figures).toList();
    }

    /** The sentence {@link #describe} would make now, made when asked for (it uses nothing that changes). */
    static Supplier<String> wording(String clusterQueue, PodSet podSet, List<QuotaShortage> shortages) {
        return () -> describe(clusterQueue, podSet, shortages);
    }

    static String describe(String clusterQueue, PodSet podSet, List<QuotaShortage> shortages) {
        StringBuilder sb = new StringBuilder(256); // about a shortage's length: no copies as it grows
        boolean never = allExceedMaximum(shortages);
        sb.append(never ? "can never be admitted: " : "waiting for quota: ")
                .append("pod set \"").append(podSet.name()).append("\" does not fit ").append(clusterQueue);
        for (QuotaShortage s : shortages) {
            s.explain(sb.append("; "));
        }
        long gpuMemory = podSet.hints().gpuMemoryMiB();
        if (gpuMemory > 0 && shortages.stream().anyMatch(s -> s.resource.equals(NodeSpec.GPU))) {
            // The pod asked for no nvidia.com/gpu: say where the GPUs in the sentence come from.
            sb.append("; each pod's gpu-memory request of ").append(gpuMemory)
                    .append(" MiB counts as that share of the cluster's largest GPU");
        }
        return sb.toString();
    }

    /** Whether even an idle cluster could hold none of them (a loop: failing attempts are many). */
    static boolean allExceedMaximum(List<QuotaShortage> shortages) {
        for (QuotaShortage s : shortages) {
            if (!s.exceedsMaximum()) {
                return false;
            }
        }
        return true;
    }

    /** Appends the sentence to {@code text} (one builder for the whole reason: failing attempts are many). */
    private void explain(StringBuilder text) {
        String unit = " " + resource;
        text.append("in flavor ").append(flavor).append(" the workload needs ").append(fmt(wanted)).append(unit);
        if (exceedsMaximum()) {
            text.append(" but the most this queue can ever use is ").append(fmt(maximum)).append(unit);
            if (quota != null && quota.capped && quota.cap == maximum) {
                text.append(" (its limit)");
            } else if (quota != null && quota.overLimit != null && !quota.overLimit.own() && quota.overLimit.cap() == maximum) {
                text.append(" (the limit of ").append(parentTitle(quota.overLimit.queue())).append(")");
            } else {
                text.append(parent != null ? " (its nominal quota plus all its cohort can lend)" : " (its nominal quota)");
            }
            return;
        }
        text.append(", only ").append(fmt(Math.max(0, available))).append(" available");
        if (quota == null) {
            return;
        }
        text.append(" (nominal quota ").append(fmt(quota.nominal)).append(", ")
                .append(fmt(quota.usage)).append(" in use");
        if (quota.capped) {
            text.append(", limit ").append(fmt(quota.cap));
        }
        OverLimit over = quota.overLimit;
        if (over != null && !over.own()) {
            // a queue above it is at its limit: that, not what its parent has unused, is what stops it
            text.append("; ").append(parentTitle(over.queue())).append(" would pass its limit (limit ")
                    .append(fmt(over.cap())).append(", ").append(fmt(over.usage())).append(" in use)");
        }
        if (parent != null) {
            text.append("; ").append(parentTitle(parent)).append(" has ")
                    .append(fmt(Math.max(0, quota.parentUnused))).append(" unused");
            if (quota.limited) {
                text.append(", borrowing limit ").append(fmt(quota.borrowingLimit));
            }
        }
        text.append(")");
    }

    /** A cohort, a KAI parent queue, or the cluster a KAI top-level queue draws from. */
    private static String parentTitle(QuotaNode parent) {
        if (parent.name().equals(dev.muster.core.kai.KaiQuotaTree.CLUSTER)) {
            return "the cluster";
        }
        return (parent.root().name().equals(dev.muster.core.kai.KaiQuotaTree.CLUSTER) ? "parent queue " : "cohort ")
                + parent.name();
    }

    private String fmt(long milli) {
        return Quantity.ofMilli(milli).format(resource);
    }
}
