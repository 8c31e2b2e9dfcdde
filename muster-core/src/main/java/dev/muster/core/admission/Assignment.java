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

    @Override
    public boolean equals(Object o) {
        return o instanceof Assignment a && podSets.equals(a.podSets) && java.util.Arrays.equals(usage, a.usage)
                && borrows == a.borrows;
    }

    @Override
    public int hashCode() {
        return podSets.hashCode() * 31 + java.util.Arrays.hashCode(usage);
    }

    @Override
    public String toString() {
        return "Assignment[podSets=" + podSets + ", usage=" + java.util.Arrays.toString(usage) + ", borrows=" + borrows + "]";
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
