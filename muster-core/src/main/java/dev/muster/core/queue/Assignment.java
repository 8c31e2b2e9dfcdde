package dev.muster.core.queue;

import dev.muster.core.quota.FlavorResourceIndex;
import java.util.List;

/**
 * A way to admit a workload into its ClusterQueue: counts and flavors per pod set, and the usage
 * it charges, indexed like the quota tree's {@link FlavorResourceIndex}.
 *
 * @param borrowingLevel Kueue's Assignment.Borrows: 0 when admitting it keeps the ClusterQueue within
 *                       its own quota, else the height of the lowest cohort whose quota holds it
 *                       ({@link dev.muster.core.quota.LowestFittingSubtree}); a scheduling cycle takes
 *                       lower levels first
 */
public record Assignment(List<PodSetAssignment> podSets, long[] usage, int borrowingLevel) {

    public Assignment {
        podSets = List.copyOf(podSets);
        usage = usage.clone();
    }

    /** Where only whether it borrows is known (level 1: somewhere above its queue). */
    public Assignment(List<PodSetAssignment> podSets, long[] usage, boolean borrows) {
        this(podSets, usage, borrows ? 1 : 0);
    }

    /** Whether admitting it makes the ClusterQueue use more than its own quota. */
    public boolean borrows() {
        return borrowingLevel > 0;
    }

    @Override
    public long[] usage() {
        return usage.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Assignment a && podSets.equals(a.podSets) && java.util.Arrays.equals(usage, a.usage)
                && borrowingLevel == a.borrowingLevel;
    }

    @Override
    public int hashCode() {
        return podSets.hashCode() * 31 + java.util.Arrays.hashCode(usage);
    }

    @Override
    public String toString() {
        return "Assignment[podSets=" + podSets + ", usage=" + java.util.Arrays.toString(usage) + ", borrowingLevel=" + borrowingLevel + "]";
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
