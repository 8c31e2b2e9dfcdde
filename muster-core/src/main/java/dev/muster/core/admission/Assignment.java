package dev.muster.core.admission;

import dev.muster.core.quota.FlavorResourceIndex;
import java.util.List;

/**
 * A way to admit a workload into its ClusterQueue: counts and flavors per pod set, and the usage
 * it charges, indexed like the quota tree's {@link FlavorResourceIndex}.
 *
 * @param borrows whether admitting it makes the ClusterQueue use more than its own quota
 */
public record Assignment(List<PodSetAssignment> podSets, long[] usage, boolean borrows) {

    public Assignment {
        podSets = List.copyOf(podSets);
        usage = usage.clone();
    }

    @Override
    public long[] usage() {
        return usage.clone();
    }

    long usageAt(int flavorResource) {
        return usage[flavorResource];
    }

    public boolean isPartial(List<dev.muster.core.model.PodSet> requested) {
        for (int i = 0; i < podSets.size(); i++) {
            if (podSets.get(i).count() < requested.get(i).count()) {
                return true;
            }
        }
        return false;
    }
}
