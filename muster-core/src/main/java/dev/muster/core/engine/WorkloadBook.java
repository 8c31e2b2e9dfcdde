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

    private final Map<ObjectKey, Workload> pending = new HashMap<>();
    private final Map<ObjectKey, ClusterQueueState> pendingQueue = new HashMap<>();
    private final Map<ObjectKey, AdmittedWorkload> admitted = new HashMap<>();
    private final Map<ObjectKey, Pending> reasons = new HashMap<>();
    /** Reasons found outside a cycle (on submit, on eviction), reported by the next cycle. */
    private final Map<ObjectKey, Pending> unreportedReasons = new LinkedHashMap<>();
    private final Map<ObjectKey, WorkloadProgress> progress = new HashMap<>();
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

    /** A workload is submitted or restored once; it must be removed before it comes again. */
    void requireUnknown(ObjectKey key) {
        if (pending.containsKey(key) || admitted.containsKey(key)) {
            throw new IllegalStateException("workload " + key + " is already known");
        }
    }

    /** Starts the progress of a new (or restored) workload. */
    WorkloadProgress track(ObjectKey key) {
        WorkloadProgress p = new WorkloadProgress();
        progress.put(key, p);
        return p;
    }

    WorkloadProgress progress(ObjectKey key) {
        return progress.get(key);
    }

    void pend(Workload wl) {
        pending.put(wl.key(), wl);
    }

    Workload pending(ObjectKey key) {
        return pending.get(key);
    }

    boolean isPending(ObjectKey key) {
        return pending.containsKey(key);
    }

    Workload unpend(ObjectKey key) {
        return pending.remove(key);
    }

    /** The ClusterQueue a pending workload belongs to. */
    void queueIn(ObjectKey key, ClusterQueueState cq) {
        pendingQueue.put(key, cq);
    }

    ClusterQueueState queueOf(ObjectKey key) {
        return pendingQueue.get(key);
    }

    ClusterQueueState leaveQueue(ObjectKey key) {
        return pendingQueue.remove(key);
    }

    void admit(AdmittedWorkload a) {
        admitted.put(a.workload().key(), a);
        if (watchesPodsReady) {
            maybeNotReady.add(a.workload().key());
        }
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
            WorkloadProgress p = progress.get(key);
            if (!admitted.containsKey(key) || p == null || p.podsReady) {
                it.remove();
            } else {
                out.add(key);
            }
        }
        return out;
    }

    AdmittedWorkload admission(ObjectKey key) {
        return admitted.get(key);
    }

    boolean holdsQuota(ObjectKey key) {
        return admitted.containsKey(key);
    }

    AdmittedWorkload unadmit(ObjectKey key) {
        maybeNotReady.remove(key);
        return admitted.remove(key);
    }

    /** Every admitted workload, in namespace/name order. */
    List<AdmittedWorkload> admittedInOrder() {
        return admitted.values().stream().sorted(Comparator.comparing(a -> a.workload().key())).toList();
    }

    Pending reason(ObjectKey key) {
        return reasons.get(key);
    }

    /** The workload waits for {@code reason}; true when that is news (it waited for something else). */
    boolean waitsFor(ObjectKey key, Pending reason) {
        return !reason.equals(reasons.put(key, reason));
    }

    void clearReason(ObjectKey key) {
        reasons.remove(key);
    }

    /** A reason found outside a cycle: the next cycle reports it as a Wait. */
    void reportLater(ObjectKey key, Pending reason) {
        reasons.put(key, reason);
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
        reasons.remove(key);
        unreportedReasons.remove(key);
        progress.remove(key);
    }
}
