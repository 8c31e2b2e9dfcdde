package dev.muster.core.kai;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Pending;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Workloads of one KAI queue tree that could neither be admitted nor make room by reclaim or
 * preemption, with why, and the state of the tree they were tried in. Trying one again while that
 * state holds gives the same answer, so it is not tried: a full cluster then costs a cycle what
 * arrived, not everything that waits.
 *
 * <p>The state is what a try depends on: room or quota freed in the tree (its freed version, which
 * also moves when nodes join or change and when a victim's minimum run time ends), the workloads
 * holding quota (every admission or resize counts), the fair shares, and what the cycle itself
 * changed in its pass (admissions, preemptions, shrinks, a preemptor's held room let go).
 */
final class KaiWaitMemo {

    /** The state of the tree at a try; {@code waitVersion} is the engine's (freed room or quota, nodes, held room). */
    record State(long waitVersion, long admissions, long sharesVersion, long passChanges) {
    }

    /**
     * A wait with nothing but the nodes against it: the workload fit its quota in full, found no
     * place, and there was no workload it might reclaim or preempt. While no room appears (the
     * wait version holds), admissions and new fair shares change its answer only if they take its
     * quota, bring candidates, or change what it is told about its fair share ({@code refusal}):
     * cheap to check again, unlike the placement.
     *
     * @param need     the usage of its full assignment
     * @param refusal  why it could not reclaim, as it was told
     */
    record NodesOnly(long[] need, String refusal) {
    }

    private record Entry(Workload instance, State state, Pending reason, NodesOnly nodesOnly) {
    }

    /** By key; an entry holds only for the same workload instance (a requeued workload is a new one). */
    private final Map<ObjectKey, Entry> entries = new HashMap<>();

    /**
     * Why the workload waits, if it was tried in this state, or it waited for the nodes only, no
     * room appeared since and {@code stillHolds} says the rest holds too; else null (try it).
     */
    Pending reasonIfUnchanged(Workload wl, State now, Predicate<NodesOnly> stillHolds) {
        Entry e = entries.get(wl.key());
        if (e == null || e.instance() != wl) {
            return null;
        }
        if (e.state().equals(now)) {
            return e.reason();
        }
        if (e.nodesOnly() != null && e.state().waitVersion() == now.waitVersion() && stillHolds.test(e.nodesOnly())) {
            entries.put(wl.key(), new Entry(wl, now, e.reason(), e.nodesOnly()));
            return e.reason();
        }
        return null;
    }

    /** The workload was tried in {@code triedIn} and waits for {@code reason}; {@code nodesOnly} when only the nodes stop it, else null. */
    void waits(Workload wl, State triedIn, Pending reason, NodesOnly nodesOnly) {
        entries.put(wl.key(), new Entry(wl, triedIn, reason, nodesOnly));
    }

    void forget(ObjectKey key) {
        entries.remove(key);
    }

    /**
     * Drops the entries of workloads no longer pending (admitted elsewhere, removed, requeued as a
     * new instance), once they outnumber the pending ones: the memo stays as large as the backlog.
     */
    void keepOnly(List<ClusterQueueState> leaves) {
        int pending = leaves.stream().mapToInt(q -> q.pending().size()).sum();
        if (entries.size() > 2 * pending + 64) {
            Set<Workload> alive = Collections.newSetFromMap(new IdentityHashMap<>());
            leaves.forEach(q -> alive.addAll(q.pending()));
            entries.values().removeIf(e -> !alive.contains(e.instance()));
        }
    }

    int size() {
        return entries.size();
    }
}
