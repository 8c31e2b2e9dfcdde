package dev.muster.operator.decide;

import dev.muster.core.model.ObjectKey;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many workloads each queue has waiting, holding quota and admitted, as the queues' statuses
 * and Kueue's metrics show them. Kept up to date job by job as jobs change ({@link #count}), so
 * that a cycle does not count every job again.
 */
final class QueueCounts {

    /** How far a workload got in its queue. */
    enum Stage { PENDING, RESERVING, ADMITTED }

    /**
     * Where one job counts: its LocalQueue (at every stage) and the ClusterQueue that holds its
     * quota (from {@link Stage#RESERVING} on); null where it does not count.
     */
    record Share(ObjectKey localQueue, String clusterQueue, Stage stage) {

        static final Share NONE = new Share(null, null, Stage.PENDING);

        /** Where a tracked job counts now: nowhere before it is read, once finished, or when invalid. */
        static Share of(TrackedJob t) {
            if (t.workload() == null || t.is(TrackedJob.State.FINISHED) || t.is(TrackedJob.State.INVALID)) {
                return NONE;
            }
            Stage stage = switch (t.state()) {
                case ADMITTED -> Stage.ADMITTED;
                case QUOTA_RESERVED -> Stage.RESERVING;
                default -> Stage.PENDING;
            };
            String queue = t.workload().queueName();
            // A job in a KAI queue names that queue, not a LocalQueue that may have the same name.
            ObjectKey localQueue = queue.isEmpty() || t.kai ? null : new ObjectKey(t.key.namespace(), queue);
            return new Share(localQueue, stage == Stage.PENDING ? null : t.clusterQueue, stage);
        }
    }

    private final Map<TrackedJob, Share> shares = new HashMap<>();
    private final Map<ObjectKey, int[]> byLocalQueue = new HashMap<>();
    private final Map<String, int[]> byClusterQueue = new TreeMap<>();

    /** Counts the job where it is now instead of where it was; returns where it was. */
    Share count(TrackedJob job, Share now) {
        Share before = now.equals(Share.NONE) ? shares.remove(job) : shares.put(job, now);
        if (before != null) {
            add(before, -1);
        }
        add(now, 1);
        return before == null ? Share.NONE : before;
    }

    /** A ClusterQueue's counts (Kueue counts an admitted workload as reserving quota as well). */
    QueueStatuses.Counts clusterQueue(String name) {
        int[] c = byClusterQueue.getOrDefault(name, new int[Stage.values().length]);
        return new QueueStatuses.Counts(0, c[1] + c[2], c[2]);
    }

    QueueStatuses.Counts localQueue(ObjectKey key) {
        int[] c = byLocalQueue.getOrDefault(key, new int[Stage.values().length]);
        return new QueueStatuses.Counts(c[0], c[1] + c[2], c[2]);
    }

    /** Admitted workloads per ClusterQueue that has any. */
    Map<String, Integer> admittedByClusterQueue() {
        Map<String, Integer> out = new TreeMap<>();
        byClusterQueue.forEach((cq, c) -> {
            if (c[Stage.ADMITTED.ordinal()] > 0) {
                out.put(cq, c[Stage.ADMITTED.ordinal()]);
            }
        });
        return out;
    }

    private void add(Share share, int delta) {
        if (share.localQueue() != null) {
            bump(byLocalQueue, share.localQueue(), share.stage(), delta);
        }
        if (share.clusterQueue() != null && share.stage() != Stage.PENDING) {
            bump(byClusterQueue, share.clusterQueue(), share.stage(), delta);
        }
    }

    private static <K> void bump(Map<K, int[]> counts, K queue, Stage stage, int delta) {
        int[] c = counts.computeIfAbsent(queue, k -> new int[Stage.values().length]);
        c[stage.ordinal()] += delta;
        if (c[0] == 0 && c[1] == 0 && c[2] == 0) {
            counts.remove(queue);
        }
    }
}
