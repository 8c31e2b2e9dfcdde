package dev.muster.operator.decide;

import dev.muster.core.status.WorkloadStatus;

import dev.muster.core.model.QueueRef;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.QueueRoute;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.operator.provisioning.ProvisioningChecks;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job joins the engine: read against the configuration, then queued, or what it holds taken
 * over. What it holds is the decider's own admission when the engine is built again, or, after a
 * restart, what its Workload object records (an admission, or quota reserved while checks run,
 * with the ProvisioningRequests already made for it).
 */
final class JobEntry {

    private static final Logger LOG = LoggerFactory.getLogger(JobEntry.class);

    private final InForce inForce;
    private final ObservedCluster observed;
    private final TrackedJobs jobs;
    private final JobWrites writes;
    private final PodScheduling scheduling;
    private final ProvisioningChecks provisioning;

    JobEntry(InForce inForce, ObservedCluster observed, TrackedJobs jobs, JobWrites writes, PodScheduling scheduling,
            ProvisioningChecks provisioning) {
        this.inForce = inForce;
        this.observed = observed;
        this.jobs = jobs;
        this.writes = writes;
        this.scheduling = scheduling;
        this.provisioning = provisioning;
    }

    /** Enters the job into the engine in force. */
    void enter(TrackedJob t) {
        boolean wasReleasing = t.releasing;
        t.releasing = false; // a new engine holds no quota for it
        Optional<WorkloadSource> source = read(t);
        if (source.isEmpty()) {
            return;
        }
        Engine engine = inForce.engine();
        t.source = source.get();
        t.workload(new Workload(t.workloadKey, queueOf(t), t.source.priority(), createdMillis(t.live),
                createdMillis(t.live), t.source.podSets()));
        jobs.indexWorkload(t);
        engine.expectRuntime(t.workload().key(), t.source.runtimeHints());
        // KAI is a scheduler: a job in a KAI queue has its pods placed by it (KubeRay's batch scheduler
        // option names it in the pods, not in the templates). A Kueue job is placed by Muster when its
        // templates name Muster's scheduler; otherwise the default scheduler places it.
        t.placedByMuster = scheduling.placesPods() && (t.kai || scheduling.placedByMuster(t.source.podTemplates()));
        if (!t.placedByMuster) {
            engine.placedElsewhere(t.workload().key());
        }
        if (observed.workloadObject(t.workloadKey) == null) {
            if (t.adapter.finished(t.live)) {
                // Kueue makes no Workload for a job that has finished (jobframework's reconciler
                // returns on a finished job before it would make one): one deleted, or never made,
                // stays so, whoever leads.
                t.workloadObjectGone = true;
            } else {
                // Made only where the watch shows none: a new leader taking over thousands of jobs
                // otherwise sent a create for each (each refused, 409), as Kueue reads its cache first.
                writes.ensureWorkload(t);
            }
        }
        if (holdReservationAgain(t) || holdReleaseAgain(t, wasReleasing)
                || t.is(TrackedJob.State.NEW) && (takeOverRelease(t) || takeOverReservation(t)) || takeOverAdmission(t)) {
            return;
        }
        engine.submit(t.workload(), QueueRef.of(t.workload(), t.kai));
        t.moveTo(TrackedJob.State.PENDING);
        t.status(WorkloadStatus::queuedAgain);
        scheduling.jobChanged(t, t.id(), engine);
    }

    /**
     * Whether the job may run under an admission Muster made before (its Workload's status says so):
     * admitted, or evicted and not yet stopped, which {@link #takeOverRelease} stops.
     */
    boolean admittedBefore(TrackedJob t) {
        return recorded(t).filter(r -> r.holding() != WorkloadObjects.Holding.RESERVED).isPresent();
    }

    /** The job read against the configuration; empty, and the job invalid, if it cannot be read. */
    private Optional<WorkloadSource> read(TrackedJob t) {
        try {
            return Optional.of(inForce.configuration().workload(t.live));
        } catch (ManifestException e) {
            t.moveTo(TrackedJob.State.INVALID);
            t.status(s -> s.say(e.getMessage()));
            writes.event(t, "Warning", "InvalidJob", e.getMessage());
            return Optional.empty();
        }
    }

    /** Its KAI queue, or the LocalQueue Kueue's rules give it under the configuration in force (the rule both modes share). */
    private String queueOf(TrackedJob t) {
        return QueueRoute.of(t.source, inForce.configuration().scenario()).queueName();
    }

    /** Quota held while checks run, held again in a new engine, the checks' answers given again. */
    private boolean holdReservationAgain(TrackedJob t) {
        if (!t.is(TrackedJob.State.QUOTA_RESERVED) || t.assignment == null || t.clusterQueue == null) {
            return false;
        }
        try {
            inForce.engine().restore(t.workload(), t.clusterQueue, t.assignment.podSets(), false, t.admittedAtMillis);
            provisioning.reapply(t.workload().key(), inForce.engine());
            return true;
        } catch (IllegalArgumentException e) {
            LOG.warn("quota reservation of {} cannot be taken over ({}); it queues again", t.key, e.getMessage());
            return false;
        }
    }

    /**
     * A job whose Workload records a quota reservation while its admission checks run (a leader
     * stopped meanwhile): the reservation is held again, and the ProvisioningRequests already made
     * for it are taken over with what they answered, rather than reserving and requesting anew.
     */
    private boolean takeOverReservation(TrackedJob t) {
        Optional<WorkloadObjects.RecordedAdmission> recorded = recorded(t).filter(r -> r.holding() == WorkloadObjects.Holding.RESERVED);
        if (recorded.isEmpty() || !t.adapter.suspended(t.live)) {
            return false;
        }
        WorkloadObjects.RecordedAdmission r = recorded.get();
        Engine engine = inForce.engine();
        try {
            engine.restore(t.workload(), r.clusterQueue(), r.podSets(), false, r.admittedAtMillis());
        } catch (IllegalArgumentException e) {
            LOG.warn("quota reservation of {} cannot be taken over ({}); it queues again", t.key, e.getMessage());
            return false;
        }
        t.moveTo(TrackedJob.State.QUOTA_RESERVED);
        t.clusterQueue = r.clusterQueue();
        t.assignment = engine.admission(t.workload().key()).orElseThrow().assignment();
        t.admittedAtMillis = r.admittedAtMillis();
        t.status(s -> {
            s.recorded(r.conditions());
            s.tookOver(WorkloadStatus.Phase.QUOTA_RESERVED, t.clusterQueue, t.assignment, t.admittedAtMillis);
        });
        for (String check : engine.checks(t.workload().key()).keySet()) {
            if (provisioning.runs(check)) {
                takeOverRequest(t, check);
            }
        }
        return true;
    }

    /**
     * A job an earlier leader evicted whose pods may still run (its Workload records the eviction
     * with the quota still reserved): its quota is held until they are gone, as Kueue's cache
     * counts a Workload's reservation until the job reconciler, having stopped the job, unsets it;
     * and it is stopped (again: the earlier leader's stop may not have been written). Once its pods
     * are gone it queues again ({@link JobIntake}, as for any job being stopped). A job whose pods
     * are gone already just queues.
     */
    private boolean takeOverRelease(TrackedJob t) {
        Optional<WorkloadObjects.RecordedAdmission> recorded = recorded(t).filter(r -> r.holding() == WorkloadObjects.Holding.RELEASING);
        if (recorded.isEmpty()) {
            return false;
        }
        WorkloadObjects.RecordedAdmission r = recorded.get();
        // The earlier leader's stop may not have been written: a job not suspended may run.
        boolean mayRun = t.adapter.active(t.live) || !t.adapter.suspended(t.live);
        if (!mayRun || !holdWhileReleasing(t, r.clusterQueue(), r.podSets(), r.admittedAtMillis())) {
            return false;
        }
        t.status(s -> s.recorded(r.conditions()));
        writes.stop(t);
        return true;
    }

    /** A job being stopped when the engine is built again: its quota stays held until its pods are gone. */
    private boolean holdReleaseAgain(TrackedJob t, boolean wasReleasing) {
        WorkloadStatus status = t.status();
        boolean mayRun = t.adapter.active(t.live) || JobWrites.stopPending(t);
        return wasReleasing && mayRun && status.assignment() != null
                && holdWhileReleasing(t, status.clusterQueue(), status.assignment().podSets(), t.admittedAtMillis);
    }

    private boolean holdWhileReleasing(TrackedJob t, String clusterQueue, List<PodSetAssignment> podSets, long admittedAt) {
        if (t.kai) {
            return false;
        }
        Engine engine = inForce.engine();
        try {
            engine.restore(t.workload(), clusterQueue, podSets, true, admittedAt);
        } catch (IllegalArgumentException e) {
            LOG.warn("quota of {}, evicted and stopping, cannot be held ({}); it queues again", t.key, e.getMessage());
            return false;
        }
        t.clusterQueue = clusterQueue;
        t.admittedAtMillis = admittedAt;
        t.releasing = true;
        t.moveTo(TrackedJob.State.PENDING);
        t.status(s -> s.tookOver(WorkloadStatus.Phase.PENDING, clusterQueue,
                engine.admission(t.workload().key()).orElseThrow().assignment(), admittedAt));
        return true;
    }

    private void takeOverRequest(TrackedJob t, String check) {
        Optional<JsonNode> request = provisioning.latestRequest(t.workload().key(), check, observed.provisioningRequests());
        if (request.isPresent()) {
            provisioning.adopt(t.workload().key(), check, request.get());
            provisioning.requestChanged(request.get(), inForce.engine());
        } else {
            writes.provisioning(t, w -> provisioning.quotaReserved(t.workload().key(), t.workload().podSets(),
                    WorkloadObjects.podSetTemplates(t, t.assignment), check, observed.workloadObject(t.workloadKey),
                    inForce.engine(), w));
        }
    }

    /**
     * An admission this decider made stands even if the job still looks suspended (its start may
     * not have been written, or seen, yet); one read from a Workload stands if the job runs.
     */
    private boolean takeOverAdmission(TrackedJob t) {
        boolean ours = t.is(TrackedJob.State.ADMITTED) && t.assignment != null && t.clusterQueue != null;
        Optional<List<PodSetAssignment>> admission = t.is(TrackedJob.State.QUOTA_RESERVED) ? Optional.empty() : admissionOf(t);
        if (admission.isEmpty() || !ours && t.adapter.suspended(t.live)) {
            return false;
        }
        Engine engine = inForce.engine();
        try {
            engine.restore(t.workload(), t.clusterQueue, admission.get(), true, t.admittedAtMillis);
        } catch (IllegalArgumentException e) {
            LOG.warn("admission of {} cannot be taken over ({}); it queues again", t.key, e.getMessage());
            return false;
        }
        t.moveTo(TrackedJob.State.ADMITTED);
        t.assignment = engine.admission(t.workload().key()).orElseThrow().assignment();
        t.status(s -> s.tookOver(WorkloadStatus.Phase.ADMITTED, t.clusterQueue, t.assignment, t.admittedAtMillis));
        holdToPromise(t, engine);
        scheduling.jobChanged(t, t.id(), engine);
        engine.restorePlacement(t.workload().key(), scheduling.recordedPlaces(t.id())).ifPresent(why ->
                LOG.warn("pods of {} that had no node yet find none now: {}", t.key, why));
        return true;
    }

    /**
     * A job admitted on a backfill promise (its status records it: made by this decider before the
     * engine was rebuilt, or read from the Workload an earlier leader wrote) is held to it by the new
     * engine as by the one that admitted it. A promise that cannot be read is not held: the job runs
     * on as if it had made none, which is said once.
     */
    private void holdToPromise(TrackedJob t, Engine engine) {
        try {
            t.status().backfillPromise(t.workload().key()).ifPresent(engine::restoreBackfillPromise);
        } catch (IllegalArgumentException e) {
            LOG.warn("Workload {}: {}; its job is held to no backfill promise", t.workloadKey, e.getMessage());
        }
    }

    /**
     * The admission in force for a job being entered: the one the decider holds (the engine was
     * rebuilt), else the one its Workload object records, taken over with its conditions.
     */
    private Optional<List<PodSetAssignment>> admissionOf(TrackedJob t) {
        if (t.assignment != null && t.clusterQueue != null) {
            return Optional.of(t.assignment.podSets());
        }
        Optional<WorkloadObjects.RecordedAdmission> recorded = recorded(t).filter(WorkloadObjects.RecordedAdmission::admitted);
        recorded.ifPresent(r -> {
            t.clusterQueue = r.clusterQueue();
            t.admittedAtMillis = r.admittedAtMillis();
            t.status(s -> s.recorded(r.conditions()));
        });
        return recorded.map(WorkloadObjects.RecordedAdmission::podSets);
    }

    private Optional<WorkloadObjects.RecordedAdmission> recorded(TrackedJob t) {
        return WorkloadObjects.recordedAdmission(observed.workloadObject(t.workloadKey));
    }

    /**
     * Sorts jobs in the order they were created, then by key, as an engine takes them in. Each
     * job's creation time is read once: parsing the timestamp in the comparator parsed it at every
     * comparison, 2 % of the process's cpu in {@code OperatorPerfReplay --workloads 1500}, where the
     * forecast's copy of the present sorts every job after each cycle.
     */
    static void sortInCreationOrder(List<TrackedJob> jobs) {
        record Created(long millis, TrackedJob job) {
        }
        List<Created> created = new ArrayList<>(jobs.size());
        for (TrackedJob t : jobs) {
            created.add(new Created(createdMillis(t.live), t));
        }
        created.sort(Comparator.comparingLong(Created::millis).thenComparing(c -> c.job().key));
        for (int i = 0; i < created.size(); i++) {
            jobs.set(i, created.get(i).job());
        }
    }

    static long createdMillis(JsonNode o) {
        return WorkloadObjects.millis(o.path("metadata").path("creationTimestamp").asText(""));
    }
}
