package dev.muster.operator.decide;

import dev.muster.core.admission.EvictionReason;

import dev.muster.core.admission.Decision;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.provisioning.ProvisioningChecks;
import java.util.ArrayList;
import java.util.List;

/**
 * Carries the engine's decisions out on the jobs: an admitted job is started (its Workload first
 * says it is admitted), one with quota reserved gets its checks' ProvisioningRequests, an evicted
 * one is stopped (or its KAI pods deleted), and every decision shows in the job's events and in its
 * conditions, which the core's WorkloadStatus renders as it does for the simulator's report.
 */
final class DecisionApplier {

    private final InForce inForce;
    private final ObservedCluster observed;
    private final TrackedJobs jobs;
    private final JobWrites writes;
    private final StatusRecorder statuses;
    private final PodScheduling scheduling;
    private final ProvisioningChecks provisioning;
    private final CycleMetrics metrics;

    DecisionApplier(InForce inForce, ObservedCluster observed, TrackedJobs jobs, JobWrites writes, StatusRecorder statuses,
            PodScheduling scheduling, ProvisioningChecks provisioning, CycleMetrics metrics) {
        this.inForce = inForce;
        this.observed = observed;
        this.jobs = jobs;
        this.writes = writes;
        this.statuses = statuses;
        this.scheduling = scheduling;
        this.provisioning = provisioning;
        this.metrics = metrics;
    }

    /**
     * Applies one schedule's decisions.
     *
     * @return the workloads evicted whose quota the engine may take back now (their pods are stopped
     *         or were never started); an evicted job whose pods still run keeps it until they stop
     */
    List<ObjectKey> apply(List<Decision> decisions, long now) {
        List<ObjectKey> evicted = new ArrayList<>();
        for (Decision d : decisions) {
            TrackedJob t = jobs.ofWorkload(d.workload());
            if (t == null) {
                continue;
            }
            switch (d) {
                case Decision.Admit admit -> admit(t, admit, now);
                case Decision.ReserveQuota reserve -> reserve(t, reserve, now);
                case Decision.Evict evict -> {
                    evict(t, evict, now);
                    if (!t.releasing) {
                        evicted.add(d.workload());
                    }
                }
                case Decision.Wait wait -> t.status(s -> s.apply(wait, now));
                case Decision.Resize resize -> {
                    t.assignment = resize.to();
                    t.status(s -> s.apply(resize, now));
                }
            }
        }
        return evicted;
    }

    private void reserve(TrackedJob t, Decision.ReserveQuota reserve, long now) {
        metrics.quotaReserved(reserve.clusterQueue(), now - t.workload().createdMillis());
        t.moveTo(TrackedJob.State.QUOTA_RESERVED);
        t.clusterQueue = reserve.clusterQueue();
        t.assignment = reserve.assignment();
        t.status(s -> s.apply(reserve, now));
        for (String check : reserve.checks()) {
            if (provisioning.runs(check)) {
                writes.provisioning(t, w -> provisioning.quotaReserved(t.workload().key(), t.workload().podSets(),
                        WorkloadObjects.podSetTemplates(t, reserve.assignment()), check,
                        observed.workloadObject(t.workloadKey), inForce.engine(), w));
            }
        }
    }

    private void admit(TrackedJob t, Decision.Admit admit, long now) {
        metrics.admitted(admit.clusterQueue(), now - t.workload().createdMillis());
        t.moveTo(TrackedJob.State.ADMITTED);
        t.clusterQueue = admit.clusterQueue();
        t.assignment = admit.assignment();
        t.admittedAtMillis = now;
        t.status(s -> s.apply(admit, now));
        // As Kueue: the Workload says it is admitted before its job starts, so that a leader that
        // takes over finds every running job's admission recorded.
        statuses.writeStatus(t);
        if (t.kai) {
            writes.noStart(t); // a KAI job was never suspended: its pods wait for their nodes, which binding gives them
        } else {
            writes.start(t);
        }
        writes.event(t, "Normal", "Admitted", (t.kai ? "Admitted by queue " : "Admitted by ClusterQueue ")
                + admit.clusterQueue() + (t.placedByMuster
                        ? "; its pods go to " + PodsOnNodes.describe(inForce.engine().pods(t.workload().key())) : "")
                + (admit.note().isEmpty() ? "" : "; " + admit.note()));
        scheduling.jobChanged(t, t.id(), inForce.engine());
    }

    private void evict(TrackedJob t, Decision.Evict evict, long now) {
        // One being stopped already (its quota taken over from a Workload that records its
        // eviction) is stopped again, and keeps its quota until its pods are gone.
        boolean running = t.is(TrackedJob.State.ADMITTED) || t.releasing;
        ObjectKey workload = t.workload().key();
        writes.provisioning(t, w -> provisioning.released(workload, w));
        if (t.clusterQueue != null) {
            metrics.evicted(t.clusterQueue, evict.reason().kueueReason());
        }
        writes.noStart(t);
        // Pending before its stop is sent: a stop that fails is owed while the job is not admitted
        // (told at once when the writes run inline).
        t.moveTo(TrackedJob.State.PENDING);
        if (running && t.kai) {
            // KAI evicts a gang by deleting its pods; their controller makes them again, and they wait.
            writes.deletePods(t, scheduling.pods(t.id()));
        } else if (running) {
            writes.stop(t);
        }
        // As Kueue: the quota of a job whose pods may still run is given back once it is stopped
        // and they are gone (JobIntake.releaseIfStopped).
        t.releasing = running && !t.kai && (t.adapter.active(t.live) || JobWrites.stopPending(t));
        scheduling.jobChanged(t, t.id(), inForce.engine());
        t.assignment = null;
        boolean podsStillRun = t.releasing;
        t.status(s -> s.evicted(evict, now, podsStillRun));
        writes.event(t, "Warning", evict.reason() == EvictionReason.PREEMPTED ? "Preempted" : "Evicted", evict.message());
    }
}
