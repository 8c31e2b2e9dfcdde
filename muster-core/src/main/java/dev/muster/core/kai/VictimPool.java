package dev.muster.core.kai;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.function.Function;

/**
 * The candidate gangs of one KAI victim search, per queue, made only as the search reaches them.
 * A reclaim search usually ends at its first step, refused by the share rules for the queue that
 * would give way first, and otherwise takes a few gangs from the front of the victim order; making
 * a candidate of every admitted workload of every other queue first was most of the cost of a
 * cycle on a large cluster (140,000 running pods, docs/performance.md "The engine at scale"), and
 * made each waiting gang cost what is running. Queues keep their admitted workloads in the order
 * untouched candidates give way ({@link VictimGang#UNTOUCHED_ORDER}), so the next candidate is the
 * first gang this search touched that is still open or the first untouched one, whichever goes first.
 *
 * <p>Where a queue sets a minimum run time, its candidates are made at once, as before: making one
 * counts it as protected or not ({@link MinRuntimeProtection}), and the wait's reason and retry
 * time count every protected candidate of the search.
 */
final class VictimPool {

    /** One queue's candidates: the ones made so far, and the queue's admitted workloads in victim order. */
    private final class QueueCandidates {
        final ClusterQueueState queue;
        final int belowPriority;
        final Function<AdmittedWorkload, VictimGang> make;
        /** Gangs made so far, by the admitted workload they stand for. */
        final Map<AdmittedWorkload, VictimGang> made = new IdentityHashMap<>();
        /** All candidates were made (a queue with a minimum run time). */
        boolean allMade;

        QueueCandidates(ClusterQueueState queue, int belowPriority, Function<AdmittedWorkload, VictimGang> make) {
            this.queue = queue;
            this.belowPriority = belowPriority;
            this.make = make;
        }

        void makeAll() {
            for (AdmittedWorkload a : queue.admittedWorkloads()) {
                if (candidate(a)) {
                    made.computeIfAbsent(a, make);
                }
            }
            allMade = true;
        }

        boolean candidate(AdmittedWorkload a) {
            return a.workload().priority() < belowPriority && !evicting.contains(a.workload().key());
        }

        /**
         * The first candidate in victim order that no step touched yet, made now; null if none is
         * left. The walk starts at the queue's {@link EvictingFronts front}: what lies before it is
         * on its way out, and is only looked at for its priority.
         */
        VictimGang firstUntouched() {
            if (allMade) {
                return null;
            }
            NavigableSet<AdmittedWorkload> inOrder = queue.admittedInOrder(VictimGang.UNTOUCHED_ORDER);
            Iterable<AdmittedWorkload> walk = inOrder;
            AdmittedWorkload front = fronts.front(queue, evicting);
            if (front != null) {
                AdmittedWorkload before = inOrder.lower(front);
                if (before != null && before.workload().priority() >= belowPriority) {
                    return null; // the order starts with the lowest priorities
                }
                walk = inOrder.tailSet(front, true);
            }
            boolean leading = true; // every workload walked so far is on its way out
            for (AdmittedWorkload a : walk) {
                if (a.workload().priority() >= belowPriority) {
                    return null;
                }
                VictimGang g = made.get(a);
                if (g == null && evicting.contains(a.workload().key())) {
                    continue;
                }
                if (leading) {
                    fronts.found(queue, a);
                    leading = false;
                }
                if (g == null) {
                    g = make.apply(a);
                    made.put(a, g);
                    return g;
                }
                if (!touched(g)) {
                    return g;
                }
            }
            return null;
        }

        /** The open gang that gives way first; null if none. */
        VictimGang first() {
            VictimGang first = firstUntouched();
            for (VictimGang g : made.values()) {
                if ((allMade || touched(g)) && open(g) && (first == null || VictimGang.VICTIM_ORDER.compare(g, first) < 0)) {
                    first = g;
                }
            }
            return first;
        }
    }

    private final Set<ObjectKey> evicting;
    private final EvictingFronts fronts;
    private final List<QueueCandidates> queues = new ArrayList<>();

    /**
     * @param evicting workloads already on their way out, which are no candidates
     * @param fronts   where each queue's victim order stops being on its way out, kept over the cycle's searches
     */
    VictimPool(Set<ObjectKey> evicting, EvictingFronts fronts) {
        this.evicting = evicting;
        this.fronts = fronts;
    }

    /**
     * Adds the preemptible workloads of {@code queue} below {@code belowPriority}, each made by
     * {@code make}; {@code minRuntime} > 0 makes them at once (see the class comment).
     */
    VictimPool add(ClusterQueueState queue, int belowPriority, long minRuntime, Function<AdmittedWorkload, VictimGang> make) {
        QueueCandidates c = new QueueCandidates(queue, Math.min(belowPriority, KaiCycle.NON_PREEMPTIBLE), make);
        queues.add(c);
        if (minRuntime > 0) {
            c.makeAll();
        }
        return this;
    }

    /** A gang may still give something: not gone, and not protected whole with nothing beyond its minimum. */
    static boolean open(VictimGang g) {
        return !g.gone && !(g.protectedWhole && g.extraPodSet() < 0);
    }

    /** Whether a step of this search took something of the gang (its counts are no longer those admitted). */
    private static boolean touched(VictimGang g) {
        if (g.gone) {
            return true;
        }
        List<dev.muster.core.queue.PodSetAssignment> admitted = g.admitted.assignment().podSets();
        for (int i = 0; i < g.counts.length; i++) {
            if (g.counts[i] != admitted.get(i).count()) {
                return true;
            }
        }
        return false;
    }

    /** The queues with a gang that may still give something, in the order they were added. */
    List<ClusterQueueState> openQueues() {
        List<ClusterQueueState> open = new ArrayList<>();
        for (QueueCandidates c : queues) {
            if (c.first() != null) {
                open.add(c.queue);
            }
        }
        return open;
    }

    /** The open gang of {@code queue} that gives way first ({@link VictimGang#VICTIM_ORDER}); null if none. */
    VictimGang first(ClusterQueueState queue) {
        for (QueueCandidates c : queues) {
            if (c.queue == queue) {
                return c.first();
            }
        }
        return null;
    }
}
