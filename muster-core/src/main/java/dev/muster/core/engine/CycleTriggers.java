package dev.muster.core.engine;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which cohort trees the next cycle passes over, and when trees are passed over again with no
 * event. Only trees where something changed are scheduled; a tree is also tried again when quota
 * was freed in it (its freed version), so "does not fit" found earlier is reused until then.
 */
final class CycleTriggers {

    private final QueueDirectory queues;
    /** Cohort trees where something changed since the last cycle; only these are scheduled. */
    private final TreeSet<String> dirtyRoots = new TreeSet<>();
    /**
     * Times at which cohort trees are to be passed over again with no event: the instant after
     * fresh admissions held a preemptor back, or when a victim's minimum run time ends.
     */
    private final TreeMap<Long, Set<String>> retries = new TreeMap<>();
    /** Per cohort tree, how many times quota was freed in it; a workload that did not fit at version v can only fit after it. */
    private final Map<QuotaNode, Long> freedVersion = new HashMap<>();
    /**
     * Workloads admitted at {@link #admissionInstant}: no preemption may take them at that same
     * instant. A victim queued again at once can otherwise be admitted again and evict its own
     * preemptor, and two policies that each allow their eviction (reclaim within the cohort, and
     * priority within a ClusterQueue) evict each other forever without time passing. Kueue escapes
     * this because its cycles are spread over time; here the next millisecond tries again.
     */
    private final Set<ObjectKey> admittedThisInstant = new HashSet<>();
    private long admissionInstant = Long.MIN_VALUE;
    /** The cohort trees where a workload admitted at {@link #admissionInstant} may block a preemptor. */
    private final Set<String> rootsWithFreshAdmissions = new TreeSet<>();
    /** The tree {@link #rootsWithFreshAdmissions} got last, already in it. */
    private QuotaNode lastFreshRoot;

    /** How many cycles found admission blocked (every pending workload was told it waits for that). */
    private long blockedVersion;

    CycleTriggers(QueueDirectory queues) {
        this.queues = queues;
    }

    void markDirty(ClusterQueueState cq) {
        dirtyRoots.add(QueueDirectory.rootId(cq.node().root()));
    }

    void markAllDirty() {
        dirtyRoots.addAll(queues.rootIds());
    }

    /** The trees to pass over now, in a stable order; none is dirty afterwards. */
    List<String> takeDirty() {
        List<String> roots = new ArrayList<>(dirtyRoots);
        dirtyRoots.clear();
        return roots;
    }

    /** Quota was freed in the tree of {@code root}. */
    void freed(QuotaNode root) {
        freedVersion.merge(root, 1L, Long::sum);
    }

    long freedVersion(QuotaNode root) {
        return freedVersion.getOrDefault(root, 0L);
    }

    /** The nodes changed: every tree is scheduled again, and what was found not to fit is tried again. */
    void everythingChanged() {
        for (QuotaNode root : queues.byRoot().keySet()) {
            freed(root);
        }
        markAllDirty();
    }

    void retryAt(long atMillis, Collection<String> rootIds) {
        retries.computeIfAbsent(atMillis, t -> new TreeSet<>()).addAll(rootIds);
    }

    /** The retries due by {@code nowMillis} make their trees dirty. */
    void retriesDue(long nowMillis) {
        while (!retries.isEmpty() && retries.firstKey() <= nowMillis) {
            // As if room was freed there, so that no earlier "does not fit" is reused for those held back.
            for (String rootId : retries.pollFirstEntry().getValue()) {
                freed(queues.root(rootId));
                dirtyRoots.add(rootId);
            }
        }
    }

    /** A cycle found admission blocked: the pending workloads were told so, whatever they waited for before. */
    void blocked() {
        blockedVersion++;
    }

    long blockedVersion() {
        return blockedVersion;
    }

    /** The time of the next retry; Long.MAX_VALUE when none is planned. */
    long nextRetryMillis() {
        return retries.isEmpty() ? Long.MAX_VALUE : retries.firstKey();
    }

    /** A workload was admitted to {@code cq} at {@code nowMillis}: no preemption may take it at that instant. */
    void admitted(long nowMillis, ObjectKey key, ClusterQueueState cq) {
        if (admissionInstant != nowMillis) {
            admissionInstant = nowMillis;
            admittedThisInstant.clear();
            rootsWithFreshAdmissions.clear();
            lastFreshRoot = null;
        }
        admittedThisInstant.add(key);
        QuotaNode root = cq.node().root();
        if (root != lastFreshRoot) { // a cycle admits tree by tree: the name is worked out once per tree
            rootsWithFreshAdmissions.add(QueueDirectory.rootId(root));
            lastFreshRoot = root;
        }
    }

    /** The workloads admitted at {@code nowMillis}, which no preemption may take now. */
    Set<ObjectKey> admittedAt(long nowMillis) {
        return nowMillis == admissionInstant ? admittedThisInstant : Set.of();
    }

    /** Those admitted at this instant may be victims at the next: the preemptors they held back try again then. */
    void retryHeldBack(long nowMillis) {
        retryAt(nowMillis + 1, rootsWithFreshAdmissions);
    }
}
