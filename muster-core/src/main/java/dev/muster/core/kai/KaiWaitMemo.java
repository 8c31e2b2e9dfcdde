package dev.muster.core.kai;

import dev.muster.core.model.Pending;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Workloads of one KAI queue tree that could neither be admitted nor make room by reclaim or
 * preemption, with why, and the state of the tree they were tried in. Trying one again while that
 * state holds gives the same answer, so it is not tried: a full cluster then costs a cycle what
 * arrived, not everything that waits.
 *
 * <p>The state is what a try depends on: the engine's wait version (room or quota freed in the
 * tree, which also moves when nodes join, change or drain, when a victim's minimum run time ends,
 * when a preemptor's held room is let go), the workloads holding quota (every admission or resize
 * counts), the fair shares, and what the cycle itself changed in its pass.
 */
final class KaiWaitMemo {

    /**
     * The state of the tree at a try. Compared once per visited workload: equality is written out
     * rather than generated, as the generated one runs through method handles, slow until the JIT
     * has warmed up to them.
     */
    record State(long waitVersion, long admissions, long sharesVersion, long passChanges) {

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof State s && s.waitVersion == waitVersion && s.admissions == admissions
                    && s.sharesVersion == sharesVersion && s.passChanges == passChanges;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(31 * (31 * (31 * waitVersion + admissions) + sharesVersion) + passChanges);
        }
    }

    /**
     * A wait with nothing but the nodes against it: the workload fit its quota in full, found no
     * place, and there was no workload it might reclaim or preempt. While no room appears (the
     * wait version holds), admissions and new fair shares change its answer only if they take its
     * quota, bring candidates, or change what it is told about its fair share: cheap to check
     * again, unlike the placement. Workloads alike (queue, priority, usage, what they were told)
     * share one, so it is checked once per state for all of them.
     *
     * @param need     the usage of its full assignment
     * @param refusal  why it could not reclaim, as it was told
     */
    record NodesOnly(ClusterQueueState queue, int priority, List<Long> need, String refusal) {

        long[] needArray() {
            return need.stream().mapToLong(Long::longValue).toArray();
        }
    }

    /** A {@link NodesOnly} with the answer of its last check, and the state it was checked in. */
    static final class Check {
        final NodesOnly wait;
        final long[] need;
        State checkedIn;
        boolean holds;

        Check(NodesOnly wait) {
            this.wait = wait;
            this.need = wait.needArray();
        }
    }

    private record Entry(State state, Pending reason, Check nodesOnly) {
    }

    /**
     * What a try of a workload came to when it waited, for workloads of the same queue and shape
     * (priority and pod sets, compared by value) tried later in the same state: KAI's queue holds
     * many gangs alike, and trying each again (placement, reclaim and preemption searches) gives
     * the same answer while nothing changed.
     *
     * @param retryAt  when a victim protected by its minimum run time may be taken, or -1
     * @param unplaced the assignment the nodes refused, when it fit its quota; null otherwise
     */
    record Answer(State state, Pending why, NodesOnly nodesOnly, long retryAt, dev.muster.core.queue.Assignment unplaced) {
    }

    private record ShapeInQueue(ClusterQueueState queue, int shape) {

        @Override
        public boolean equals(Object o) { // written out, as State's
            return o instanceof ShapeInQueue k && k.queue == queue && k.shape == shape;
        }

        @Override
        public int hashCode() {
            return 31 * System.identityHashCode(queue) + shape;
        }
    }

    /** Of the current pass's state only: a new state makes every answer stale, so the map is cleared then. */
    private final Map<ShapeInQueue, Answer> answers = new HashMap<>();
    private State answersIn;

    /** The answer a workload of this shape in {@code queue} got in state {@code now}, or null. */
    Answer sameShape(ClusterQueueState queue, int shape, State now) {
        if (!now.equals(answersIn)) {
            return null;
        }
        return answers.get(new ShapeInQueue(queue, shape));
    }

    /** A workload of this shape in {@code queue} waited in {@code answer.state()}. */
    void answered(ClusterQueueState queue, int shape, Answer answer) {
        if (!answer.state().equals(answersIn)) {
            answers.clear();
            answersIn = answer.state();
        }
        answers.put(new ShapeInQueue(queue, shape), answer);
    }

    /** Beyond this many distinct {@link NodesOnly} the checks start over. */
    private static final int MAX_CHECKS = 4_096;

    /** By workload instance: a requeued workload is a new one and is tried again. */
    private final Map<Workload, Entry> entries = new IdentityHashMap<>();
    private final Map<NodesOnly, Check> checks = new HashMap<>();

    /**
     * Whether the workload is known to wait in state {@code now}: it was tried in it, or it waited
     * for the nodes only, no room appeared since and {@code stillHolds} says the rest holds too.
     */
    boolean stillWaits(Workload wl, State now, StillOnlyNodes stillHolds) {
        Entry e = entries.get(wl);
        if (e == null) {
            return false;
        }
        if (e.state().equals(now)) {
            return true;
        }
        Check c = e.nodesOnly();
        if (c == null || e.state().waitVersion() != now.waitVersion()) {
            return false;
        }
        return holds(c, now, stillHolds);
    }

    /** Whether the wait of a check still holds in state {@code now} (worked out once per state). */
    private static boolean holds(Check c, State now, StillOnlyNodes stillHolds) {
        if (!now.equals(c.checkedIn)) {
            c.holds = stillHolds.test(c.wait, c.need);
            c.checkedIn = now;
        }
        return c.holds;
    }

    /** Per queue: its pending workloads parked as waiting for the nodes alone, and the rest. */
    private final Map<ClusterQueueState, ParkedWaits> parkedByQueue = new HashMap<>();

    /**
     * The workloads of {@code q} a pass must visit in state {@code now}, in queue order, when every
     * other pending workload of the queue is parked and would be skipped ({@link ParkedWaits});
     * null when that is not known (then the pass visits them all).
     */
    List<Workload> toVisit(ClusterQueueState q, State now, StillOnlyNodes stillHolds) {
        ParkedWaits p = parkedByQueue.get(q);
        if (p == null || p.waitVersion() != now.waitVersion()) {
            p = parked(q, now.waitVersion());
        }
        for (Check c : p.checks()) {
            if (!holds(c, now, stillHolds)) {
                parkedByQueue.remove(q); // made again next time, without what left the queue
                return null;
            }
        }
        List<Workload> visit = p.toVisit();
        if (visit == null) {
            parkedByQueue.remove(q);
        }
        return visit;
    }

    /** The queue's pending workloads parked or not, from the entries: those that waited for the nodes alone at {@code waitVersion}. */
    private ParkedWaits parked(ClusterQueueState q, long waitVersion) {
        ParkedWaits p = new ParkedWaits(q, waitVersion);
        for (Workload wl : q.pending()) {
            Entry e = entries.get(wl);
            if (e != null && e.nodesOnly() != null && e.state().waitVersion() == waitVersion) {
                p.park(wl, e.nodesOnly());
            } else {
                p.visit(wl);
            }
        }
        parkedByQueue.put(q, p);
        return p;
    }

    /** Whether a {@link NodesOnly} wait still holds; {@code need} is its usage as an array. */
    interface StillOnlyNodes {
        boolean test(NodesOnly wait, long[] need);
    }

    /**
     * The workload of queue {@code q} was tried in {@code triedIn} and waits for {@code reason};
     * {@code nodesOnly} when only the nodes stop it, else null.
     */
    void waits(ClusterQueueState q, Workload wl, State triedIn, Pending reason, NodesOnly nodesOnly) {
        Check c = null;
        if (nodesOnly != null) {
            if (checks.size() >= MAX_CHECKS) {
                checks.clear();
            }
            c = checks.computeIfAbsent(nodesOnly, Check::new);
        }
        entries.put(wl, new Entry(triedIn, reason, c));
        ParkedWaits p = parkedByQueue.get(q);
        if (p != null) {
            if (c != null && triedIn.waitVersion() == p.waitVersion()) {
                p.park(wl, c);
            } else {
                p.visit(wl);
            }
        }
    }

    /** The workload of queue {@code q} was admitted, or preempted for: it is no longer known to wait. */
    void forget(ClusterQueueState q, Workload wl) {
        entries.remove(wl);
        ParkedWaits p = parkedByQueue.get(q);
        if (p != null) {
            p.visit(wl);
        }
    }

    /**
     * Drops the entries of workloads no longer pending (admitted elsewhere, removed, requeued as a
     * new instance), once they outnumber the pending ones: the memo stays as large as the backlog.
     */
    void keepOnly(List<ClusterQueueState> leaves) {
        int pending = leaves.stream().mapToInt(q -> q.pending().size()).sum();
        if (entries.size() > 2 * pending + 64) {
            Map<Workload, Entry> alive = new IdentityHashMap<>();
            for (ClusterQueueState q : leaves) {
                for (Workload wl : q.pending()) {
                    Entry e = entries.get(wl);
                    if (e != null) {
                        alive.put(wl, e);
                    }
                }
            }
            entries.clear();
            entries.putAll(alive);
            parkedByQueue.clear();
        }
    }

    static List<Long> asList(long[] need) {
        return Arrays.stream(need).boxed().toList();
    }
}
