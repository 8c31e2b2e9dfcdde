package dev.muster.core.engine;

import dev.muster.core.admission.Decision;
import dev.muster.core.admission.EvictionReason;
import dev.muster.core.model.ObjectKey;
import java.util.Optional;
import dev.muster.core.model.CheckState;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the engine remembers of one workload beyond its place in a queue: admission checks,
 * whether its pods are ready, an eviction it asked for, and requeue backoff.
 */
final class WorkloadProgress {

    // The maps of admission checks are made when first asked: most workloads never have a check,
    // and a backlog of pending workloads is smaller and quicker to go through without them.
    private Map<String, CheckState> checks;
    private Map<String, String> checkMessages;
    private Map<String, Map<String, String>> nodeSelectors;
    /** Quota reserved and every check Ready (or none): the workload's pods may run. */
    boolean admitted;
    long admittedAtMillis;
    boolean podsReady;
    /** Why the engine asked for the eviction under way; decides what happens once it is done. */
    EvictionReason eviction;
    String evictionMessage;
    long requeueAfterMillis;
    /** Times the engine asked for its eviction since it was submitted; kept across requeues (see {@link Settling}). */
    int evictionsAsked;
    /** Times it was evicted for pods not ready in time (Kueue's requeueState.count). */
    int podsReadyRequeues;
    /** Pods of the current admission that failed and were not replaced. */
    int failedPods;
    /** Since when a KAI gang runs below its minimum; -1 if it does not. */
    long belowMinimumSince = -1;

    /** Asks for the workload's eviction: remembers why (for what follows once it is done) and says it as a decision. */
    Decision.Evict askEviction(ObjectKey key, EvictionReason reason, String detail, String message,
            Optional<ObjectKey> preemptor) {
        eviction = reason;
        evictionMessage = message;
        evictionsAsked++;
        return new Decision.Evict(key, reason, detail, message, preemptor);
    }

    /** Check name → state, in the ClusterQueue's order; empty when the queue has no checks for it. */
    Map<String, CheckState> checks() {
        if (checks == null) {
            checks = new LinkedHashMap<>();
        }
        return checks;
    }

    Map<String, String> checkMessages() {
        if (checkMessages == null) {
            checkMessages = new LinkedHashMap<>();
        }
        return checkMessages;
    }

    /** Node selectors by pod set that Ready checks added (their pod set updates). */
    Map<String, Map<String, String>> nodeSelectors() {
        if (nodeSelectors == null) {
            nodeSelectors = new LinkedHashMap<>();
        }
        return nodeSelectors;
    }

    void reset() {
        if (checks != null) {
            checks.clear();
        }
        if (checkMessages != null) {
            checkMessages.clear();
        }
        if (nodeSelectors != null) {
            nodeSelectors.clear();
        }
        admitted = false;
        podsReady = false;
        eviction = null;
        evictionMessage = null;
        requeueAfterMillis = 0;
        failedPods = 0;
        belowMinimumSince = -1;
    }

    boolean allChecksReady() {
        return checks().values().stream().allMatch(s -> s == CheckState.READY);
    }
}
