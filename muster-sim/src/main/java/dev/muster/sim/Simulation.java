package dev.muster.sim;

import dev.muster.api.scenario.EngineSettings;
import dev.muster.api.cluster.ClusterCapacity;
import dev.muster.api.cluster.ClusterNodes;
import dev.muster.api.scenario.DeclaredObject;
import dev.muster.api.scenario.KueueQueueing;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.NodeSpec;
import dev.muster.sim.autoscaler.NodePoolAutoscaler;
import dev.muster.sim.cluster.CheckControllers;
import dev.muster.sim.provisioning.ProvisioningCheckController;
import dev.muster.sim.cluster.JobStandIn;
import dev.muster.core.model.CheckState;
import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The embedded virtual cluster: replays a scenario in virtual time against the engine. Workloads
 * arrive, the engine decides, the stand-ins for KubeRay and the other job controllers react, and
 * runs end after their duration. Nothing here decides policy; it carries decisions out.
 */
public final class Simulation {

    private final Scenario scenario;
    private final SimulationOptions options;
    private final Engine engine;
    private final List<SimWorkload> workloads = new ArrayList<>();
    private final Map<ObjectKey, SimWorkload> byEngineKey = new HashMap<>();
    private final EventQueue events = new EventQueue();
    private final Timeline timeline = new Timeline();
    private final CheckControllers checks;
    private final NodePoolAutoscaler autoscaler;
    private final ProvisioningCheckController provisioning;
    private final java.util.Set<Long> wakeups = new java.util.HashSet<>();
    private final SimulationListener listener;
    private long now;

    public Simulation(Scenario scenario, SimulationOptions options) {
        this(scenario, options, SimulationListener.NONE);
    }

    /** @param listener told of every admission, eviction and finish as it happens */
    public Simulation(Scenario scenario, SimulationOptions options, SimulationListener listener) {
        this.scenario = scenario;
        this.listener = listener;
        this.options = options;
        List<NodeSpec> nodes = ClusterNodes.of(scenario);
        this.engine = new Engine(scenario.clusterQueues(), scenario.cohorts(), scenario.localQueues(),
                scenario.namespaces(), scenario.kaiQueues(), ClusterCapacity.of(nodes), nodes,
                scenario.flavors(), EngineSettings.from(scenario));
        this.checks = new CheckControllers(scenario.otherObjects("AdmissionCheck"));
        VirtualTime time = new VirtualTime() {
            @Override
            public long nowMillis() {
                return now;
            }

            @Override
            public void at(long atMillis, Runnable action) {
                events.schedule(Math.max(atMillis, now), new EventQueue.Timer(action));
            }
        };
        this.autoscaler = new NodePoolAutoscaler(scenario.otherObjects("NodePool"), engine, timeline, time);
        if (autoscaler.hasPools()) {
            engine.placeOnNodes(); // the pools' nodes are the cluster's, even before the first one is Ready
        }
        this.provisioning = new ProvisioningCheckController(scenario.otherObjects("AdmissionCheck"),
                scenario.otherObjects("ProvisioningRequestConfig"), engine, autoscaler, timeline, time,
                this::provisioningMessage);
        long sequence = 0;
        java.util.Set<ObjectKey> collisions = collidingNames(scenario.workloads());
        for (WorkloadSource source : scenario.workloads()) {
            Workload wl = new Workload(engineKey(source, collisions), localQueueOf(source, scenario), source.priority(),
                    source.arrivalMillis(), sequence++, source.podSets());
            SimWorkload sw = new SimWorkload(source, wl, !wl.queueName().isEmpty() && !inKaiQueue(source));
            workloads.add(sw);
            byEngineKey.put(wl.key(), sw);
        }
    }

    /**
     * The LocalQueue a workload is submitted to (its KAI queue when it names one and no LocalQueue):
     * Kueue's rules, shared with {@code muster run} ({@link KueueQueueing}); empty when Kueue would
     * not manage it.
     */
    private static String localQueueOf(WorkloadSource source, Scenario scenario) {
        if (inKaiQueue(source)) {
            return source.kaiQueue().get();
        }
        return KueueQueueing.localQueue(source.localQueue(), false, source.kind(), source.key().namespace(),
                scenario).orElse("");
    }

    /** A workload that names a KAI queue and no Kueue LocalQueue is scheduled in KAI's terms. */
    private static boolean inKaiQueue(WorkloadSource source) {
        return source.localQueue().isEmpty() && source.kaiQueue().isPresent();
    }

    /** Runs the scenario to its end and returns the report. */
    public static Report run(Scenario scenario, SimulationOptions options) {
        return new Simulation(scenario, options).run();
    }

    /**
     * The engine knows a workload by namespace and name, which is what its messages show. Objects
     * of different kinds may share a name (a RayJob and a Job "train"); those get their kind as a
     * prefix, as Kueue names the Workload of a job ({@code rayjob-train}).
     */
    private static ObjectKey engineKey(WorkloadSource source, java.util.Set<ObjectKey> collisions) {
        if (!collisions.contains(source.key())) {
            return source.key();
        }
        return new ObjectKey(source.key().namespace(),
                source.kind().toLowerCase(java.util.Locale.ROOT) + "-" + source.key().name());
    }

    private static java.util.Set<ObjectKey> collidingNames(List<WorkloadSource> sources) {
        java.util.Set<ObjectKey> seen = new java.util.HashSet<>();
        java.util.Set<ObjectKey> colliding = new java.util.HashSet<>();
        for (WorkloadSource s : sources) {
            if (!seen.add(s.key())) {
                colliding.add(s.key());
            }
        }
        return colliding;
    }

    public Report run() {
        autoscaler.start();
        for (int i = 0; i < workloads.size(); i++) {
            events.schedule(workloads.get(i).source.arrivalMillis(), new EventQueue.Arrival(i));
        }
        long until = options.untilMillis().orElse(Long.MAX_VALUE);
        scheduleUntilSettled();
        while (!events.isEmpty() && events.nextTime() <= until) {
            now = events.nextTime();
            while (!events.isEmpty() && events.nextTime() == now) {
                handle(events.poll());
            }
            scheduleUntilSettled();
        }
        // Nothing left to happen: the run ended with the last thing that did happen (stale events of
        // an earlier admission, or a wakeup that changed nothing, do not count).
        long end = events.isEmpty() ? timeline.lastMillis() : until;
        return new ReportBuilder(engine, timeline).build(end, workloads, scenario, autoscaler.report(),
                provisioning.report());
    }

    /** The provisioning check controller says why a workload holding quota still waits. */
    private void provisioningMessage(ObjectKey key, String message) {
        SimWorkload sw = byEngineKey.get(key);
        if (sw != null && sw.state == WorkloadState.QuotaReserved) {
            sw.message = "quota reserved in ClusterQueue " + sw.clusterQueue + "; " + message;
        }
    }

    private void handle(EventQueue.SimEvent event) {
        switch (event) {
            case EventQueue.Arrival a -> arrive(workloads.get(a.workload()));
            case EventQueue.PodsReady r -> podsReady(workloads.get(r.workload()), r.admission());
            case EventQueue.Completion c -> complete(workloads.get(c.workload()), c.admission());
            case EventQueue.CheckOutcome o -> checkAnswered(workloads.get(o.workload()), o);
            case EventQueue.Wakeup w -> wakeups.remove(now);
            case EventQueue.PodsFail f -> podsFail(workloads.get(f.workload()), f);
            case EventQueue.Timer t -> t.action().run();
        }
    }

    private void arrive(SimWorkload sw) {
        sw.arrived = true;
        record(sw, sw.standIn.created());
        if (inKaiQueue(sw.source)) {
            engine.submitToKaiQueue(sw.workload);
            return;
        }
        if (!sw.workload.queueName().isEmpty()) {
            engine.submit(sw.workload);
            return;
        }
        sw.message = "not managed by any queue: add the label kai.scheduler/queue (KAI) or"
                + " kueue.x-k8s.io/queue-name (Kueue) naming the queue it belongs to; it stays Pending until then";
        timeline.add(now, sw.objectRef(), "Warning", "QueueLabelMissing", sw.message);
    }

    private void complete(SimWorkload sw, int admission) {
        if (sw.admissions != admission || sw.state != WorkloadState.Admitted) {
            return;
        }
        sw.state = WorkloadState.Finished;
        sw.finishedAtMillis = now;
        sw.pods = List.of();
        sw.message = "finished after running " + Timeline.duration(sw.source.durationMillis().orElse(0L));
        engine.remove(sw.workload.key());
        provisioning.released(sw.workload.key());
        record(sw, sw.standIn.finished());
        listener.finished(sw.source, now);
    }

    /** Far more than any policy evicts one workload in a run; only a preemption loop gets there. */
    static final int MAX_EVICTIONS_PER_WORKLOAD = 1000;

    /**
     * Runs scheduling cycles at the current time until no eviction is outstanding. In the virtual
     * cluster an evicted workload's pods are gone at once, so a preemptor is admitted at the same
     * instant its victims stop; the bound guards against a policy that evicts forever.
     */
    private void scheduleUntilSettled() {
        for (int round = 0; round < 100; round++) {
            List<ObjectKey> evicted = applyAll(engine.schedule(now));
            if (evicted.isEmpty() && engine.checksChanged()) {
                continue; // a check answered while the decisions were carried out: they act now
            }
            if (evicted.isEmpty()) {
                engine.nextWakeupMillis().ifPresent(at -> {
                    if (at > now && wakeups.add(at)) {
                        events.schedule(at, new EventQueue.Wakeup());
                    }
                });
                autoscaler.reconcile();
                return;
            }
            evicted.forEach(key -> engine.evicted(key, now));
        }
        throw new IllegalStateException("evictions did not settle at " + Timeline.duration(now));
    }

    private List<ObjectKey> applyAll(List<Decision> decisions) {
        List<ObjectKey> evicted = new ArrayList<>();
        for (Decision d : decisions) {
            SimWorkload sw = byEngineKey.get(d.workload());
            switch (d) {
                case Decision.Admit admit -> admit(sw, admit);
                case Decision.ReserveQuota reserve -> reserve(sw, reserve);
                case Decision.Resize resize -> {
                    sw.pods = engine.pods(sw.workload.key());
                    boolean down = resize.to().podSets().stream().mapToInt(p -> p.count()).sum()
                            < sw.assignment.podSets().stream().mapToInt(p -> p.count()).sum();
                    sw.assignment = resize.to();
                    timeline.add(now, sw.objectRef(), down ? "Warning" : "Normal", down ? "ScaledDown" : "ScaledUp",
                            (down ? "scaled down to " : "scaled up to ") + Timeline.describe(resize.to()) + ": " + resize.message());
                }
                case Decision.Evict evict -> {
                    evict(sw, evict);
                    evicted.add(d.workload());
                }
                case Decision.Wait wait -> {
                    sw.message = wait.reason();
                    // A workload holding quota whose checks passed may still wait for room on the nodes.
                    timeline.add(now, sw.objectRef(), "Normal",
                            sw.state == WorkloadState.QuotaReserved ? "WaitingForNodes" : "Pending", wait.reason());
                }
            }
        }
        return evicted;
    }

    private void evict(SimWorkload sw, Decision.Evict evict) {
        boolean podsStarted = sw.state == WorkloadState.Admitted;
        provisioning.released(sw.workload.key());
        sw.pods = List.of();
        sw.state = WorkloadState.Pending;
        sw.admittedAtMillis = null;
        sw.evictions.add(new Report.Eviction(now / 1000.0, evict.reason(), evict.detail()));
        listener.evicted(sw.source, now, evict);
        if (sw.evictions.size() > MAX_EVICTIONS_PER_WORKLOAD) {
            // A safety net, not a rule of Kueue or KAI: workloads that keep preempting each other
            // would otherwise run the virtual clock on forever (one pass a millisecond) until the
            // heap is gone. Stop loudly, naming the workload and the last eviction.
            throw new IllegalStateException("safety net: " + sw.workload.key() + " was evicted "
                    + sw.evictions.size() + " times by " + Timeline.duration(now) + " (last: " + evict.reason()
                    + (evict.detail().isEmpty() ? "" : " " + evict.detail()) + ": " + evict.message()
                    + "); admissions and preemptions do not settle, so the simulation stops. This is a defect of"
                    + " the policy engine; please report it with the scenario");
        }
        sw.message = evict.message();
        timeline.add(now, sw.objectRef(), "Warning", "Evicted",
                evict.reason() + (evict.detail().isEmpty() ? "" : " (" + evict.detail() + ")") + ": " + evict.message());
        if (podsStarted) {
            record(sw, sw.standIn.evicted());
        }
    }

    private void reserve(SimWorkload sw, Decision.ReserveQuota reserve) {
        holdQuota(sw, reserve.clusterQueue(), reserve.assignment());
        sw.state = WorkloadState.QuotaReserved;
        sw.message = "quota reserved in ClusterQueue " + reserve.clusterQueue() + "; waiting for admission checks "
                + String.join(", ", reserve.checks());
        timeline.add(now, sw.objectRef(), "Normal", "QuotaReserved",
                "quota reserved in ClusterQueue " + reserve.clusterQueue() + ": " + Timeline.describe(reserve.assignment())
                        + "; admission checks " + String.join(", ", reserve.checks()) + " must pass first");
        int index = workloads.indexOf(sw);
        for (String check : reserve.checks()) {
            if (provisioning.runs(check)) {
                provisioning.quotaReserved(new ProvisioningCheckController.Reservation(sw.workload.key(),
                        sw.source.kind(), sw.source.key(), sw.objectRef()), check);
                continue;
            }
            checks.answer(sw.workload.key().toString(), check).ifPresentOrElse(
                    answer -> events.schedule(now + answer.delayMillis(),
                            new EventQueue.CheckOutcome(index, sw.admissions, check, answer.state())),
                    () -> sw.message += "; " + checks.unanswered(check));
        }
    }

    private void holdQuota(SimWorkload sw, String clusterQueue, dev.muster.core.queue.Assignment assignment) {
        sw.clusterQueue = clusterQueue;
        sw.assignment = assignment;
        sw.admissions++;
        sw.podsReadyAtMillis = null;
    }

    private void checkAnswered(SimWorkload sw, EventQueue.CheckOutcome outcome) {
        if (sw.admissions != outcome.admission() || sw.state != WorkloadState.QuotaReserved) {
            return;
        }
        CheckState state = CheckState.valueOf(outcome.state().toUpperCase(java.util.Locale.ROOT));
        timeline.add(now, sw.objectRef(), state == CheckState.READY ? "Normal" : "Warning", "AdmissionCheck",
                "admission check " + outcome.check() + ": " + outcome.state());
        engine.updateCheck(sw.workload.key(), outcome.check(), state, "", checks.retryDelayMillis(outcome.check()));
    }

    private void admit(SimWorkload sw, Decision.Admit admit) {
        if (sw.state != WorkloadState.QuotaReserved) {
            holdQuota(sw, admit.clusterQueue(), admit.assignment());
        }
        sw.state = WorkloadState.Admitted;
        sw.admittedAtMillis = now;
        sw.pods = admit.pods();
        listener.admitted(sw.source, now, admit);
        String by = (inKaiQueue(sw.source) ? "queue " : "ClusterQueue ") + admit.clusterQueue();
        sw.message = "admitted by " + by;
        timeline.add(now, sw.objectRef(), "Normal", "Admitted",
                "admitted by " + by + ": " + Timeline.describe(admit.assignment()));
        if (!sw.pods.isEmpty()) {
            timeline.add(now, sw.objectRef(), "Normal", "Scheduled", PodList.describe(sw.source.key().name(), sw.pods));
        }
        record(sw, sw.standIn.admitted());
        int index = workloads.indexOf(sw);
        long readyAfter = sw.source.podsReadyAfterMillis();
        if (readyAfter == 0) {
            podsReady(sw, sw.admissions);
        } else {
            events.schedule(now + readyAfter, new EventQueue.PodsReady(index, sw.admissions));
        }
    }

    private void podsReady(SimWorkload sw, int admission) {
        if (sw.admissions != admission || sw.state != WorkloadState.Admitted) {
            return;
        }
        sw.podsReadyAtMillis = now;
        engine.podsReady(sw.workload.key());
        if (sw.source.podsReadyAfterMillis() > 0) {
            timeline.add(now, sw.objectRef(), "Normal", "PodsReady", "all admitted pods are running");
        }
        sw.source.durationMillis().ifPresent(d ->
                events.schedule(now + d, new EventQueue.Completion(workloads.indexOf(sw), sw.admissions)));
        if (sw.admissions == 1) {
            // Failures are moments in the workload's life: they strike once, counted from when it first runs.
            for (dev.muster.api.scenario.PodFailure f : sw.source.podFailures()) {
                events.schedule(now + f.afterMillis(),
                        new EventQueue.PodsFail(workloads.indexOf(sw), sw.admissions, f.podSet(), f.count()));
            }
        }
    }

    private void podsFail(SimWorkload sw, EventQueue.PodsFail f) {
        if (sw.admissions != f.admission() || sw.state != WorkloadState.Admitted) {
            return;
        }
        timeline.add(now, sw.objectRef(), "Warning", "PodsFailed",
                f.count() + (f.count() == 1 ? " pod" : " pods") + " of pod set " + f.podSet()
                        + (f.count() == 1 ? " failed and is" : " failed and are") + " not replaced");
        engine.podsFailed(sw.workload.key(), f.count(), now);
    }

    private void record(SimWorkload sw, List<JobStandIn.StatusChange> changes) {
        for (JobStandIn.StatusChange c : changes) {
            timeline.add(now, sw.objectRef(), "Normal", c.reason(), c.message());
        }
    }
}
