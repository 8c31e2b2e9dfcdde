package dev.muster.core.kai;

import dev.muster.core.model.PodSet;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.quota.FlavorResourceIndex;
import java.util.ArrayList;
import java.util.List;

/**
 * The next replica a gang running at or above its minimum asks for, as KAI picks it
 * (podgroup_info/allocation_info.go GetTasksToAllocate): once every pod set has its minimum, a job's
 * next tasks are one task of one pod set (getMaxNumSubGroupsToAllocate gives 1, getNumTasksToAllocate
 * at most 1), the pod set first in the subgroup order with a task still to allocate
 * (plugins/subgrouporder PodSetOrderFn: the lowest share of its minimum running). KAI's subgroups
 * sit in a map, so equal shares come in no set order; here the pod set declared first goes first.
 *
 * @param podSet the pod set the replica belongs to
 * @param one    the replica alone: 1 pod in {@code podSet}, 0 elsewhere (what a victim search makes room for)
 * @param larger the gang with that replica
 */
record NextTask(int podSet, Assignment one, Assignment larger) {

    /** The next replica of {@code g}, or null when it runs all it asked for. */
    static NextTask of(AdmittedWorkload g, FlavorResourceIndex index) {
        List<PodSet> wanted = g.workload().podSets();
        List<PodSetAssignment> running = g.assignment().podSets();
        int best = -1;
        for (int i = 0; i < running.size(); i++) {
            if (running.get(i).count() < wanted.get(i).count()
                    && (best < 0 || share(running.get(i).count(), wanted.get(i).minCount())
                            < share(running.get(best).count(), wanted.get(best).minCount()))) {
                best = i;
            }
        }
        if (best < 0) {
            return null;
        }
        long[] perPod = running.get(best).perPodUsage(wanted.get(best), index);
        long[] larger = g.assignment().usage();
        List<PodSetAssignment> onePodSets = new ArrayList<>();
        List<PodSetAssignment> largerPodSets = new ArrayList<>();
        for (int i = 0; i < running.size(); i++) {
            PodSetAssignment psa = running.get(i);
            int add = i == best ? 1 : 0;
            onePodSets.add(new PodSetAssignment(psa.name(), add, psa.flavors()));
            largerPodSets.add(new PodSetAssignment(psa.name(), psa.count() + add, psa.flavors()));
        }
        for (int fr = 0; fr < larger.length; fr++) {
            larger[fr] += perPod[fr];
        }
        boolean borrows = g.assignment().borrows();
        return new NextTask(best, new Assignment(onePodSets, perPod, borrows), new Assignment(largerPodSets, larger, borrows));
    }

    /** Running pods over the minimum, as PodSetOrderFn compares them (a minimum of 0 divides to infinity, as in Go). */
    private static double share(int running, int minCount) {
        return minCount == 0 ? Double.POSITIVE_INFINITY : (double) running / minCount;
    }
}
