package dev.muster.core.kai;

import dev.muster.core.model.Workload;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.quota.FlavorResourceIndex;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A candidate gang of a KAI victim search and what is still left of it in this search. */
final class VictimGang {

    /**
     * KAI's job order reversed (plugins priority, then elastic, then creation time): lowest priority
     * first; then a gang still above its minimum before one at it; then the newest. Counts are
     * those left in the search, so after one replica of a gang goes another gang's extra may be next.
     */
    static final Comparator<VictimGang> VICTIM_ORDER = Comparator
            .comparingInt((VictimGang g) -> g.workload().priority())
            .thenComparing((VictimGang g) -> g.extraPodSet() < 0)
            .thenComparing(Comparator.comparingLong((VictimGang g) -> g.admitted.admittedAtMillis()).reversed())
            .thenComparing(Comparator.comparingLong((VictimGang g) -> g.workload().sequence()).reversed())
            .thenComparing(g -> g.workload().key());

    /**
     * {@link #VICTIM_ORDER} for gangs a search has not touched yet (their counts are those admitted):
     * the order queues keep their admitted workloads in for KAI ({@code ClusterQueueState#admittedInOrder}).
     */
    static final Comparator<AdmittedWorkload> UNTOUCHED_ORDER = VictimGang::compareUntouched;

    /** {@link #UNTOUCHED_ORDER} written out: queues compare with it at every admission and release. */
    private static int compareUntouched(AdmittedWorkload a, AdmittedWorkload b) {
        int c = Integer.compare(a.workload().priority(), b.workload().priority());
        if (c == 0) {
            c = Boolean.compare(!a.aboveMinimum(), !b.aboveMinimum());
        }
        if (c == 0) {
            c = Long.compare(b.admittedAtMillis(), a.admittedAtMillis());
        }
        if (c == 0) {
            c = Long.compare(b.workload().sequence(), a.workload().sequence());
        }
        return c != 0 ? c : a.workload().key().compareTo(b.workload().key());
    }

    final AdmittedWorkload admitted;
    final ClusterQueueState queue;
    final int[] counts;
    /** It has not run its queue's minimum time: only its replicas beyond the gang minimum may go. */
    final boolean protectedWhole;
    boolean gone;
    private final FlavorResourceIndex index;

    VictimGang(AdmittedWorkload admitted, ClusterQueueState queue, boolean protectedWhole, FlavorResourceIndex index) {
        this.admitted = admitted;
        this.queue = queue;
        this.protectedWhole = protectedWhole;
        this.index = index;
        this.counts = admitted.assignment().podSets().stream().mapToInt(PodSetAssignment::count).toArray();
    }

    Workload workload() {
        return admitted.workload();
    }

    /** The pod set a replica beyond the minimum is taken from (the last one that has such), or -1. */
    int extraPodSet() {
        for (int i = counts.length - 1; i >= 0; i--) {
            if (counts[i] > workload().podSets().get(i).minCount()) {
                return i;
            }
        }
        return -1;
    }

    long[] perPod(int podSet) {
        return admitted.assignment().podSets().get(podSet).perPodUsage(workload().podSets().get(podSet), index);
    }

    long[] remainingUsage() {
        long[] usage = new long[index.size()];
        for (int i = 0; i < counts.length; i++) {
            long[] one = perPod(i);
            for (int fr = 0; fr < usage.length; fr++) {
                usage[fr] += one[fr] * counts[i];
            }
        }
        return usage;
    }

    Assignment assignmentAt(int[] at, long[] usage) {
        List<PodSetAssignment> podSets = new ArrayList<>();
        for (int i = 0; i < at.length; i++) {
            PodSetAssignment psa = admitted.assignment().podSets().get(i);
            podSets.add(new PodSetAssignment(psa.name(), at[i], psa.flavors()));
        }
        return new Assignment(podSets, usage, admitted.assignment().borrows());
    }
}
