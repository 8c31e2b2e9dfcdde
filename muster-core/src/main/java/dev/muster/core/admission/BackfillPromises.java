package dev.muster.core.admission;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.quota.QuotaNode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The backfill promises of the workloads that run on one, per cohort tree: kept across passes while
 * they run, for {@code preemptOverstaying}, and shared by every cycle of an engine so that the
 * engine can tell what a workload promised (an adapter records it) and take a recorded promise
 * back (a new leader restores it).
 */
public final class BackfillPromises {

    private final Map<QuotaNode, Map<ObjectKey, BackfillPromise>> byTree = new HashMap<>();
    /** Each promised workload's tree: a workload's promise is looked up by its key alone. */
    private final Map<ObjectKey, QuotaNode> treeOf = new HashMap<>();

    /** The promises of the tree whose root is {@code root}, by workload; the map is live. */
    Map<ObjectKey, BackfillPromise> of(QuotaNode root) {
        return byTree.computeIfAbsent(root, r -> new LinkedHashMap<>());
    }

    /** Records a promise made (or restored) in the tree of {@code root}; it replaces the workload's earlier one. */
    public void promised(QuotaNode root, BackfillPromise p) {
        forget(p.workload());
        of(root).put(p.workload(), p);
        treeOf.put(p.workload(), root);
    }

    /** Whether no workload runs on a promise (then an admission needs no look-up to know it was made on none). */
    public boolean isEmpty() {
        return treeOf.isEmpty();
    }

    /** The promise the workload runs on, if it runs on one. */
    public Optional<BackfillPromise> of(ObjectKey workload) {
        QuotaNode root = treeOf.get(workload);
        return root == null ? Optional.empty() : Optional.ofNullable(byTree.get(root).get(workload));
    }

    /** The workload's promise is void (it is admitted again, or no longer runs). */
    void forget(ObjectKey workload) {
        QuotaNode root = treeOf.remove(workload);
        if (root != null) {
            byTree.get(root).remove(workload);
        }
    }

    /** Keeps, in the tree of {@code root}, only the promises of {@code running} workloads. */
    void keepOnly(QuotaNode root, java.util.Set<ObjectKey> running) {
        Map<ObjectKey, BackfillPromise> promises = byTree.get(root);
        if (promises == null) {
            return;
        }
        for (var it = promises.keySet().iterator(); it.hasNext(); ) {
            ObjectKey key = it.next();
            if (!running.contains(key)) {
                it.remove();
                treeOf.remove(key);
            }
        }
    }
}
