package dev.muster.core.engine;

import dev.muster.core.model.Pending;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the engine knows of each workload: pending (and in which queue) or admitted, why it
 * waits, and its {@link WorkloadProgress}.
 */
final class WorkloadBook {

    /**
     * One entry per workload the engine knows, holding all it knows of it: a cycle that admits a
     * workload, or tells it why it waits, finds everything with one lookup.
     */
    private static final class Entry implements ClusterQueueState.Ticket {
        /** The workload's key, the map's: telling a queued workload why it waits then reads this entry only. */
        final ObjectKey key;
        Workload pending;
        ClusterQueueState queue;
        AdmittedWorkload admitted;
        Pending reason;
        WorkloadProgress progress;
        /** The instance {@link #shape} was worked out for: a requeued workload is a new instance, looked at again. */
        Workload shaped;
        int shape;

        Entry(ObjectKey key) {
            this.key = key;
        }

        boolean isEmpty() {
            return pending == null && queue == null && admitted == null && reason == null && progress == null;
        }
    }

    private final Map<ObjectKey, Entry> entries = new HashMap<>();
    /**
     * The entry looked up last, by key instance: a cycle asks about one workload a few times in a
     * row (its shape, then why it waits), and a lookup among all workloads costs more than the rest.
     */
    private ObjectKey lastKey;
    private Entry lastEntry;
    /** Reasons found outside a cycle (on submit, on eviction), reported by the next cycle. */
    private final Map<ObjectKey, Pending> unreportedReasons = new LinkedHashMap<>();
    /**
     * Workloads that took quota and may not have had their pods ready yet, by key: what the
     * waitForPodsReady timers look at instead of every admitted workload. Those ready or gone are
     * dropped when next met ({@link #notReadyInOrder}).
     */
    private final java.util.TreeSet<ObjectKey> maybeNotReady = new java.util.TreeSet<>();
    /** Whether anyone asks {@link #notReadyInOrder} (waitForPodsReady is on); if not, nobody is tracked. */
    private final boolean watchesPodsReady;

    WorkloadBook(boolean watchesPodsReady) {
        this.watchesPodsReady = watchesPodsReady;
    }

    private Entry entry(ObjectKey key) {
        Entry e = existing(key);
        if (e == null) {
            e = new Entry(key);
            entries.put(key, e);
            lastKey = key;
            lastEntry = e;
        }
        return e;
    }

    private Entry existing(ObjectKey key) {
        if (key != lastKey) {
            Entry e = entries.get(key);
            if (e == null) {
                return null;
            }
            lastKey = key;
            lastEntry = e;
        }
        return lastEntry;
    }

    /**
     * The entry a ticket stands for, if it is still the one of {@code wl} (queued as this instance);
     * otherwise the entry found by key, or null.
     */
    private Entry existing(ClusterQueueState.Ticket ticket, Workload wl) {
        return ticket instanceof Entry e && e.pending == wl ? e : existing(wl.key());
    }

    /**
     * The key of {@code wl}, from the entry its ticket stands for when that is still its own: a pass
     * tells thousands of queued workloads why they wait, and the entry is read for that anyway,
     * where the workload itself would be one more read from memory.
     */
    ObjectKey keyOf(Workload wl, ClusterQueueState.Ticket ticket) {
        return ticket instanceof Entry e && e.pending == wl ? e.key : wl.key();
    }

    /**
     * The ticket a ClusterQueue keeps with the pending workload {@code key} ({@link #pend} first):
     * what a pass hands back instead of the key, so that it finds the entry without a lookup.
     */
    ClusterQueueState.Ticket ticket(ObjectKey key) {
        return entry(key);
    }

    private void dropIfEmpty(ObjectKey key, Entry e) {
        if (e.isEmpty()) {
            entries.remove(key);
            if (lastEntry == e) {
                lastKey = null;
                lastEntry = null;
            }
        }
    }

    /**
     * The shape id of a known workload instance, worked out by {@code shapes} the first time it is
     * asked (see {@link WorkloadShapes}); a workload the book does not know is not remembered.
     */
    int shapeOf(Workload wl, java.util.function.ToIntFunction<Workload> shapes) {
        return shapeOf(wl, null, shapes);
    }

    /** As {@link #shapeOf(Workload, java.util.function.ToIntFunction)}, found through the workload's ticket. */
    int shapeOf(Workload wl, ClusterQueueState.Ticket ticket, java.util.function.ToIntFunction<Workload> shapes) {
        Entry e = existing(ticket, wl);
        if (e == null) {
            return shapes.applyAsInt(wl);
        }
        if (e.shaped != wl) {
            e.shape = shapes.applyAsInt(wl);
            e.shaped = wl;
        }
        return e.shape;
    }

    /** The shape worked out for this instance is forgotten (it left, or stopped holding quota). */
    void forgetShape(Workload wl) {
        Entry e = existing(wl.key());
        if (e != null && e.shaped == wl) {
            e.shaped = null;
        }
    }

    /** A workload is submitted or restored once; it must be removed before it comes again. */
    void requireUnknown(ObjectKey key) {
        Entry e = existing(key);
        if (e != null && (e.pending != null || e.admitted != null)) {
            throw new IllegalStateException("workload " + key + " is already known");
        }
    }

    /** Starts the progress of a new (or restored) workload. */
    WorkloadProgress track(ObjectKey key) {
        WorkloadProgress p = new WorkloadProgress();
        entry(key).progress = p;
        return p;
    }

    WorkloadProgress progress(ObjectKey key) {
        Entry e = existing(key);
        return e == null ? null : e.progress;
    }

    void pend(Workload wl) {
        entry(wl.key()).pending = wl;
    }

    Workload pending(ObjectKey key) {
        Entry e = existing(key);
        return e == null ? null : e.pending;
    }

    boolean isPending(ObjectKey key) {
        return pending(key) != null;
    }

    Workload unpend(ObjectKey key) {
        Entry e = existing(key);
        if (e == null) {
            return null;
        }
        Workload wl = e.pending;
        e.pending = null;
        dropIfEmpty(key, e);
        return wl;
    }

    /** The ClusterQueue a pending workload belongs to. */
    void queueIn(ObjectKey key, ClusterQueueState cq) {
        entry(key).queue = cq;
    }

    ClusterQueueState queueOf(ObjectKey key) {
        Entry e = existing(key);
        return e == null ? null : e.queue;
    }

    ClusterQueueState leaveQueue(ObjectKey key) {
        Entry e = existing(key);
        if (e == null) {
            return null;
        }
        ClusterQueueState cq = e.queue;
        e.queue = null;
        dropIfEmpty(key, e);
        return cq;
    }

    void admit(AdmittedWorkload a) {
        entry(a.workload().key()).admitted = a;
        if (watchesPodsReady) {
            maybeNotReady.add(a.workload().key());
        }
    }

    /**
     * A workload the cycle admits: it leaves its queue, waits for nothing, and holds quota; its
     * progress is returned. As {@link #unpend}, {@link #leaveQueue}, {@link #clearReason},
     * {@link #admit} and {@link #progress} in turn, with one lookup.
     */
    WorkloadProgress admitPending(AdmittedWorkload a, ClusterQueueState.Ticket ticket) {
        Entry e = existing(ticket, a.workload());
        if (e == null) {
            e = entry(a.workload().key());
        }
        e.pending = null;
        e.queue = null;
        e.reason = null;
        e.admitted = a;
        if (watchesPodsReady) {
            maybeNotReady.add(a.workload().key());
        }
        return e.progress;
    }

    /**
     * The workloads holding quota whose pods are not all ready, in namespace/name order, as
     * {@link #admittedInOrder} would list them; found without a look at the others.
     */
    List<ObjectKey> notReadyInOrder() {
        if (!watchesPodsReady) {
            throw new IllegalStateException("pods readiness is not watched: waitForPodsReady is off");
        }
        List<ObjectKey> out = new java.util.ArrayList<>();
        for (java.util.Iterator<ObjectKey> it = maybeNotReady.iterator(); it.hasNext(); ) {
            ObjectKey key = it.next();
            Entry e = existing(key);
            WorkloadProgress p = e == null ? null : e.progress;
            if (e == null || e.admitted == null || p == null || p.podsReady) {
                it.remove();
            } else {
                out.add(key);
            }
        }
        return out;
    }

    AdmittedWorkload admission(ObjectKey key) {
        Entry e = existing(key);
        return e == null ? null : e.admitted;
    }

    boolean holdsQuota(ObjectKey key) {
        return admission(key) != null;
    }

    AdmittedWorkload unadmit(ObjectKey key) {
        maybeNotReady.remove(key);
        Entry e = existing(key);
        if (e == null) {
            return null;
        }
        AdmittedWorkload a = e.admitted;
        e.admitted = null;
        dropIfEmpty(key, e);
        return a;
    }

    /** Every admitted workload, in namespace/name order. */
    List<AdmittedWorkload> admittedInOrder() {
        return entries.values().stream().map(e -> e.admitted).filter(java.util.Objects::nonNull)
                .sorted(Comparator.comparing(a -> a.workload().key())).toList();
    }

    Pending reason(ObjectKey key) {
        Entry e = existing(key);
        return e == null ? null : e.reason;
    }

    /** The workload waits for {@code reason}; true when that is news (it waited for something else). */
    boolean waitsFor(ObjectKey key, Pending reason) {
        return waitsFor(entry(key), reason);
    }

    /** As {@link #waitsFor(ObjectKey, Pending)}, for the pending workload {@code wl}, found through its ticket. */
    boolean waitsFor(Workload wl, ClusterQueueState.Ticket ticket, Pending reason) {
        Entry e = existing(ticket, wl);
        return waitsFor(e != null ? e : entry(wl.key()), reason);
    }

    private static boolean waitsFor(Entry e, Pending reason) {
        Pending before = e.reason;
        e.reason = reason;
        return !reason.equals(before);
    }

    void clearReason(ObjectKey key) {
        Entry e = existing(key);
        if (e != null) {
            e.reason = null;
            dropIfEmpty(key, e);
        }
    }

    /** A reason found outside a cycle: the next cycle reports it as a Wait. */
    void reportLater(ObjectKey key, Pending reason) {
        entry(key).reason = reason;
        unreportedReasons.put(key, reason);
    }

    /** The reasons found since the last cycle, as Waits, in the order found. */
    void reportUnreported(List<Decision> decisions) {
        unreportedReasons.forEach((key, reason) -> decisions.add(new Decision.Wait(key, reason)));
        unreportedReasons.clear();
    }

    /** Forgets why a workload waited and how it progressed (its queue and quota are left to the caller). */
    void forget(ObjectKey key) {
        maybeNotReady.remove(key);
        unreportedReasons.remove(key);
        Entry e = existing(key);
        if (e != null) {
            e.reason = null;
            e.progress = null;
            dropIfEmpty(key, e);
        }
    }
}
