package dev.muster.core.engine;

import dev.muster.core.kai.GpuMemoryCharge;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import dev.muster.core.queue.PodSetAssignment;
import java.util.List;

/**
 * How workloads enter the engine: submitted to a Kueue LocalQueue or a KAI queue (the queue
 * reference resolved by the {@link QueueDirectory}), or taken over with the quota an earlier run
 * admitted them with.
 */
final class WorkloadIntake {

    private final EngineParts parts;

    WorkloadIntake(EngineParts parts) {
        this.parts = parts;
    }

    /** See {@link Engine#submit(Workload, QueueRef)}. */
    void submit(Workload submitted, QueueRef queue) {
        if (!queue.name().equals(submitted.queueName())) {
            throw new IllegalArgumentException("workload " + submitted.key() + " names queue " + submitted.queueName()
                    + ", not " + queue.name());
        }
        switch (queue) {
            case QueueRef.LocalQueue lq -> {
                // Kueue's feature gate PartialAdmission off: minCount is not honoured.
                Workload whole = parts.settings().partialAdmission() ? submitted : submitted.wholeGangsOnly();
                Workload wl = parts.shapes().withSharedPodSets(whole);
                enter(wl, parts.queues().resolveLocalQueue(wl.key().namespace(), lq.name()));
            }
            case QueueRef.KaiQueue kai -> {
                Workload wl = GpuMemoryCharge.charged(submitted, largestGpuMemoryMiB());
                enter(wl, parts.queues().resolveKaiQueue(kai.name()));
            }
        }
    }

    private void enter(Workload wl, QueueResolution resolution) {
        parts.book().requireUnknown(wl.key());
        parts.book().pend(wl);
        parts.book().track(wl.key());
        switch (resolution) {
            case QueueResolution.Queued q -> {
                parts.placements().arrived(wl);
                parts.book().queueIn(wl.key(), q.clusterQueue());
                // Known from now on: the cycles that pass it over look it up (Kueue's queue heads,
                // KAI's queue order and its answers for gangs alike), rather than work it out there.
                parts.shapes().shapeOf(wl);
                q.clusterQueue().enqueue(wl, parts.book().ticket(wl.key()));
                parts.triggers().markDirty(q.clusterQueue());
            }
            case QueueResolution.Parked p -> {
                parts.placements().arrived(wl);
                parts.book().queueIn(wl.key(), p.clusterQueue());
                p.clusterQueue().park(wl.key());
                parts.book().reportLater(wl.key(), p.reason());
            }
            case QueueResolution.Refused r -> parts.book().reportLater(wl.key(), r.reason());
        }
    }

    /** The memory of the largest GPU device among the nodes, in MiB; 0 when no node says. */
    private long largestGpuMemoryMiB() {
        return parts.placements().largestGpuMemoryMiB();
    }

    /** See {@link Engine#restore}. */
    void restore(Workload restored, String clusterQueue, List<PodSetAssignment> podSets, boolean checksPassed,
            long admittedAtMillis) {
        parts.book().requireUnknown(restored.key());
        // Charged as it was when it was admitted (see submit).
        Workload wl = parts.queues().isKaiLeaf(clusterQueue)
                ? GpuMemoryCharge.charged(restored, largestGpuMemoryMiB()) : restored;
        ClusterQueueState cq = parts.queues().get(clusterQueue);
        if (cq == null) {
            throw new IllegalArgumentException("no ClusterQueue " + clusterQueue);
        }
        Assignment assignment = RestoredAssignment.charge(parts.queues().tree(), cq, wl, podSets);
        AdmittedWorkload a = new AdmittedWorkload(wl, clusterQueue, assignment, admittedAtMillis);
        cq.admitted(a);
        parts.holderEnds().holds(cq, a);
        parts.book().admit(a);
        WorkloadProgress p = parts.book().track(wl.key());
        List<String> checks = WorkloadLifecycle.checksFor(cq, assignment);
        if (checksPassed) {
            checks.forEach(c -> p.checks().put(c, CheckState.READY));
            p.admitted = true;
            p.admittedAtMillis = admittedAtMillis;
        } else {
            checks.forEach(c -> p.checks().put(c, CheckState.PENDING));
        }
        parts.triggers().markDirty(cq);
    }
}
