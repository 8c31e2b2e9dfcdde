package dev.muster.core.kai;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The candidate gangs of one KAI victim search, per queue, made only when the search reaches their
 * queue. A reclaim search usually ends at its first step, refused by the share rules for the queue
 * that would give way first; making a candidate of every admitted workload of every other queue
 * before that was most of the cost of a cycle on a large cluster (140,000 running pods,
 * docs/performance.md "The engine at scale"), and made a waiting gang cost what is running.
 *
 * <p>Where a queue sets a minimum run time, its candidates are made at once: making one counts it
 * as protected or not ({@link MinRuntimeProtection}), and the wait's reason and retry time count
 * every protected candidate of the search, as they did when all were made up front.
 */
final class VictimPool {

    /** One queue's candidates: made on first need, in the queue's namespace/name order. */
    private final class QueueCandidates {
        final ClusterQueueState queue;
        final int belowPriority;
        final Function<AdmittedWorkload, VictimGang> make;
        List<VictimGang> gangs;
        /** Before {@link #gangs} are made: whether the queue has a candidate at all (null: not looked yet). */
        Boolean any;

        QueueCandidates(ClusterQueueState queue, int belowPriority, Function<AdmittedWorkload, VictimGang> make) {
            this.queue = queue;
            this.belowPriority = belowPriority;
            this.make = make;
        }

        boolean candidate(AdmittedWorkload a) {
            return a.workload().priority() < belowPriority && !evicting.contains(a.workload().key());
        }

        List<VictimGang> gangs() {
            if (gangs == null) {
                gangs = new ArrayList<>();
                for (AdmittedWorkload a : queue.admittedWorkloads()) {
                    if (candidate(a)) {
                        gangs.add(make.apply(a));
                    }
                }
            }
            return gangs;
        }

        /** Whether a gang of this queue may still give something; made candidates are fresh, so any will. */
        boolean open() {
            if (gangs != null) {
                for (VictimGang g : gangs) {
                    if (VictimPool.open(g)) {
                        return true;
                    }
                }
                return false;
            }
            if (any == null) {
                any = queue.admittedWorkloads().stream().anyMatch(this::candidate);
            }
            return any;
        }
    }

    private final Set<ObjectKey> evicting;
    private final List<QueueCandidates> queues = new ArrayList<>();

    /** @param evicting workloads already on their way out, which are no candidates */
    VictimPool(Set<ObjectKey> evicting) {
        this.evicting = evicting;
    }

    /**
     * Adds the preemptible workloads of {@code queue} below {@code belowPriority}, each made by
     * {@code make}; {@code minRuntime} > 0 makes them at once (see the class comment).
     */
    VictimPool add(ClusterQueueState queue, int belowPriority, long minRuntime, Function<AdmittedWorkload, VictimGang> make) {
        QueueCandidates c = new QueueCandidates(queue, Math.min(belowPriority, KaiCycle.NON_PREEMPTIBLE), make);
        queues.add(c);
        if (minRuntime > 0) {
            c.gangs();
        }
        return this;
    }

    /** A gang may still give something: not gone, and not protected whole with nothing beyond its minimum. */
    static boolean open(VictimGang g) {
        return !g.gone && !(g.protectedWhole && g.extraPodSet() < 0);
    }

    /** The queues with a gang that may still give something, in the order they were added. */
    List<ClusterQueueState> openQueues() {
        List<ClusterQueueState> open = new ArrayList<>();
        for (QueueCandidates c : queues) {
            if (c.open()) {
                open.add(c.queue);
            }
        }
        return open;
    }

    /** The open gang of {@code queue} that gives way first ({@link VictimGang#VICTIM_ORDER}); null if none. */
    VictimGang first(ClusterQueueState queue) {
        VictimGang first = null;
        for (QueueCandidates c : queues) {
            if (c.queue != queue) {
                continue;
            }
            for (VictimGang g : c.gangs()) {
                if (open(g) && (first == null || VictimGang.VICTIM_ORDER.compare(g, first) < 0)) {
                    first = g;
                }
            }
        }
        return first;
    }
}
