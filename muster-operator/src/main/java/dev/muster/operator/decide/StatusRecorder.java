package dev.muster.operator.decide;

import dev.muster.core.engine.QueueView;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.decide.QueueCounts.Share;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes the statuses that follow from the decisions: each changed job's Workload status, and the
 * statuses of the queues those jobs count in (ClusterQueue, LocalQueue, KAI Queue). Only what
 * changed is looked at: the jobs that changed since the last record, and the queues they count in
 * before and after; a status is written only when it differs from the one written last.
 */
final class StatusRecorder {

    private final ClusterWriter writer;
    private final InForce inForce;
    private final TrackedJobs jobs;
    /** When the decider started: the queues' conditions date from then (their state is rebuilt then). */
    private final String since;
    private final QueueCounts counts = new QueueCounts();
    private final Set<String> changedClusterQueues = new TreeSet<>();
    private final Set<ObjectKey> changedLocalQueues = new TreeSet<>();
    /** A KAI job changed: every KAI queue's fair share may have moved. */
    private boolean kaiQueuesChanged;
    private Map<ObjectKey, LocalQueueSpec> localQueues = Map.of();
    private final Map<String, String> writtenQueueStatus = new HashMap<>();

    StatusRecorder(ClusterWriter writer, InForce inForce, TrackedJobs jobs, long startedMillis) {
        this.writer = writer;
        this.inForce = inForce;
        this.jobs = jobs;
        this.since = Instant.ofEpochMilli(startedMillis / 1000 * 1000).toString();
    }

    /** A new engine and configuration: every queue's status is looked at again. */
    void engineReplaced() {
        localQueues = new HashMap<>();
        inForce.configuration().scenario().localQueues().forEach(lq -> localQueues.put(lq.key(), lq));
        changedLocalQueues.addAll(localQueues.keySet());
        inForce.engine().clusterQueues().forEach(cq -> changedClusterQueues.add(cq.name()));
        kaiQueuesChanged = true;
    }

    /**
     * Writes what changed since the last record: queue statuses first, then the Workload statuses.
     *
     * @return the admitted workloads per ClusterQueue
     */
    Map<String, Integer> record() {
        List<TrackedJob> changed = jobs.drainChanged();
        changed.forEach(this::recount);
        writeQueueStatuses(inForce.engine());
        for (TrackedJob t : changed) {
            if (t.workload() != null && t.statusOutdated()) {
                writeStatus(t);
                if (t.statusOutdated()) {
                    jobs.changedAgain(t); // the write failed: tried again at the next record
                }
            }
        }
        return counts.admittedByClusterQueue();
    }

    /** Writes the job's Workload status if it differs from what was written last. */
    void writeStatus(TrackedJob t) {
        ObjectNode status = WorkloadObjects.status(t);
        String text = status.toString();
        if (t.wrote(text) || writer.writeStatus(KubeKind.WORKLOAD, t.workloadKey, status)) {
            t.statusWritten(text);
        }
    }

    /** Counts the job where it is now, and marks the queues it counted in and counts in now. */
    private void recount(TrackedJob t) {
        Share now = Share.of(t);
        Share before = counts.count(t, now);
        queuesChanged(before);
        queuesChanged(now);
        if (t.clusterQueue != null) {
            changedClusterQueues.add(t.clusterQueue); // an evicted job's quota, given back when its pods stop
        }
        kaiQueuesChanged |= t.kai;
    }

    private void queuesChanged(Share share) {
        if (share.localQueue() != null) {
            changedLocalQueues.add(share.localQueue());
            // The ClusterQueue's pending count includes the LocalQueue's waiting workloads.
            Optional.ofNullable(localQueues.get(share.localQueue())).ifPresent(lq -> changedClusterQueues.add(lq.clusterQueue()));
        }
        if (share.clusterQueue() != null) {
            changedClusterQueues.add(share.clusterQueue());
        }
    }

    private void writeQueueStatuses(Engine engine) {
        for (Iterator<String> it = changedClusterQueues.iterator(); it.hasNext(); ) {
            Optional<QueueView> cq = engine.clusterQueue(it.next()).filter(q -> !q.kai());
            if (cq.isEmpty() || writeIfChanged(KubeKind.CLUSTER_QUEUE, new ObjectKey("", cq.get().name()),
                    QueueStatuses.clusterQueue(cq.get(), counts.clusterQueue(cq.get().name()), since))) {
                it.remove();
            }
        }
        for (Iterator<ObjectKey> it = changedLocalQueues.iterator(); it.hasNext(); ) {
            LocalQueueSpec lq = localQueues.get(it.next());
            if (lq == null || writeIfChanged(KubeKind.LOCAL_QUEUE, lq.key(), QueueStatuses.localQueue(
                    counts.localQueue(lq.key()), engine.clusterQueue(lq.clusterQueue()).isPresent(), since))) {
                it.remove();
            }
        }
        if (kaiQueuesChanged) {
            boolean allWritten = true;
            for (String kai : engine.kaiQueues()) {
                allWritten &= writeIfChanged(KubeKind.KAI_QUEUE, new ObjectKey("", kai), QueueStatuses.kaiQueue(kai, engine));
            }
            kaiQueuesChanged = !allWritten;
        }
    }

    /** Writes a queue's status unless it is the one written last; false if the write failed. */
    private boolean writeIfChanged(KubeKind kind, ObjectKey key, ObjectNode status) {
        String id = kind.kind() + "/" + key;
        String text = status.toString();
        if (text.equals(writtenQueueStatus.get(id))) {
            return true;
        }
        if (!writer.writeStatus(kind, key, status)) {
            return false;
        }
        writtenQueueStatus.put(id, text);
        return true;
    }
}
