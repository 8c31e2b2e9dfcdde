package dev.muster.core.kai;

import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One KAI queue's pending workloads in two parts: those parked as waiting for the nodes alone
 * (tried at one wait version, no room appeared since, and nothing else stopped them), grouped by
 * their {@link KaiWaitMemo.Check}, and the rest. While no room appears and every group's check
 * still holds, a pass over the queue skips each parked workload anyway; knowing that up front, it
 * visits only the rest, in queue order. On a full cluster that is what arrived since the last pass,
 * where visiting every waiting workload made each arrival cost the backlog (openb, docs/performance.md
 * "The engine at scale").
 *
 * <p>The parts are kept as passes park and unpark workloads, and what arrived is read from the
 * queue's log of enqueued workloads; when the wait version moves (room appeared) or the log does
 * not reach back far enough, they are made again from the memo's entries.
 */
final class ParkedWaits {

    private final ClusterQueueState queue;
    /** The wait version every parked workload was tried at. */
    private final long waitVersion;
    /** How many workloads the queue had enqueued when what arrived was last read. */
    private long seen;
    /** The rest, in queue order; some may have left the queue since (they are dropped when met). */
    private final TreeSet<Workload> rest = new TreeSet<>(Workload.QUEUE_ORDER);
    private final Map<Workload, KaiWaitMemo.Check> parked = new IdentityHashMap<>();
    /** Parked workloads per check: a pass may skip them all only if each of these still holds. */
    private final Map<KaiWaitMemo.Check, Integer> checks = new HashMap<>();

    ParkedWaits(ClusterQueueState queue, long waitVersion) {
        this.queue = queue;
        this.waitVersion = waitVersion;
        this.seen = queue.enqueuedCount();
    }

    long waitVersion() {
        return waitVersion;
    }

    void park(Workload wl, KaiWaitMemo.Check check) {
        unpark(wl);
        rest.remove(wl);
        parked.put(wl, check);
        checks.merge(check, 1, Integer::sum);
    }

    /** The workload is among those a pass visits (it may be tried again, or has left the queue). */
    void visit(Workload wl) {
        unpark(wl);
        rest.remove(wl); // an older instance of the same workload, if any
        rest.add(wl);
    }

    private void unpark(Workload wl) {
        KaiWaitMemo.Check c = parked.remove(wl);
        if (c != null && checks.merge(c, -1, Integer::sum) == 0) {
            checks.remove(c);
        }
    }

    /** The checks of the parked workloads. */
    Iterable<KaiWaitMemo.Check> checks() {
        return checks.keySet();
    }

    /**
     * The workloads a pass visits, in queue order: the rest, with what arrived since the last call,
     * less what left the queue; null when the queue's log does not reach back far enough.
     */
    List<Workload> toVisit() {
        List<Workload> arrived = queue.enqueuedAfter(seen);
        if (arrived == null) {
            return null;
        }
        seen = queue.enqueuedCount();
        for (Workload wl : arrived) {
            if (!parked.containsKey(wl)) {
                rest.remove(wl);
                rest.add(wl);
            }
        }
        List<Workload> out = new ArrayList<>(rest.size());
        for (Iterator<Workload> it = rest.iterator(); it.hasNext(); ) {
            Workload wl = it.next();
            if (queue.isQueued(wl)) {
                out.add(wl);
            } else {
                it.remove();
            }
        }
        return out;
    }
}
