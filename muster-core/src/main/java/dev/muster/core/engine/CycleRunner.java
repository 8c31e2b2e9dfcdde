package dev.muster.core.engine;

import dev.muster.core.model.Pending;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.quota.QuotaNode;
import java.util.List;
import java.util.Map;

/**
 * One call of {@link Engine#schedule}: the decisions taken since the last cycle, the lifecycle's
 * timeouts, then a pass over each cohort tree where something changed, by the tree's own rules.
 */
final class CycleRunner {

    private final EngineParts parts;
    private final CyclePolicies policies;

    CycleRunner(EngineParts parts, CyclePolicies policies) {
        this.parts = parts;
        this.policies = policies;
    }

    /**
     * Runs one scheduling cycle at {@code nowMillis}; returns its decisions in the order taken:
     * those taken since the last cycle (checks that passed or asked to retry), evictions of
     * workloads whose pods were not ready in time, then the admissions, preemptions and waits of
     * the cycle itself.
     */
    List<Decision> run(long nowMillis) {
        parts.triggers().retriesDue(nowMillis);
        List<Decision> decisions = parts.lifecycle().startCycle();
        parts.book().reportUnreported(decisions);
        parts.waits().placeChecked(nowMillis, decisions, parts.book());
        parts.lifecycle().evictPodsNotReady(nowMillis, decisions);
        parts.lifecycle().evictStaleGangs(nowMillis, decisions);
        parts.lifecycle().endBackoffs(nowMillis);
        Pending blocker = parts.lifecycle().admissionBlocker();
        if (blocker != null) {
            waitForBlocker(blocker, decisions);
            return decisions;
        }
        CycleOutcome outcome = new CycleOutcome(parts, nowMillis, decisions);
        for (String rootId : parts.triggers().takeDirty()) {
            QuotaNode root = parts.queues().root(rootId);
            holdClaimedRoom(root);
            try {
                policies.of(root).run(parts.queues().byRoot().get(root), outcome);
            } finally {
                parts.heldRoom().releaseAll();
            }
        }
        if (outcome.heldBackByFresh()) {
            parts.triggers().retryHeldBack(nowMillis);
        }
        return decisions;
    }

    private void waitForBlocker(Pending blocker, List<Decision> decisions) {
        parts.triggers().blocked();
        for (ClusterQueueState cq : parts.queues().all()) {
            for (Workload wl : cq.pending()) {
                if (parts.book().waitsFor(wl.key(), blocker)) {
                    decisions.add(new Decision.Wait(wl.key(), blocker));
                }
            }
        }
    }

    /** Before a pass over the tree of {@code root}: the room claimed by its preemptors is held for them. */
    private void holdClaimedRoom(QuotaNode root) {
        for (Map.Entry<ObjectKey, Preemptions.Claim> e : parts.preemptions().claims().entrySet()) {
            QuotaNode node = parts.queues().get(e.getValue().clusterQueue()).node();
            if (node.root() == root) {
                parts.heldRoom().hold(e.getKey(), node, e.getValue().usage());
            }
        }
    }
}
