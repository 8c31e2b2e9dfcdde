package dev.muster.core.kai;

import dev.muster.core.queue.ClusterQueueState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The victims of a reclaim that KAI gives their room back before the reclaimer is placed. KAI's
 * solver tries a set of victims by evicting them in a statement, then allocating the reclaimer and
 * the victims' jobs in its allocation order (actions/common/action.go: GetJobsToAllocate puts them
 * in a JobsOrderByQueues, TryToVirtuallyAllocatePreemptorAndGetVictims pops them one by one, the
 * queue order asked again after each allocation). A victim's job popped before the reclaimer is
 * allocated again first, onto the room its own eviction freed, and the reclaimer must fit in what
 * is left; if it does not, the set fails and the solver tries it again with the next victim added
 * (solvers/pod_scenario_builder.go). So a queue that KAI's order serves before the reclaimer's
 * keeps what it would give: when neither queue stays within its quota with its job, the one of
 * higher queue priority (queue_order.go prioritizePrioritized) — KAI's integration test "... reclaim
 * from less prioritized queue", where queue0's evicted job may not take back a GPU from queue2
 * (priority 101) though queue2 holds more than its fair share.
 *
 * <p>Victims popped after the reclaimer are put back by {@link TakenSteps#putBack} once it fits.
 * The order compares each victim and the reclaimer themselves, as KAI does when they are the first
 * jobs of their queues; a queue's pending workloads, which KAI pops in between and skips, are left out.
 */
final class ReallocatedFirst {

    private final KaiQueueOrder order;

    ReallocatedFirst(KaiQueueOrder order) {
        this.order = order;
    }

    /**
     * Puts back, one at a time, the victim gang that KAI's allocation order serves first while it comes
     * before the workload (of queue {@code q}, needing {@code need}), each as a whole: KAI allocates a
     * job's evicted pods together. One that no longer fits its queue's quota stays a victim, as KAI's
     * capacity check leaves it; on the nodes it fits where it ran, which nothing else has taken yet.
     * Returns the steps undone, in the order undone.
     */
    List<VictimStep> putBack(TakenSteps taken, ClusterQueueState q, long[] need) {
        List<VictimStep> undone = new ArrayList<>();
        Set<VictimGang> stay = new HashSet<>();
        while (true) {
            Map<VictimGang, long[]> heads = heads(taken, stay);
            VictimGang first = null;
            for (Map.Entry<VictimGang, long[]> e : heads.entrySet()) {
                VictimGang g = e.getKey();
                if (order.compareLeaves(g.queue, e.getValue(), q, need) >= 0) {
                    continue; // the workload is allocated before it
                }
                if (first == null || order.compareLeaves(g.queue, e.getValue(), first.queue, heads.get(first)) < 0) {
                    first = g;
                }
            }
            if (first == null) {
                return undone;
            }
            if (KaiVictims.fits(first.queue.node(), heads.get(first))) {
                undone.addAll(taken.undoGang(first));
            } else {
                stay.add(first);
            }
        }
    }

    /**
     * Per queue with standing steps, the gang KAI's job order allocates first (highest priority, then
     * oldest: the victim order reversed), with what its standing steps freed; gangs in {@code stay} are passed over.
     */
    private static Map<VictimGang, long[]> heads(TakenSteps taken, Set<VictimGang> stay) {
        Map<VictimGang, long[]> freed = new LinkedHashMap<>();
        for (VictimStep s : taken.steps()) {
            if (stay.contains(s.gang())) {
                continue;
            }
            long[] sum = freed.computeIfAbsent(s.gang(), g -> new long[s.freed().length]);
            for (int fr = 0; fr < sum.length; fr++) {
                sum[fr] += s.freed()[fr];
            }
        }
        Map<ClusterQueueState, VictimGang> headOfQueue = new LinkedHashMap<>();
        for (VictimGang g : freed.keySet()) {
            headOfQueue.merge(g.queue, g, (a, b) -> VictimGang.VICTIM_ORDER.compare(a, b) >= 0 ? a : b);
        }
        Map<VictimGang, long[]> heads = new LinkedHashMap<>();
        headOfQueue.values().forEach(g -> heads.put(g, freed.get(g)));
        return heads;
    }
}
