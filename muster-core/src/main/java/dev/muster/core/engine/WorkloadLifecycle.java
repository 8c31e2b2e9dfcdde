package dev.muster.core.engine;

import dev.muster.core.model.Pending;

import dev.muster.core.admission.Decision;
import dev.muster.core.admission.EvictionReason;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ClusterQueuePolicies.AdmissionCheckRule;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Durations;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.PodSetAssignment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A workload's way after it holds quota: admission checks, pods ready in time, stale gangs, the
 * evictions these ask for, and what follows an eviction (queue again at once, after a backoff, or
 * deactivate). Also when the engine next has something to do with no event.
 */
final class WorkloadLifecycle {

    private final WorkloadBook book;
    private final QueueDirectory queues;
    private final CycleTriggers triggers;
    private final PlacementWaits waits;
    private final AdmissionSettings settings;
    /** Workloads waiting out a requeue backoff: key → the time they queue again. */
    private final Map<ObjectKey, Long> backoff = new TreeMap<>();
    /** Deactivated workloads (a rejected check, too many requeues) with the reason. */
    private final Map<ObjectKey, String> inactive = new TreeMap<>();
    /**
     * Gangs that ran fewer pods than their minimum at some point (their stale-gang timer runs), by
     * key: the only ones {@link #evictStaleGangs} and {@link #nextWakeupMillis} look at. Entries
     * whose gang recovered, was evicted or left are dropped when next met.
     */
    private final java.util.TreeSet<ObjectKey> belowMinimum = new java.util.TreeSet<>();
    /** Decisions taken between cycles (a check turned Ready, asked to retry): reported by the next cycle. */
    private final List<Decision> between = new ArrayList<>();
    /** A check changed state since the last cycle: there are decisions to take or pods to place. */
    private boolean checksChanged;

    WorkloadLifecycle(WorkloadBook book, QueueDirectory queues, CycleTriggers triggers, PlacementWaits waits,
            AdmissionSettings settings) {
        this.book = book;
        this.queues = queues;
        this.triggers = triggers;
        this.waits = waits;
        this.settings = settings;
    }

    /** The ClusterQueue's admission checks that apply to this assignment (onFlavors, when given, must match). */
    static List<String> checksFor(ClusterQueueState cq, Assignment assignment) {
        if (cq.spec().policies().admissionChecks().isEmpty()) {
            return List.of(); // asked of every admission: most queues have no checks
        }
        List<String> out = new ArrayList<>();
        for (AdmissionCheckRule rule : cq.spec().policies().admissionChecks()) {
            boolean applies = rule.onFlavors().isEmpty();
            for (PodSetAssignment ps : assignment.podSets()) {
                applies |= ps.flavors().values().stream().anyMatch(rule.onFlavors()::contains);
            }
            if (applies) {
                out.add(rule.name());
            }
        }
        return out;
    }

    /** See {@link Engine#updateCheck(ObjectKey, String, CheckState, String, long, Map)}. */
    void updateCheck(ObjectKey key, String check, CheckState state, String message, long requeueAfterMillis,
            Map<String, Map<String, String>> nodeSelectorsByPodSet) {
        WorkloadProgress p = book.progress(key);
        if (p == null || !book.holdsQuota(key) || !p.checks().containsKey(check) || p.eviction != null) {
            return; // stale: the workload no longer holds quota under this check
        }
        p.checks().put(check, state);
        p.checkMessages().put(check, message);
        checksChanged |= state != CheckState.PENDING;
        switch (state) {
            case READY -> {
                if (!nodeSelectorsByPodSet.isEmpty()) {
                    p.nodeSelectors().putAll(nodeSelectorsByPodSet);
                }
                if (!p.admitted && p.allChecksReady()) {
                    waits.checksPassed(key, p.nodeSelectors());
                }
            }
            case RETRY -> requestEviction(key, p, EvictionReason.ADMISSION_CHECK,
                    "admission check " + check + " asks to retry" + (message.isEmpty() ? "" : ": " + message),
                    requeueAfterMillis);
            // Kueue deactivates the workload, and an inactive workload is evicted with reason Deactivated.
            case REJECTED -> requestEviction(key, p, EvictionReason.DEACTIVATED,
                    "deactivated: admission check " + check + " rejected the workload"
                            + (message.isEmpty() ? "" : ": " + message), 0);
            case PENDING -> { }
        }
    }

    private void requestEviction(ObjectKey key, WorkloadProgress p, EvictionReason cause, String message,
            long requeueAfterMillis) {
        p.requeueAfterMillis = requeueAfterMillis;
        between.add(p.askEviction(key, cause, "", message, Optional.empty()));
    }

    boolean checksChanged() {
        return checksChanged;
    }

    /** A cycle starts: the decisions taken since the last one, in the order taken. */
    List<Decision> startCycle() {
        checksChanged = false;
        List<Decision> decisions = new ArrayList<>(between);
        between.clear();
        return decisions;
    }

    /** See {@link Engine#podsFailed}. */
    void podsFailed(ObjectKey key, int count, long nowMillis) {
        WorkloadProgress p = book.progress(key);
        AdmittedWorkload a = book.admission(key);
        if (p == null || a == null) {
            return;
        }
        p.failedPods += count;
        if (queues.isKaiLeaf(a.clusterQueue()) && runningPods(a, p) < minimumPods(a) && p.belowMinimumSince < 0) {
            p.belowMinimumSince = nowMillis;
            belowMinimum.add(key);
        }
    }

    private static int runningPods(AdmittedWorkload a, WorkloadProgress p) {
        return a.assignment().podSets().stream().mapToInt(PodSetAssignment::count).sum() - p.failedPods;
    }

    private static int minimumPods(AdmittedWorkload a) {
        return a.workload().podSets().stream().mapToInt(PodSet::minCount).sum();
    }

    /** See {@link Engine#podsReady}. */
    void podsReady(ObjectKey key) {
        WorkloadProgress p = book.progress(key);
        if (p != null && book.holdsQuota(key)) {
            p.podsReady = true;
            if (settings.podsReady().blockAdmission()) {
                triggers.markAllDirty();
            }
        }
    }

    /** The next time a backoff ends, a stale gang's grace ends, or pods run out of time to be ready; MAX_VALUE if none. */
    long nextWakeupMillis() {
        long next = Long.MAX_VALUE;
        for (long at : backoff.values()) {
            next = Math.min(next, at);
        }
        for (ObjectKey key : belowMinimum) {
            WorkloadProgress p = book.progress(key);
            if (p != null && p.belowMinimumSince >= 0 && p.eviction == null && settings.staleGangGraceMillis() >= 0) {
                next = Math.min(next, p.belowMinimumSince + settings.staleGangGraceMillis());
            }
        }
        PodsReadyPolicy policy = settings.podsReady();
        if (policy.enabled()) {
            for (ObjectKey key : book.notReadyInOrder()) {
                WorkloadProgress p = book.progress(key);
                if (p.admitted && p.eviction == null) {
                    next = Math.min(next, p.admittedAtMillis + policy.timeoutMillis());
                }
            }
        }
        return next;
    }

    /**
     * After the eviction of {@code wl} from {@code cq} is done (its quota is released): by the
     * cause, it queues again at once (preempted: in its original place, as Kueue keeps the creation
     * time), after a backoff (a check asked to retry, pods were not ready in time), or never (a
     * check rejected it, or it ran out of requeues).
     */
    void requeue(Workload evicted, ClusterQueueState cq, long nowMillis) {
        ObjectKey key = evicted.key();
        WorkloadProgress p = book.progress(key);
        EvictionReason cause = p.eviction;
        String message = p.evictionMessage;
        long requeueAfter = p.requeueAfterMillis;
        p.reset();
        book.queueIn(key, cq);
        if (cause == EvictionReason.DEACTIVATED) {
            book.leaveQueue(key);
            inactive.put(key, message);
            book.reportLater(key, new Pending(Pending.Why.DEACTIVATED, message));
            return;
        }
        Workload wl = evicted;
        long requeueAt = nowMillis;
        if (cause == EvictionReason.PODS_READY_TIMEOUT) {
            PodsReadyPolicy policy = settings.podsReady();
            p.podsReadyRequeues++;
            requeueAt = nowMillis + policy.backoffMillis(p.podsReadyRequeues);
            if (policy.requeueAtEviction()) {
                wl = new Workload(wl.key(), wl.queueName(), wl.priority(), nowMillis, wl.sequence(), wl.podSets());
            }
        } else if (cause == EvictionReason.ADMISSION_CHECK) {
            requeueAt = nowMillis + requeueAfter;
        }
        book.pend(wl);
        if (requeueAt > nowMillis) {
            backoff.put(key, requeueAt);
            cq.park(key);
            book.reportLater(key, new Pending(Pending.Why.BACKOFF, "evicted (" + message + "); it queues again in "
                    + Durations.text(requeueAt - nowMillis) + " (requeue backoff)"));
        } else {
            cq.enqueue(wl, book.ticket(key));
        }
    }

    /** Workloads whose backoff ended queue again. */
    void endBackoffs(long nowMillis) {
        for (Iterator<Map.Entry<ObjectKey, Long>> it = backoff.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<ObjectKey, Long> e = it.next();
            if (e.getValue() <= nowMillis) {
                // Read the key before removing: TreeMap reuses a removed entry for its successor.
                ObjectKey key = e.getKey();
                it.remove();
                ClusterQueueState cq = book.queueOf(key);
                cq.unpark(key);
                cq.enqueue(book.pending(key), book.ticket(key));
                triggers.markDirty(cq);
            }
        }
    }

    void evictPodsNotReady(long nowMillis, List<Decision> decisions) {
        PodsReadyPolicy policy = settings.podsReady();
        if (!policy.enabled()) {
            return;
        }
        for (ObjectKey key : book.notReadyInOrder()) {
            AdmittedWorkload a = book.admission(key);
            WorkloadProgress p = book.progress(key);
            if (p.admitted && p.eviction == null && nowMillis >= p.admittedAtMillis + policy.timeoutMillis()) {
                String late = "its pods were not all ready within " + Durations.text(policy.timeoutMillis())
                        + " of admission (waitForPodsReady)";
                boolean outOfRequeues = policy.backoffLimitCount().isPresent()
                        && p.podsReadyRequeues + 1 > policy.backoffLimitCount().get();
                if (outOfRequeues) {
                    // Kueue deactivates instead of requeueing, and evicts the inactive workload as Deactivated.
                    String message = "deactivated: " + late + " " + (p.podsReadyRequeues + 1)
                            + " times, more than waitForPodsReady.requeuingStrategy.backoffLimitCount ("
                            + policy.backoffLimitCount().get() + ") allows";
                    decisions.add(p.askEviction(a.workload().key(), EvictionReason.DEACTIVATED, "", message,
                            Optional.empty()));
                } else {
                    decisions.add(p.askEviction(a.workload().key(), EvictionReason.PODS_READY_TIMEOUT, "", late,
                            Optional.empty()));
                }
            }
        }
    }

    void evictStaleGangs(long nowMillis, List<Decision> decisions) {
        long grace = settings.staleGangGraceMillis();
        if (grace < 0) {
            return;
        }
        for (Iterator<ObjectKey> it = belowMinimum.iterator(); it.hasNext(); ) {
            ObjectKey key = it.next();
            WorkloadProgress p = book.progress(key);
            AdmittedWorkload a = book.admission(key);
            if (p == null || a == null || p.belowMinimumSince < 0) {
                it.remove(); // it left, or was evicted and queued again: its timer is off
                continue;
            }
            if (p.eviction == null && nowMillis >= p.belowMinimumSince + grace) {
                String message = "only " + runningPods(a, p) + " of its minimum " + minimumPods(a)
                        + " pods have run for " + Durations.text(nowMillis - p.belowMinimumSince)
                        + " (stale gang: the grace period is " + Durations.text(grace)
                        + "); the whole gang is evicted and queued again";
                decisions.add(p.askEviction(key, EvictionReason.STALE_GANG, "", message, Optional.empty()));
            }
        }
    }

    /** With waitForPodsReady.blockAdmission, why nothing may be admitted now; null when admission may go on. */
    Pending admissionBlocker() {
        if (!settings.podsReady().enabled() || !settings.podsReady().blockAdmission()) {
            return null;
        }
        for (ObjectKey key : book.notReadyInOrder()) {
            AdmittedWorkload a = book.admission(key);
            if (book.progress(key).eviction == null) {
                return new Pending(Pending.Why.WAITING_FOR_PODS_READY, "waiting for the pods of " + a.workload().key()
                        + " to be ready: waitForPodsReady.blockAdmission admits one workload at a time until its pods run");
            }
        }
        return null;
    }

    Map<String, CheckState> checks(ObjectKey key) {
        WorkloadProgress p = book.progress(key);
        return p == null ? Map.of() : Collections.unmodifiableMap(p.checks());
    }

    boolean isAdmitted(ObjectKey key) {
        WorkloadProgress p = book.progress(key);
        return p != null && p.admitted && book.holdsQuota(key);
    }

    Optional<String> deactivation(ObjectKey key) {
        return Optional.ofNullable(inactive.get(key));
    }

    int timesEvicted(ObjectKey key) {
        WorkloadProgress p = book.progress(key);
        return p == null ? 0 : p.evictionsAsked;
    }

    /** The workload is gone. */
    void forget(ObjectKey key) {
        belowMinimum.remove(key);
        backoff.remove(key);
        inactive.remove(key);
    }
}
