package dev.muster.core.admission;

import dev.muster.core.model.PodSet;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quota.QuotaNode;
import java.util.List;

/**
 * Why a pod set does not fit one flavor: the first resource whose request exceeds what the queue
 * can use now. Turned into a sentence a user understands, with the numbers that explain it.
 */
record QuotaShortage(String flavor, String resource, int flavorResource, long wanted, long available, long maximum) {

    boolean exceedsMaximum() {
        return wanted > maximum;
    }

    static String describe(String clusterQueue, QuotaNode node, PodSet podSet, List<QuotaShortage> shortages) {
        StringBuilder sb = new StringBuilder(256); // about a shortage's length: no copies as it grows
        boolean never = allExceedMaximum(shortages);
        sb.append(never ? "can never be admitted: " : "waiting for quota: ")
                .append("pod set \"").append(podSet.name()).append("\" does not fit ").append(clusterQueue);
        for (QuotaShortage s : shortages) {
            s.explain(node, sb.append("; "));
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
    private void explain(QuotaNode node, StringBuilder text) {
        String unit = " " + resource;
        text.append("in flavor ").append(flavor).append(" the workload needs ").append(fmt(wanted)).append(unit);
        if (exceedsMaximum()) {
            text.append(" but the most this queue can ever use is ").append(fmt(maximum)).append(unit)
                    .append(flavorResource >= 0 && node.hasCap(flavorResource) && node.cap(flavorResource) == maximum
                            ? " (its limit)"
                            : node.hasParent() ? " (its nominal quota plus all its cohort can lend)" : " (its nominal quota)");
            return;
        }
        text.append(", only ").append(fmt(Math.max(0, available))).append(" available");
        if (flavorResource < 0) {
            return;
        }
        text.append(" (nominal quota ").append(fmt(node.nominal(flavorResource))).append(", ")
                .append(fmt(node.usage(flavorResource))).append(" in use");
        if (node.hasCap(flavorResource)) {
            text.append(", limit ").append(fmt(node.cap(flavorResource)));
        }
        if (node.hasParent()) {
            text.append("; ").append(parentTitle(node.parent())).append(" has ")
                    .append(fmt(Math.max(0, node.parent().available(flavorResource)))).append(" unused");
            if (node.hasBorrowingLimit(flavorResource)) {
                text.append(", borrowing limit ").append(fmt(node.borrowingLimit(flavorResource)));
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
