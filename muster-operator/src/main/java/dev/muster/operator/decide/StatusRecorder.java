package dev.muster.operator.decide;


import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.decide.QueueCounts.Share;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.write.WriteLanes;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes the statuses that follow from the decisions: each changed job's Workload status, and the
 * statuses of the queues those jobs count in (ClusterQueue, LocalQueue, KAI Queue). Only what
 * changed is looked at: the jobs that changed since the last record, and the queues they count in
 * before and after; a status is written only when it differs from the one written last (a
 * Workload's whose words alone changed, or a queue's, at most once per interval), and one still
 * waiting in its lane is replaced by the newer one (a Pending status overwritten before it went
 * out is never sent). While the lanes are crowded, the statuses that can wait are kept back
 * ({@link StatusesKeptBack}).
 */
final class StatusRecorder {

    /** At debug, each Workload status written or failed, with whether it shows the job admitted: the trace of a job's writes. */
    private static final org.slf4j.Logger TRACE = org.slf4j.LoggerFactory.getLogger(JobWrites.class);

    private final ClusterWriter writer;
    private final WriteLanes lanes;
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
    /** The status sent last for each queue. */
    private final Map<Target, String> writtenQueueStatus = new HashMap<>();
    /** When each queue's status was sent last. */
    private final Map<Target, Long> queueWrittenAt = new HashMap<>();
    /** The end of the earliest interval a changed queue's status waits out; Long.MAX_VALUE if none waits. */
    private long nextQueueWriteMillis = Long.MAX_VALUE;
    private final java.time.Clock clock;
    private final WordingHoldBack wording = new WordingHoldBack();
    private final StatusesKeptBack keptBack = new StatusesKeptBack();

    /**
     * A queue's status is sent at most once in this long: the first change at once, those that
     * follow together at the interval's end. Its counts change with every admission; written at
     * (nearly) every cycle, they were 0.75 requests per workload in {@code OperatorPerfReplay
     * --workloads 1500}. Kueue has no such interval (its queue reconcilers write on each reconcile,
     * which controller-runtime's work queue merges while one is pending); this one is Muster's
     * choice, short enough that a queue's counts are never more than a second old.
     */
    static final long QUEUE_STATUS_INTERVAL_MILLIS = 1_000;

    StatusRecorder(ClusterWriter writer, WriteLanes lanes, InForce inForce, TrackedJobs jobs, java.time.Clock clock) {
        this.writer = writer;
        this.lanes = lanes;
        this.inForce = inForce;
        this.jobs = jobs;
        this.clock = clock;
        this.since = Instant.ofEpochMilli(clock.millis() / 1000 * 1000).toString();
    }

    /**
     * When a status held back is due: a queue's by {@link #QUEUE_STATUS_INTERVAL_MILLIS}, a
     * Workload's by {@link WordingHoldBack}; empty if none is.
     */
    java.util.OptionalLong nextWriteMillis() {
        java.util.OptionalLong workload = wording.nextDueMillis();
        long next = Math.min(Math.min(nextQueueWriteMillis, workload.orElse(Long.MAX_VALUE)),
                keptBack.nextTryMillis(clock.millis()).orElse(Long.MAX_VALUE));
        return next == Long.MAX_VALUE ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(next);
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
        if (!keptBack.isEmpty() && !lanes.crowded()) {
            keptBack.takeAll().forEach(this::writeStatusUnlessCrowded); // kept first, sent first
        }
        for (TrackedJob t : changed) {
            writeStatusUnlessCrowded(t);
        }
        wording.due(clock.millis()).forEach(this::writeStatusUnlessCrowded);
        return counts.admittedByClusterQueue();
    }

    /**
     * Sends the job's Workload status, in the job's lane, if it differs from what was sent last; if
     * only its words differ, not sooner than {@link WordingHoldBack} allows. A status still waiting
     * in the lane is replaced by this one (one write per workload however often it changed
     * meanwhile); one that fails marks the job for the next record.
     */
    void writeStatus(TrackedJob t) {
        ObjectNode status = WorkloadObjects.status(t);
        String text = status.toString();
        if (t.wrote(text)) {
            t.statusWritten(text);
            return;
        }
        long now = clock.millis();
        String shape = WordingHoldBack.shape(status);
        if (!wording.sendNow(t, shape, now)) {
            return; // only its words changed, and recently: it stays outdated and goes when its hold ends
        }
        t.statusWritten(text, shape, now);
        ObjectKey key = t.workloadKey;
        boolean admitted = t.is(TrackedJob.State.ADMITTED);
        t.sentAdmitted(admitted);
        // Coalesced only with this following's own statuses: a job followed afresh (its Workload
        // deleted and made again) must not have its status written by, and its outcome told to, the
        // write of the job it was before.
        lanes.latest(t.id(), new Target(KubeKind.WORKLOAD, key, t.seq()), new Status(text, status, admitted), s -> {
            boolean ok = writer.writeStatus(KubeKind.WORKLOAD, key, s.object());
            t.admissionRecorded = ok && s.admitted();
            TRACE.debug("{} #{}: status {} (admitted {})", t, t.seq(), ok ? "written" : "failed", s.admitted());
            return ok;
        }, s -> t.statusFailed(s.text()));
    }

    private void writeStatusUnlessCrowded(TrackedJob t) {
        if (t.workload() != null && t.statusOutdated() && !t.gone && !t.workloadObjectGone) {
            if (StatusesKeptBack.mayWait(t) && lanes.crowded()) {
                keptBack.keep(t);
            } else {
                writeStatus(t);
            }
        }
    }

    /** What a coalesced status write is for: an object, and for a Workload the following of its job that writes it. */
    private record Target(KubeKind kind, ObjectKey key, long following) {
    }

    /** A status, its text (what is compared with the one sent last), and whether it shows the job admitted. */
    private record Status(String text, ObjectNode object, boolean admitted) {
        Status(String text, ObjectNode object) {
            this(text, object, false);
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
        long now = clock.millis();
        nextQueueWriteMillis = Long.MAX_VALUE;
        for (String name : due(changedClusterQueues, n -> new Target(KubeKind.CLUSTER_QUEUE, new ObjectKey("", n), 0), now)) {
            engine.clusterQueue(name).filter(q -> !q.kai()).ifPresent(cq -> writeIfChanged(KubeKind.CLUSTER_QUEUE,
                    new ObjectKey("", cq.name()), QueueStatuses.clusterQueue(cq, counts.clusterQueue(cq.name()), since), now));
        }
        for (ObjectKey key : due(changedLocalQueues, k -> new Target(KubeKind.LOCAL_QUEUE, k, 0), now)) {
            LocalQueueSpec lq = localQueues.get(key);
            if (lq != null) {
                writeIfChanged(KubeKind.LOCAL_QUEUE, lq.key(), QueueStatuses.localQueue(
                        counts.localQueue(lq.key()), engine.clusterQueue(lq.clusterQueue()).isPresent(), since), now);
            }
        }
        // KAI queues' fair shares move together: they are held back together.
        if (kaiQueuesChanged && mayWrite(KAI_QUEUES, now)) {
            kaiQueuesChanged = false;
            queueWrittenAt.put(KAI_QUEUES, now);
            for (String kai : engine.kaiQueues()) {
                writeIfChanged(KubeKind.KAI_QUEUE, new ObjectKey("", kai), QueueStatuses.kaiQueue(kai, engine), now);
            }
        }
    }

    private static final Target KAI_QUEUES = new Target(KubeKind.KAI_QUEUE, new ObjectKey("", ""), 0);

    /**
     * Takes out of {@code changed} the queues whose status may be sent now; the others stay, and
     * the decider wakes when the first of them may be (their status is not worked out meanwhile).
     */
    private <K> List<K> due(Set<K> changed, java.util.function.Function<K, Target> target, long now) {
        List<K> due = new java.util.ArrayList<>();
        for (java.util.Iterator<K> it = changed.iterator(); it.hasNext();) {
            K queue = it.next();
            if (mayWrite(target.apply(queue), now)) {
                due.add(queue);
                it.remove();
            }
        }
        return due;
    }

    /** Whether a queue's status may be sent now; if not, the decider wakes when it may. */
    private boolean mayWrite(Target target, long now) {
        Long last = queueWrittenAt.get(target);
        if (last == null || now - last >= QUEUE_STATUS_INTERVAL_MILLIS) {
            return true;
        }
        nextQueueWriteMillis = Math.min(nextQueueWriteMillis, last + QUEUE_STATUS_INTERVAL_MILLIS);
        return false;
    }

    /**
     * Sends a queue's status, in the queue's lane, unless it is the one sent last; one still
     * waiting there is replaced. One that fails marks the queue for the next record.
     */
    private void writeIfChanged(KubeKind kind, ObjectKey key, ObjectNode status, long now) {
        Target target = new Target(kind, key, 0);
        String text = status.toString();
        if (text.equals(writtenQueueStatus.get(target))) {
            return;
        }
        writtenQueueStatus.put(target, text);
        queueWrittenAt.put(target, now);
        lanes.latest(target, target, new Status(text, status), s -> writer.writeStatus(kind, key, s.object()), s -> {
            if (writtenQueueStatus.remove(target, s.text())) {
                if (kind.equals(KubeKind.CLUSTER_QUEUE)) {
                    changedClusterQueues.add(key.name());
                } else if (kind.equals(KubeKind.LOCAL_QUEUE)) {
                    changedLocalQueues.add(key);
                } else {
                    kaiQueuesChanged = true;
                }
            }
        });
    }
}
