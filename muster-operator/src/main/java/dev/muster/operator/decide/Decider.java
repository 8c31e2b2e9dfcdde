package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.cluster.ClusterCapacity;
import dev.muster.api.cluster.ClusterNodes;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.EngineSettings;
import dev.muster.api.scenario.KueueQueueing;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.admission.Decision;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.ResourceFlavorSpec;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.NodeSpec;
import dev.muster.operator.config.ClusterConfiguration;
import dev.muster.operator.config.LiveManifests;
import dev.muster.operator.jobs.JobAdapter;
import dev.muster.operator.jobs.PodGroupAdapter;
import dev.muster.operator.jobs.PodGroups;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.metrics.MusterMetrics;
import dev.muster.operator.provisioning.ProvisioningChecks;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that owns the engine. Informers post what they see (configuration objects,
 * jobs, Workload objects); the decider applies each change, runs a scheduling cycle, and carries
 * the decisions out through the {@link ClusterWriter}: unsuspend or suspend jobs, Workload objects
 * and their status, events. Changes that arrive together are applied together before one cycle.
 */
public final class Decider implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Decider.class);
    private static final String QUEUE_LABEL = "kueue.x-k8s.io/queue-name";
    private static final long MIN_CYCLE_GAP_NANOS = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(20);
    private static final String KAI_QUEUE_LABEL = dev.muster.api.workload.WorkloadLabels.KAI_QUEUE;

    private final ClusterWriter writer;
    private final CycleMetrics metrics;
    private final Clock clock;
    private final LinkedBlockingQueue<Runnable> inbox = new LinkedBlockingQueue<>();
    private final Map<String, JsonNode> configObjects = new TreeMap<>();
    private final Map<ObjectKey, JsonNode> workloadObjects = new HashMap<>();
    /** ProvisioningRequests as the API has them: a new leader takes over those of reservations in force. */
    private final Map<ObjectKey, JsonNode> provisioningRequests = new HashMap<>();
    private final Map<List<Object>, TrackedJob> jobs = new LinkedHashMap<>();
    /**
     * Jobs without a queue label that Kueue's rules leave alone under the configuration in force,
     * as last seen: looked at again when the configuration changes (manageJobsWithoutQueueName
     * turned on, a LocalQueue "default" created).
     */
    private final Map<List<Object>, Map.Entry<JobAdapter, JsonNode>> unqueued = new LinkedHashMap<>();
    private final Map<ObjectKey, TrackedJob> byWorkload = new HashMap<>();
    private final ProvisioningChecks provisioning = new ProvisioningChecks();
    private final PodScheduling scheduling;
    private final PodGroups podGroups = new PodGroups();
    private final PodGroupAdapter podGroupAdapter = new PodGroupAdapter(podGroups);
    private final Map<String, String> configurationFiles;
    private boolean configDirty;
    private boolean primed;
    private final List<Runnable> heldBack = new ArrayList<>();
    private ClusterConfiguration configuration;
    private String configurationError = "no configuration read yet";
    private Engine engine;
    /** The cluster capacity {@link #engine} was built with (what KAI divides among its queues). */
    private Map<String, Long> engineCapacity = Map.of();
    private Thread thread;
    private volatile boolean running;
    private volatile long cycles;
    private final Map<String, String> writtenQueueStatus = new HashMap<>();
    private final long startedMillis;

    public Decider(ClusterWriter writer, Clock clock) {
        this(writer, clock, new MusterMetrics());
    }

    public Decider(ClusterWriter writer, Clock clock, MusterMetrics metrics) {
        this(writer, clock, metrics, java.util.Set.of(dev.muster.operator.OperatorOptions.SCHEDULER_NAME), Map.of());
    }

    /**
     * @param schedulerNames the {@code spec.schedulerName}s of pods Muster places and binds
     * @param configurationFiles Muster's configuration files (Kueue's manager Configuration) by name
     */
    public Decider(ClusterWriter writer, Clock clock, MusterMetrics metrics, java.util.Set<String> schedulerNames,
            Map<String, String> configurationFiles) {
        this.writer = writer;
        this.configurationFiles = Map.copyOf(configurationFiles);
        this.scheduling = new PodScheduling(schedulerNames, writer);
        this.clock = clock;
        this.metrics = new CycleMetrics(metrics);
        this.startedMillis = clock.millis();
    }

    public synchronized void start() {
        if (thread != null) {
            return;
        }
        running = true;
        thread = new Thread(this::loop, "muster-decider");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** A queue, flavor, priority class, namespace or node was added or changed. */
    public void configurationObject(JsonNode object) {
        inbox.add(() -> {
            JsonNode before = configObjects.put(id(object), object);
            // An informer's first event repeats what was listed at the start: no change, no new engine.
            if (before == null || !LiveManifests.manifest(before).equals(LiveManifests.manifest(object))) {
                configDirty = true;
            }
        });
    }

    public void configurationObjectDeleted(JsonNode object) {
        inbox.add(() -> {
            configObjects.remove(id(object));
            configDirty = true;
        });
    }

    /** A Workload object as the API has it: on a restart, its status tells what was admitted. */
    public void workloadObject(JsonNode workload) {
        inbox.add(() -> workloadObjects.put(key(workload), workload));
    }

    /**
     * Nodes are watched: from the next configuration on, admission places the gangs whose pods
     * name Muster's scheduler on them (posted before the nodes are).
     */
    public void nodesWatched() {
        inbox.add(() -> {
            scheduling.watched();
            configDirty = true;
        });
    }

    public void node(JsonNode node) {
        inbox.add(() -> {
            if (scheduling.node(node, engine)) {
                kaiCapacityMayHaveChanged();
            }
        });
    }

    public void nodeDeleted(JsonNode node) {
        inbox.add(() -> {
            if (scheduling.nodeDeleted(node, engine)) {
                kaiCapacityMayHaveChanged();
            }
        });
    }

    /**
     * The engine adds and removes nodes for placement in place, but the capacity KAI divides among
     * its queues is part of its quota tree, built with the engine: when the nodes' total changes
     * (a node joined or left, an autoscaler at work), the engine is built again, keeping every
     * admission and the queue order (see {@link #reconfigure()}).
     */
    private void kaiCapacityMayHaveChanged() {
        if (engine != null && configuration != null && !configuration.scenario().kaiQueues().isEmpty()
                && !scheduling.declaredCapacity().equals(engineCapacity)) {
            configDirty = true;
        }
    }

    /**
     * A Pod was added or changed; looked at once the jobs listed at the start are (a pod is filed
     * under its job). A queued plain pod is a workload, alone or with its group.
     */
    public void pod(JsonNode pod) {
        inbox.add(whenPrimed(() -> {
            if (PodGroups.queued(pod)) {
                podGroupChanged(podGroups.upsert(pod));
            }
            scheduling.pod(pod, engine, jobs::get);
        }));
    }

    public void podDeleted(JsonNode pod) {
        inbox.add(whenPrimed(() -> {
            podGroups.delete(key(pod)).ifPresent(group -> {
                if (podGroups.exists(group)) {
                    podGroupChanged(group);
                } else {
                    forget(podGroupAdapter, group);
                }
            });
            scheduling.podDeleted(pod, engine);
        }));
    }

    /** A group is a job once all its pods exist; until then it waits (and a group that lost pods keeps its state). */
    private void podGroupChanged(ObjectKey group) {
        podGroups.manifest(group).ifPresent(manifest -> jobChanged(podGroupAdapter, manifest));
    }

    /** A ProvisioningRequest changed (the autoscaler set its conditions). */
    public void provisioningRequest(JsonNode request) {
        inbox.add(whenPrimed(() -> {
            provisioningRequests.put(key(request), request);
            if (engine != null) {
                provisioning.requestChanged(request, engine);
            }
        }));
    }

    public void job(JobAdapter adapter, JsonNode job) {
        inbox.add(whenPrimed(() -> jobChanged(adapter, job)));
    }

    /**
     * Everything that was in the cluster when the decider started has been posted (Workload
     * objects and configuration): jobs, held back until now, may be looked at. A job seen before
     * its Workload object could otherwise be admitted a second time after a restart.
     */
    public void primed() {
        inbox.add(() -> {
            primed = true;
            heldBack.forEach(Runnable::run);
            heldBack.clear();
        });
    }

    private Runnable whenPrimed(Runnable action) {
        return () -> {
            if (primed) {
                action.run();
            } else {
                heldBack.add(action);
            }
        };
    }

    public void jobDeleted(JobAdapter adapter, JsonNode job) {
        inbox.add(whenPrimed(() -> forget(adapter, key(job))));
    }

    /** A job is gone: whatever it held is released. */
    private void forget(JobAdapter adapter, ObjectKey key) {
        scheduling.ownedDeleted(adapter.kind().kind(), key);
        unqueued.remove(List.of(adapter.kind().kind(), key));
        TrackedJob t = jobs.remove(List.of(adapter.kind().kind(), key));
        if (t != null && t.workload != null) {
            provisioning.released(t.workload.key());
        }
        if (t != null) {
            byWorkload.remove(t.workload == null ? null : t.workload.key());
            if (engine != null && t.workload != null) {
                engine.remove(t.workload.key());
            }
            t.state = TrackedJob.State.FINISHED;
            scheduling.jobChanged(t, t.id(), engine);
        }
    }

    /** Whether the decider runs with a valid configuration; otherwise why not. */
    public Optional<String> notReady() {
        return configuration == null ? Optional.of(configurationError) : Optional.empty();
    }

    public long cycles() {
        return cycles;
    }

    private void loop() {
        List<Runnable> batch = new ArrayList<>();
        long lastCycle = 0;
        while (running) {
            try {
                // Nothing may happen in the cluster when the engine has something to do at a time of
                // its own (a backoff or a pods-ready timeout ends): it is woken then.
                long untilWakeup = untilWakeupMillis();
                Runnable first = untilWakeup == Long.MAX_VALUE ? inbox.take()
                        : inbox.poll(untilWakeup, java.util.concurrent.TimeUnit.MILLISECONDS);
                if (first != null) {
                    batch.add(first);
                }
                // Cycles at most every MIN_CYCLE_GAP: what arrives meanwhile is applied together. A
                // cycle's bookkeeping (statuses, queue counts) looks at every job, so a cycle per event
                // would cost in proportion to events x jobs.
                long wait = lastCycle + MIN_CYCLE_GAP_NANOS - System.nanoTime();
                if (wait > 0) {
                    java.util.concurrent.TimeUnit.NANOSECONDS.sleep(wait);
                }
                inbox.drainTo(batch);
                for (Runnable r : batch) {
                    r.run();
                }
                batch.clear();
                cycle();
                lastCycle = System.nanoTime();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                batch.clear();
                LOG.error("decider cycle failed; the next change tries again", e);
            }
        }
    }

    /** Milliseconds until the engine's next wakeup, 0 when it is due, Long.MAX_VALUE when none. */
    private long untilWakeupMillis() {
        if (engine == null) {
            return Long.MAX_VALUE;
        }
        java.util.OptionalLong at = engine.nextWakeupMillis();
        return at.isEmpty() ? Long.MAX_VALUE : Math.max(0, at.getAsLong() - clock.millis());
    }

    private void cycle() {
        // Before everything listed at the start has arrived, the configuration may be incomplete.
        if (configDirty && primed) {
            configDirty = false;
            reconfigure();
        }
        if (engine != null) {
            long started = System.nanoTime();
            long now = clock.millis();
            retryFailedWrites();
            for (int round = 0; round < 100; round++) {
                List<ObjectKey> evicted = apply(engine.schedule(now), now);
                if (evicted.isEmpty() && !engine.checksChanged()) {
                    break;
                }
                evicted.forEach(k -> engine.evicted(k, now));
            }
            scheduling.bindWaiting(engine, jobs::get);
            Map<String, Integer> admittedByQueue = writeStatuses();
            metrics.cycle(engine, admittedByQueue, System.nanoTime() - started);
        }
        cycles++;
    }

    /**
     * Reads the configuration again and builds a new engine. Admissions in force are taken over
     * as they are (the engine's restore), and pending jobs queue again in their original order.
     */
    private void reconfigure() {
        ClusterConfiguration next;
        try {
            next = ClusterConfiguration.of(configObjects.values(), configurationFiles);
        } catch (ManifestException e) {
            configurationError = "the configuration is refused, the previous one stays in force: " + e.getMessage();
            LOG.error(configurationError);
            return;
        }
        configuration = next;
        configurationError = "";
        Scenario s = next.scenario();
        provisioning.configure(s);
        List<NodeSpec> nodes = scheduling.placesPods() ? scheduling.nodeSpecs() : ClusterNodes.of(s);
        // KAI divides what the nodes declare, not what other schedulers' pods leave free at this moment.
        engineCapacity = scheduling.placesPods() ? scheduling.declaredCapacity() : ClusterCapacity.of(nodes);
        engine = new Engine(s.clusterQueues(), s.cohorts(), s.localQueues(), s.namespaces(), s.kaiQueues(),
                engineCapacity, scheduling.placesPods() ? nodes : List.of(), s.flavors(), EngineSettings.from(s));
        if (scheduling.placesPods()) {
            engine.placeOnNodes(); // even before the first node: a gang waits for nodes, it does not run nowhere
        }
        byWorkload.clear();
        List<TrackedJob> all = new ArrayList<>(jobs.values());
        all.sort(Comparator.comparingLong((TrackedJob t) -> createdMillis(t.live)).thenComparing(t -> t.key));
        for (TrackedJob t : all) {
            if (t.state != TrackedJob.State.FINISHED) {
                enter(t);
            }
        }
        List<Map.Entry<JobAdapter, JsonNode>> unlabelled = new ArrayList<>(unqueued.values());
        unqueued.clear();
        unlabelled.forEach(e -> jobChanged(e.getKey(), e.getValue()));
    }

    private void jobChanged(JobAdapter adapter, JsonNode job) {
        scheduling.owned(adapter.kind().kind(), job, engine, jobs::get);
        boolean labelled = job.path("metadata").path("labels").has(QUEUE_LABEL);
        boolean kai = !labelled && inKaiQueue(adapter, job);
        if (ownedByAJob(job)) {
            return; // KubeRay copies a RayJob's labels to its RayCluster: the RayJob is what is queued
        }
        List<Object> id = List.of(adapter.kind().kind(), key(job));
        if (!labelled && !kai && !jobs.containsKey(id)) {
            if (!queuedWithoutLabel(adapter, job)) {
                unqueued.put(id, Map.entry(adapter, job)); // not managed by a queue: the default scheduler's business
                return;
            }
            unqueued.remove(id);
        }
        TrackedJob t = jobs.get(id);
        if (t == null) {
            ObjectKey key = key(job);
            t = new TrackedJob(adapter, key, adapter.workloadKey(key), job);
            t.kai = kai;
            jobs.put(id, t);
            if (!kai && !adapter.suspended(job) && !admittedBefore(t)) {
                // The webhook suspends managed jobs at creation; without it, the controller does on first sight.
                t.suspendPending = !adapter.suspend(writer, key, job);
            }
            if (engine != null) {
                enter(t);
            }
            return;
        }
        t.live = job;
        if (t.state == TrackedJob.State.FINISHED || engine == null || t.workload == null) {
            return;
        }
        if (t.releasing && !adapter.active(job)) {
            release(t);
        }
        if (adapter.finished(job)) {
            engine.remove(t.workload.key());
            provisioning.released(t.workload.key());
            t.state = TrackedJob.State.FINISHED;
            long now = clock.millis();
            t.condition("Finished", true, "Succeeded", "the job finished", now);
            t.condition("Admitted", false, "NoReservation", "the job finished", now);
            t.condition("QuotaReserved", false, "NoReservation", "the job finished", now);
            t.assignment = null;
            scheduling.jobChanged(t, t.id(), engine);
        } else if (t.state == TrackedJob.State.ADMITTED && adapter.podsReady(job)
                && !t.conditions.containsKey("PodsReady")) {
            engine.podsReady(t.workload.key());
            t.condition("PodsReady", true, "PodsReady", "all pods of the workload run", clock.millis());
        }
    }

    /**
     * Whether Kueue's rules ({@link KueueQueueing}: a LocalQueue "default" in the namespace, or
     * manageJobsWithoutQueueName) queue a job that has no queue label.
     */
    private boolean queuedWithoutLabel(JobAdapter adapter, JsonNode job) {
        return configuration != null && KueueQueueing.localQueue(Optional.empty(), false, adapter.kind().kind(),
                key(job).namespace(), configuration.scenario()).isPresent();
    }

    /** A KAI queue label on the job or on one of its pod templates (KAI reads either). */
    private static boolean inKaiQueue(JobAdapter adapter, JsonNode job) {
        if (job.path("metadata").path("labels").has(KAI_QUEUE_LABEL)) {
            return true;
        }
        return adapter.podTemplates(job).stream()
                .anyMatch(p -> job.at(p.pointer()).path("metadata").path("labels").has(KAI_QUEUE_LABEL));
    }

    private static boolean ownedByAJob(JsonNode job) {
        for (JsonNode owner : job.path("metadata").path("ownerReferences")) {
            String kind = owner.path("kind").asText();
            if (owner.path("controller").asBoolean(false) && (kind.equals("RayJob") || kind.equals("RayCluster")
                    || kind.equals("Job") || kind.equals("JobSet"))) {
                return true;
            }
        }
        return false;
    }

    /** A job joins the engine: read against the configuration, then queued, or its admission taken over. */
    private void enter(TrackedJob t) {
        t.releasing = false; // a new engine holds no quota for it
        WorkloadSource source;
        try {
            source = configuration.workload(t.live);
        } catch (ManifestException e) {
            t.state = TrackedJob.State.INVALID;
            t.message = e.getMessage();
            writer.event(t.adapter.kind(), t.key, t.uid(), "Warning", "InvalidJob", t.message);
            return;
        }
        t.source = source;
        String queue = t.kai ? source.kaiQueue().orElse("")
                : KueueQueueing.localQueue(source.localQueue(), false, t.adapter.kind().kind(), t.key.namespace(),
                        configuration.scenario()).orElse("");
        t.workload = new Workload(t.workloadKey, queue, source.priority(),
                createdMillis(t.live), createdMillis(t.live), source.podSets());
        byWorkload.put(t.workload.key(), t);
        // KAI is a scheduler: a job in a KAI queue has its pods placed by it (KubeRay's batch scheduler
        // option names it in the pods, not in the templates). A Kueue job is placed by Muster when its
        // templates name Muster's scheduler; otherwise the default scheduler places it.
        t.placedByMuster = scheduling.placesPods() && (t.kai || scheduling.placedByMuster(source.podTemplates()));
        if (!t.placedByMuster) {
            engine.placedElsewhere(t.workload.key());
        }
        t.workloadPending = !writer.ensure(KubeKind.WORKLOAD, WorkloadObjects.workload(t));
        if (t.state == TrackedJob.State.QUOTA_RESERVED && t.assignment != null && t.clusterQueue != null) {
            // Quota held while checks run: held again in the new engine, the checks' answers given again.
            try {
                engine.restore(t.workload, t.clusterQueue, t.assignment.podSets(), false, t.admittedAtMillis);
                provisioning.reapply(t.workload.key(), engine);
                return;
            } catch (IllegalArgumentException e) {
                LOG.warn("quota reservation of {} cannot be taken over ({}); it queues again", t.key, e.getMessage());
            }
        }
        if (t.state == TrackedJob.State.NEW && takeOverReservation(t)) {
            return;
        }
        // An admission this decider made stands even if the job still looks suspended (its start may
        // not have been written, or seen, yet); one read from a Workload stands if the job runs.
        boolean ours = t.state == TrackedJob.State.ADMITTED && t.assignment != null && t.clusterQueue != null;
        Optional<List<PodSetAssignment>> admission = t.state == TrackedJob.State.QUOTA_RESERVED ? Optional.empty() : admissionOf(t);
        if (admission.isPresent() && (ours || !t.adapter.suspended(t.live))) {
            try {
                engine.restore(t.workload, t.clusterQueue, admission.get(), true, t.admittedAtMillis);
                t.state = TrackedJob.State.ADMITTED;
                t.assignment = engine.admission(t.workload.key()).orElseThrow().assignment();
                scheduling.jobChanged(t, t.id(), engine);
                engine.restorePlacement(t.workload.key(), scheduling.recordedPlaces(t.id())).ifPresent(why ->
                        LOG.warn("pods of {} that had no node yet find none now: {}", t.key, why));
                return;
            } catch (IllegalArgumentException e) {
                LOG.warn("admission of {} cannot be taken over ({}); it queues again", t.key, e.getMessage());
            }
        }
        if (t.kai) {
            engine.submitToKaiQueue(t.workload);
        } else {
            engine.submit(t.workload);
        }
        t.state = TrackedJob.State.PENDING;
        scheduling.jobChanged(t, t.id(), engine);
    }

    /**
     * A job whose Workload records a quota reservation while its admission checks run (a leader
     * stopped meanwhile): the reservation is held again, and the ProvisioningRequests already made
     * for it are taken over with what they answered, rather than reserving and requesting anew.
     */
    private boolean takeOverReservation(TrackedJob t) {
        Optional<WorkloadObjects.RecordedAdmission> recorded = WorkloadObjects.recordedAdmission(workloadObjects.get(t.workloadKey))
                .filter(r -> !r.admitted());
        if (recorded.isEmpty() || !t.adapter.suspended(t.live)) {
            return false;
        }
        WorkloadObjects.RecordedAdmission r = recorded.get();
        try {
            engine.restore(t.workload, r.clusterQueue(), r.podSets(), false, r.admittedAtMillis());
        } catch (IllegalArgumentException e) {
            LOG.warn("quota reservation of {} cannot be taken over ({}); it queues again", t.key, e.getMessage());
            return false;
        }
        t.state = TrackedJob.State.QUOTA_RESERVED;
        t.clusterQueue = r.clusterQueue();
        t.assignment = engine.admission(t.workload.key()).orElseThrow().assignment();
        t.admittedAtMillis = r.admittedAtMillis();
        r.conditions().forEach(c -> t.conditions.put(c.type(), c));
        for (String check : engine.checks(t.workload.key()).keySet()) {
            if (!provisioning.runs(check)) {
                continue;
            }
            Optional<JsonNode> request = provisioning.latestRequest(t.workload.key(), check, provisioningRequests.values());
            if (request.isPresent()) {
                provisioning.adopt(t.workload.key(), check, request.get());
                provisioning.requestChanged(request.get(), engine);
            } else {
                provisioning.quotaReserved(t.workload.key(), t.workload.podSets(), templates(t, t.assignment), check,
                        workloadObjects.get(t.workloadKey), engine, writer);
            }
        }
        return true;
    }

    /** Whether the job runs under an admission Muster made before (its Workload's status says so). */
    private boolean admittedBefore(TrackedJob t) {
        return WorkloadObjects.recordedAdmission(workloadObjects.get(t.workloadKey)).filter(WorkloadObjects.RecordedAdmission::admitted)
                .isPresent();
    }

    /**
     * The admission in force for a job being entered: the one the decider holds (the engine was
     * rebuilt), else the one its Workload object records, taken over with its conditions.
     */
    private Optional<List<PodSetAssignment>> admissionOf(TrackedJob t) {
        if (t.assignment != null && t.clusterQueue != null) {
            return Optional.of(t.assignment.podSets());
        }
        Optional<WorkloadObjects.RecordedAdmission> recorded =
                WorkloadObjects.recordedAdmission(workloadObjects.get(t.workloadKey)).filter(WorkloadObjects.RecordedAdmission::admitted);
        recorded.ifPresent(r -> {
            t.clusterQueue = r.clusterQueue();
            t.admittedAtMillis = r.admittedAtMillis();
            r.conditions().forEach(c -> t.conditions.put(c.type(), c));
        });
        return recorded.map(WorkloadObjects.RecordedAdmission::podSets);
    }

    private List<ObjectKey> apply(List<Decision> decisions, long now) {
        List<ObjectKey> evicted = new ArrayList<>();
        for (Decision d : decisions) {
            TrackedJob t = byWorkload.get(d.workload());
            if (t == null) {
                continue;
            }
            switch (d) {
                case Decision.Admit admit -> admit(t, admit, now);
                case Decision.ReserveQuota reserve -> {
                    metrics.quotaReserved(reserve.clusterQueue(), now - t.workload.createdMillis());
                    t.state = TrackedJob.State.QUOTA_RESERVED;
                    t.clusterQueue = reserve.clusterQueue();
                    t.assignment = reserve.assignment();
                    t.condition("QuotaReserved", true, "QuotaReserved", "Quota reserved in ClusterQueue " + reserve.clusterQueue(), now);
                    t.condition("Admitted", false, "UnsatisfiedChecks", "waiting for admission checks "
                            + String.join(", ", reserve.checks()), now);
                    for (String check : reserve.checks()) {
                        if (provisioning.runs(check)) {
                            provisioning.quotaReserved(t.workload.key(), t.workload.podSets(), templates(t, reserve.assignment()),
                                    check, workloadObjects.get(t.workloadKey), engine, writer);
                        }
                    }
                }
                case Decision.Evict evict -> {
                    evict(t, evict, now);
                    if (!t.releasing) {
                        evicted.add(d.workload());
                    }
                }
                case Decision.Wait wait -> {
                    t.message = wait.reason();
                    if (t.state == TrackedJob.State.PENDING) {
                        t.condition("QuotaReserved", false, "Pending", wait.reason(), now);
                    }
                }
                case Decision.Resize resize -> {
                    t.assignment = resize.to();
                    t.statusChanged = true;
                }
            }
        }
        return evicted;
    }

    /** Each pod set's pod template and admitted count, for the capacity a request asks for. */
    private static List<ProvisioningChecks.PodSetTemplate> templates(TrackedJob t, dev.muster.core.queue.Assignment a) {
        List<ProvisioningChecks.PodSetTemplate> out = new ArrayList<>();
        var paths = t.adapter.podTemplates(t.live);
        for (PodSetAssignment psa : a.podSets()) {
            JsonNode template = paths.stream().filter(p -> p.podSet().equals(psa.name())).findFirst()
                    .map(p -> t.live.at(p.pointer())).orElse(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
            if (template.isMissingNode()) {
                String name = psa.name();
                template = WorkloadObjects.requestsOnly(t.workload.podSets().stream()
                        .filter(ps -> ps.name().equals(name)).findFirst().orElseThrow());
            }
            out.add(new ProvisioningChecks.PodSetTemplate(psa.name(), psa.count(), template));
        }
        return out;
    }

    private void admit(TrackedJob t, Decision.Admit admit, long now) {
        metrics.admitted(admit.clusterQueue(), now - t.workload.createdMillis());
        t.state = TrackedJob.State.ADMITTED;
        t.clusterQueue = admit.clusterQueue();
        t.assignment = admit.assignment();
        t.admittedAtMillis = now;
        t.message = "";
        String msg = "Quota reserved in ClusterQueue " + admit.clusterQueue();
        t.condition("QuotaReserved", true, "QuotaReserved", msg, now);
        t.condition("Admitted", true, "Admitted", "The workload is admitted", now);
        t.conditions.remove("Evicted");
        t.conditions.remove("Preempted");
        // As Kueue: the Workload says it is admitted before its job starts, so that a leader that
        // takes over finds every running job's admission recorded.
        writeStatus(t);
        // A KAI job was never suspended: its pods wait for their nodes, which binding gives them.
        t.startPending = !t.kai && !startJob(t);
        writer.event(t.adapter.kind(), t.key, t.uid(), "Normal", "Admitted",
                (t.kai ? "Admitted by queue " : "Admitted by ClusterQueue ") + admit.clusterQueue()
                        + (t.placedByMuster ? "; its pods go to " + PodsOnNodes.describe(engine.pods(t.workload.key())) : ""));
        scheduling.jobChanged(t, t.id(), engine);
    }

    /** Unsuspends the job with its flavors' node labels and tolerations (and checks' annotations); false if the write failed. */
    private boolean startJob(TrackedJob t) {
        Map<String, Collection<ResourceFlavorSpec>> flavors = new HashMap<>();
        Map<String, ResourceFlavorSpec> byName = new HashMap<>();
        configuration.scenario().flavors().forEach(f -> byName.put(f.name(), f));
        for (PodSetAssignment psa : t.assignment.podSets()) {
            List<ResourceFlavorSpec> specs = new ArrayList<>();
            new java.util.TreeSet<>(psa.flavors().values()).forEach(f -> Optional.ofNullable(byName.get(f)).ifPresent(specs::add));
            flavors.put(psa.name(), specs);
        }
        return t.adapter.start(writer, t.key, t.live, flavors, provisioning.annotations(t.workload.key()));
    }

    /** Writes that failed in an earlier cycle, tried again: the job's suspension, start or stop, its Workload object. */
    private void retryFailedWrites() {
        for (TrackedJob t : jobs.values()) {
            if (t.suspendPending) {
                t.suspendPending = !t.adapter.suspend(writer, t.key, t.live);
            }
            if (t.workloadPending && t.workload != null) {
                t.workloadPending = !writer.ensure(KubeKind.WORKLOAD, WorkloadObjects.workload(t));
            }
            if (t.startPending && t.state == TrackedJob.State.ADMITTED) {
                t.startPending = !startJob(t);
            }
            if (t.stopPending) {
                t.stopPending = !t.adapter.stop(writer, t.key, t.live);
            }
        }
    }

    private void evict(TrackedJob t, Decision.Evict evict, long now) {
        boolean running = t.state == TrackedJob.State.ADMITTED;
        provisioning.released(t.workload.key());
        if (t.clusterQueue != null) {
            metrics.evicted(t.clusterQueue, evict.reason());
        }
        t.startPending = false;
        if (running && t.kai) {
            // KAI evicts a gang by deleting its pods; their controller makes them again, and they wait.
            scheduling.pods(t.id()).forEach(writer::deletePod);
        } else if (running) {
            t.stopPending = !t.adapter.stop(writer, t.key, t.live);
        }
        // As Kueue: the quota of a job whose pods still run is given back once they have stopped.
        t.releasing = running && !t.kai && t.adapter.active(t.live);
        t.state = TrackedJob.State.PENDING;
        scheduling.jobChanged(t, t.id(), engine);
        t.assignment = null;
        t.message = evict.message();
        t.condition("Evicted", true, evict.reason(), evict.message(), now);
        if (evict.reason().equals("Preempted")) {
            t.condition("Preempted", true, evict.detail(), evict.message(), now);
        }
        if (t.releasing) {
            t.condition("QuotaReserved", true, "QuotaReserved", "the quota is given back once the pods of the evicted job"
                    + " have stopped", now);
        } else {
            t.condition("QuotaReserved", false, "Pending", evict.message(), now);
        }
        t.condition("Admitted", false, "NoReservation", evict.message(), now);
        t.conditions.remove("PodsReady");
        writer.event(t.adapter.kind(), t.key, t.uid(), "Warning", evict.reason().equals("Preempted") ? "Preempted" : "Evicted",
                evict.message());
    }

    /** An evicted job's pods have stopped: its quota goes back, and it queues again. */
    private void release(TrackedJob t) {
        t.releasing = false;
        long now = clock.millis();
        if (engine.admission(t.workload.key()).isPresent()) {
            engine.evicted(t.workload.key(), now);
        }
        t.condition("QuotaReserved", false, "Pending", t.message, now);
    }

    /** Writes what changed; returns the admitted workloads per ClusterQueue, counted on the way. */
    private Map<String, Integer> writeStatuses() {
        Map<String, Integer> admittedByQueue = writeQueueStatuses();
        for (TrackedJob t : jobs.values()) {
            if (t.workload == null || !t.statusChanged) {
                continue; // only what changed is rendered: a cycle should not cost one status per job
            }
            writeStatus(t);
        }
        return admittedByQueue;
    }

    /** Writes the job's Workload status if it differs from what was written last. */
    private void writeStatus(TrackedJob t) {
        var status = WorkloadObjects.status(t);
        String text = status.toString();
        if (text.equals(t.writtenStatus) || writer.writeStatus(KubeKind.WORKLOAD, t.workloadKey, status)) {
            t.writtenStatus = text;
            t.statusChanged = false;
        }
    }

    /** ClusterQueue, LocalQueue and KAI Queue statuses, written when they change; returns the admitted per ClusterQueue. */
    private Map<String, Integer> writeQueueStatuses() {
        Map<String, int[]> byClusterQueue = new HashMap<>();
        Map<ObjectKey, int[]> byLocalQueue = new HashMap<>();
        for (TrackedJob t : jobs.values()) {
            if (t.workload == null || t.state == TrackedJob.State.FINISHED || t.state == TrackedJob.State.INVALID) {
                continue;
            }
            int slot = switch (t.state) {
                case ADMITTED -> 2;
                case QUOTA_RESERVED -> 1;
                default -> 0;
            };
            if (slot > 0 && t.clusterQueue != null) {
                byClusterQueue.computeIfAbsent(t.clusterQueue, k -> new int[3])[slot]++;
            }
            if (!t.workload.queueName().isEmpty()) {
                byLocalQueue.computeIfAbsent(new ObjectKey(t.key.namespace(), t.workload.queueName()), k -> new int[3])[slot]++;
            }
        }
        String since = Instant.ofEpochMilli(startedMillis / 1000 * 1000).toString();
        for (var cq : engine.clusterQueues()) {
            if (engine.isKaiQueue(cq.name())) {
                continue;
            }
            int[] c = byClusterQueue.getOrDefault(cq.name(), new int[3]);
            // Kueue counts an admitted workload as reserving quota as well.
            writeIfChanged(KubeKind.CLUSTER_QUEUE, new ObjectKey("", cq.name()),
                    QueueStatuses.clusterQueue(cq, engine, new QueueStatuses.Counts(0, c[1] + c[2], c[2]), since));
        }
        for (var lq : configuration.scenario().localQueues()) {
            int[] c = byLocalQueue.getOrDefault(lq.key(), new int[3]);
            writeIfChanged(KubeKind.LOCAL_QUEUE, lq.key(), QueueStatuses.localQueue(
                    new QueueStatuses.Counts(c[0], c[1] + c[2], c[2]), engine.clusterQueue(lq.clusterQueue()).isPresent(), since));
        }
        for (String kai : engine.kaiQueues()) {
            writeIfChanged(KubeKind.KAI_QUEUE, new ObjectKey("", kai), QueueStatuses.kaiQueue(kai, engine));
        }
        Map<String, Integer> admitted = new HashMap<>();
        byClusterQueue.forEach((cq, c) -> admitted.put(cq, c[2]));
        return admitted;
    }

    private void writeIfChanged(KubeKind kind, ObjectKey key, com.fasterxml.jackson.databind.node.ObjectNode status) {
        String id = kind.kind() + "/" + key;
        String text = status.toString();
        if (!text.equals(writtenQueueStatus.get(id)) && writer.writeStatus(kind, key, status)) {
            writtenQueueStatus.put(id, text);
        }
    }

    /**
     * What the decider holds for a job (NEW, INVALID, PENDING, QUOTA_RESERVED, ADMITTED, FINISHED),
     * for diagnostics and tests: asked on the decider's thread, after what was posted before; empty
     * when the job is unknown or the decider does not answer within a second.
     */
    public Optional<String> stateOf(String kind, ObjectKey job) {
        java.util.concurrent.CompletableFuture<Optional<String>> answer = new java.util.concurrent.CompletableFuture<>();
        inbox.add(() -> answer.complete(Optional.ofNullable(jobs.get(List.of(kind, job))).map(t -> t.state.name())));
        try {
            return answer.get(1, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return Optional.empty();
        }
    }

    /**
     * Runs an action on the decider's thread before its next cycle: a test that drives a virtual
     * clock holds the decider with it while the changes of one moment arrive, as they would together.
     */
    public void beforeNextCycle(Runnable action) {
        inbox.add(action);
    }

    /**
     * When the engine next wants to be woken (a backoff or a pods-ready timeout ends), asked on the
     * decider's thread like {@link #stateOf}: for tests that drive a virtual clock.
     */
    public java.util.OptionalLong nextWakeupMillis() {
        var answer = new java.util.concurrent.CompletableFuture<java.util.OptionalLong>();
        inbox.add(() -> answer.complete(engine == null ? java.util.OptionalLong.empty() : engine.nextWakeupMillis()));
        try {
            return answer.get(1, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return java.util.OptionalLong.empty();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return java.util.OptionalLong.empty();
        }
    }

    private static String id(JsonNode o) {
        return o.path("kind").asText() + "/" + key(o);
    }

    private static ObjectKey key(JsonNode o) {
        return new ObjectKey(o.path("metadata").path("namespace").asText(""), o.path("metadata").path("name").asText());
    }

    private static long createdMillis(JsonNode o) {
        return WorkloadObjects.millis(o.path("metadata").path("creationTimestamp").asText(""));
    }
}
