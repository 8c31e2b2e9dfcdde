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
        StringBuilder sb = new StringBuilder();
        boolean never = shortages.stream().allMatch(QuotaShortage::exceedsMaximum);
        sb.append(never ? "can never be admitted: " : "waiting for quota: ")
                .append("pod set \"").append(podSet.name()).append("\" does not fit ").append(clusterQueue);
        for (QuotaShortage s : shortages) {
            sb.append("; ").append(s.explain(node));
        }
        long gpuMemory = podSet.hints().gpuMemoryMiB();
        if (gpuMemory > 0 && shortages.stream().anyMatch(s -> s.resource.equals(NodeSpec.GPU))) {
            // The pod asked for no nvidia.com/gpu: say where the GPUs in the sentence come from.
            sb.append("; each pod's gpu-memory request of ").append(gpuMemory)
                    .append(" MiB counts as that share of the cluster's largest GPU");
        }
        return sb.toString();
    }

    private String explain(QuotaNode node) {
        String unit = " " + resource;
        String text = "in flavor " + flavor + " the workload needs " + fmt(wanted) + unit;
        if (exceedsMaximum()) {
            return text + " but the most this queue can ever use is " + fmt(maximum) + unit
                    + (flavorResource >= 0 && node.hasCap(flavorResource) && node.cap(flavorResource) == maximum
                            ? " (its limit)"
                            : node.hasParent() ? " (its nominal quota plus all its cohort can lend)" : " (its nominal quota)");
        }
        text += ", only " + fmt(Math.max(0, available)) + " available";
        if (flavorResource < 0) {
            return text;
        }
        text += " (nominal quota " + fmt(node.nominal(flavorResource)) + ", " + fmt(node.usage(flavorResource)) + " in use";
        if (node.hasCap(flavorResource)) {
            text += ", limit " + fmt(node.cap(flavorResource));
        }
        if (node.hasParent()) {
            text += "; " + parentTitle(node.parent()) + " has " + fmt(Math.max(0, node.parent().available(flavorResource)))
                    + " unused";
            if (node.hasBorrowingLimit(flavorResource)) {
                text += ", borrowing limit " + fmt(node.borrowingLimit(flavorResource));
            }
        }
        return text + ")";
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
