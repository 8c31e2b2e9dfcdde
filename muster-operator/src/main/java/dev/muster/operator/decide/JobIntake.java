package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.scenario.QueueRoute;
import dev.muster.api.workload.WorkloadLabels;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.jobs.JobAdapter;
import dev.muster.operator.jobs.PodGroupAdapter;
import dev.muster.operator.jobs.PodGroups;
import dev.muster.operator.provisioning.ProvisioningChecks;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a job's (or a pod group's) changes mean to the decider: a job no queue manages is left to
 * the default scheduler, one first seen is tracked (and suspended if it runs) and enters the
 * engine, one that finished or whose pods are ready or stopped tells the engine so, and one that
 * is gone gives back what it held.
 */
final class JobIntake {

    /** The kinds whose controllers own jobs Muster queues itself: the owner is what is queued. */
    private static final Set<String> OWNING_JOB_KINDS = Set.of("RayJob", "RayCluster", "Job", "JobSet");

    private final InForce inForce;
    private final TrackedJobs jobs;
    private final JobEntry entry;
    private final JobWrites writes;
    private final PodScheduling scheduling;
    private final ProvisioningChecks provisioning;
    private final Clock clock;
    private final RunTimes runTimes;
    private final PodGroups podGroups = new PodGroups();
    private final PodGroupAdapter podGroupAdapter = new PodGroupAdapter(podGroups);
    /**
     * Jobs that no queue manages under the configuration in force, as last seen: looked at again
     * when the configuration changes (manageJobsWithoutQueueName turned on, a LocalQueue "default" created).
     */
    private final Map<List<Object>, Map.Entry<JobAdapter, JsonNode>> unqueued = new LinkedHashMap<>();
    /**
     * Jobs found running without an admission (the webhook was down at their creation, or their
     * Workload was deleted while they ran), suspended and not yet entered: as Kueue's
     * handleJobWithNoWorkload makes a job's Workload only once the job is not active, a job enters
     * the engine, and gets its Workload object, only once it does not run. A Workload made earlier
     * would stand pending while the job runs on, and could be admitted while its pods still hold
     * what it asks for.
     */
    private final Set<TrackedJob> stoppingFirst = new TreeSet<>(TrackedJob.FIRST_SEEN);

    JobIntake(InForce inForce, TrackedJobs jobs, JobEntry entry, JobWrites writes, PodScheduling scheduling,
            ProvisioningChecks provisioning, Clock clock, RunTimes runTimes) {
        this.inForce = inForce;
        this.jobs = jobs;
        this.entry = entry;
        this.writes = writes;
        this.scheduling = scheduling;
        this.provisioning = provisioning;
        this.clock = clock;
        this.runTimes = runTimes;
    }

    void jobChanged(JobAdapter adapter, JsonNode job) {
        seen(adapter, job, false);
    }

    /**
     * @param startedSinceView a start was sent after {@code job} was read: it may run though the
     *                         view shows it suspended
     */
    private void seen(JobAdapter adapter, JsonNode job, boolean startedSinceView) {
        scheduling.owned(adapter.kind().kind(), job, inForce.engine(), jobs::get);
        if (ownedByAJob(job)) {
            return; // KubeRay copies a RayJob's labels to its RayCluster: the RayJob is what is queued
        }
        ObjectKey key = ObservedCluster.key(job);
        List<Object> id = List.of(adapter.kind().kind(), key);
        TrackedJob t = jobs.get(id);
        if (t == null) {
            firstSeen(adapter, key, job, startedSinceView);
            return;
        }
        t.live = job;
        if (t.is(TrackedJob.State.FINISHED) || !inForce.hasEngine() || t.workload() == null) {
            return;
        }
        releaseIfStopped(t);
        if (adapter.finished(job)) {
            finished(t);
        } else if (t.is(TrackedJob.State.ADMITTED) && adapter.podsReady(job) && t.status().condition("PodsReady").isEmpty()) {
            inForce.engine().podsReady(t.workload().key());
            long now = clock.millis();
            t.status(s -> s.podsReady(now));
        }
    }

    /** The configuration changed: jobs no queue managed may be managed now. */
    void configurationChanged() {
        List<Map.Entry<JobAdapter, JsonNode>> unlabelled = new ArrayList<>(unqueued.values());
        unqueued.clear();
        unlabelled.forEach(e -> jobChanged(e.getKey(), e.getValue()));
    }

    /** A job is gone: whatever it held is released. */
    void jobDeleted(JobAdapter adapter, ObjectKey key) {
        scheduling.ownedDeleted(adapter.kind().kind(), key);
        List<Object> id = List.of(adapter.kind().kind(), key);
        unqueued.remove(id);
        TrackedJob t = jobs.remove(id);
        if (t == null) {
            return;
        }
        stoppingFirst.remove(t);
        writes.forget(t);
        if (t.workload() != null) {
            ObjectKey workload = t.workload().key();
            writes.provisioning(t, w -> provisioning.released(workload, w));
            if (inForce.hasEngine()) {
                inForce.engine().remove(t.workload().key());
            }
        }
        t.moveTo(TrackedJob.State.FINISHED);
        scheduling.jobChanged(t, t.id(), inForce.engine());
    }

    /**
     * A job's Workload object was deleted (by hand, say) while the job is not finished: as Kueue's
     * job reconciler does when a job has no Workload, the job is stopped if it runs and queued
     * afresh with a new Workload. It is followed again from scratch: what it held is released, and
     * on first sight a job that runs is suspended.
     */
    void workloadDeleted(ObjectKey workloadObject) {
        TrackedJob t = jobs.ofWorkloadObject(workloadObject);
        if (t != null && t.is(TrackedJob.State.FINISHED)) {
            t.workloadObjectGone = true; // its Workload may go; a status still owed to it is not written
            return;
        }
        if (t == null || t.live.path("metadata").has("deletionTimestamp")) {
            return; // not ours, or going with its job
        }
        JobAdapter adapter = t.adapter;
        JsonNode live = t.live;
        // A start not sent yet is withdrawn; one sent may have made the job run since the view held.
        boolean startSent = t.start != null && !t.start.withdraw();
        jobDeleted(adapter, t.key);
        seen(adapter, live, startSent);
    }

    /** A Pod was added or changed: a queued plain pod is a workload, alone or with its group. */
    void pod(JsonNode pod) {
        if (PodGroups.queued(pod)) {
            podGroupChanged(podGroups.upsert(pod));
        }
    }

    void podDeleted(JsonNode pod) {
        podGroups.delete(ObservedCluster.key(pod)).ifPresent(group -> {
            if (podGroups.exists(group)) {
                podGroupChanged(group);
            } else {
                jobDeleted(podGroupAdapter, group);
            }
        });
    }

    /** A group is a job once all its pods exist; until then it waits (and a group that lost pods keeps its state). */
    private void podGroupChanged(ObjectKey group) {
        podGroups.manifest(group).ifPresent(manifest -> jobChanged(podGroupAdapter, manifest));
    }

    private void firstSeen(JobAdapter adapter, ObjectKey key, JsonNode job, boolean startedSinceView) {
        List<Object> id = List.of(adapter.kind().kind(), key);
        QueueRoute route = route(adapter, key, job);
        if (route instanceof QueueRoute.Unmanaged) {
            unqueued.put(id, Map.entry(adapter, job)); // the default scheduler's business
            return;
        }
        unqueued.remove(id);
        TrackedJob t = jobs.track(adapter, key, job);
        t.inKaiQueue(route instanceof QueueRoute.Kai);
        boolean mayRun = startedSinceView || !adapter.suspended(job);
        if (!t.kai && mayRun && !adapter.finished(job) && !entry.admittedBefore(t)) {
            // The webhook suspends managed jobs at creation; without it, the controller does on first sight.
            writes.suspend(t);
            stoppingFirst.add(t);
            return;
        }
        if (inForce.hasEngine()) {
            enter(t);
        }
    }

    /**
     * The jobs found running without an admission that no longer run enter the engine: their
     * suspension is written and their pods are gone (or they finished meanwhile). Looked at each
     * cycle; only these jobs are.
     */
    void enterStopped() {
        if (stoppingFirst.isEmpty()) {
            return;
        }
        for (TrackedJob t : List.copyOf(stoppingFirst)) {
            boolean finished = t.adapter.finished(t.live);
            if (t.gone || finished || !t.suspensionUnwritten && !t.adapter.active(t.live)) {
                stoppingFirst.remove(t);
                if (!t.gone && inForce.hasEngine()) {
                    enter(t);
                }
            }
        }
    }

    /**
     * Enters the job into the engine in force; one that finished before this decider saw it (a
     * new leader taking over) is finished at once, so that its Workload stays Finished rather than
     * being written Pending and the job queued (and perhaps admitted) again.
     */
    void enter(TrackedJob t) {
        if (stoppingFirst.contains(t)) {
            return; // enters once it no longer runs (enterStopped)
        }
        entry.enter(t);
        if (t.workload() != null && !t.is(TrackedJob.State.INVALID) && !t.is(TrackedJob.State.FINISHED)
                && t.adapter.finished(t.live)) {
            finished(t);
        }
    }

    /**
     * Which queue manages the job, by the rules both modes share ({@link QueueRoute}): the queues
     * its labels name, else Kueue's defaulting under the configuration in force (none without one).
     */
    private QueueRoute route(JobAdapter adapter, ObjectKey key, JsonNode job) {
        List<Map<String, String>> templates = new ArrayList<>();
        adapter.podTemplates(job).forEach(p -> templates.add(labels(job.at(p.pointer()))));
        WorkloadLabels.NamedQueues named = WorkloadLabels.namedQueues(labels(job), templates);
        if (inForce.configuration() == null) {
            return QueueRoute.named(named.localQueue(), named.kaiQueue());
        }
        return QueueRoute.of(named.localQueue(), named.kaiQueue(), adapter.kind().kind(), key.namespace(),
                inForce.configuration().scenario());
    }

    private static Map<String, String> labels(JsonNode object) {
        Map<String, String> labels = new LinkedHashMap<>();
        object.path("metadata").path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        return labels;
    }

    /** A stop was written: an evicted job whose view shows no pods running gives its quota back. */
    void stopWritten(TrackedJob t) {
        if (!t.gone && !t.is(TrackedJob.State.FINISHED) && inForce.hasEngine() && t.workload() != null) {
            releaseIfStopped(t);
        }
    }

    /**
     * An evicted job gives its quota back once its stop is written and it shows no pods running.
     * As Kueue's job reconciler, which unsets the quota reservation of an evicted job only once it
     * has stopped it and finds it no longer active; the stop first, since a view that shows the job
     * suspended may predate a start that went out.
     */
    private void releaseIfStopped(TrackedJob t) {
        if (t.releasing && !t.adapter.active(t.live) && !JobWrites.stopPending(t)) {
            release(t);
        }
    }

    /** An evicted job's pods have stopped: its quota goes back, and it queues again. */
    private void release(TrackedJob t) {
        t.releasing = false;
        long now = clock.millis();
        Engine engine = inForce.engine();
        if (engine.admission(t.workload().key()).isPresent()) {
            engine.evicted(t.workload().key(), now);
        }
        t.status(s -> s.released(now));
    }

    private void finished(TrackedJob t) {
        t.moveTo(TrackedJob.State.FINISHED);
        // Told while the engine still holds the job's places, so that its pods that have not gone
        // yet are not counted as other schedulers' pods on top of them (as for an eviction).
        scheduling.jobChanged(t, t.id(), inForce.engine());
        inForce.engine().remove(t.workload().key());
        ObjectKey workload = t.workload().key();
        writes.provisioning(t, w -> provisioning.released(workload, w));
        long now = clock.millis();
        runTimes.finished(t, now);
        t.status(s -> s.finished(now, "the job finished"));
        t.assignment = null;
    }

    private static boolean ownedByAJob(JsonNode job) {
        for (JsonNode owner : job.path("metadata").path("ownerReferences")) {
            if (owner.path("controller").asBoolean(false) && OWNING_JOB_KINDS.contains(owner.path("kind").asText())) {
                return true;
            }
        }
        return false;
    }
}
