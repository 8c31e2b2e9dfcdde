package dev.muster.sim;

import dev.muster.api.scenario.EngineSettings;
import dev.muster.api.cluster.ClusterCapacity;
import dev.muster.api.cluster.ClusterNodes;
import dev.muster.api.scenario.DeclaredObject;
import dev.muster.api.scenario.QueueRoute;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.SimulatedRun;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.engine.Settling;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.QueueRef;
import dev.muster.core.model.Workload;
import dev.muster.core.placement.NodeSpec;
import dev.muster.sim.autoscaler.AutoscaledCluster;
import dev.muster.sim.autoscaler.NodePoolAutoscaler;
import dev.muster.sim.cluster.CheckControllers;
import dev.muster.sim.progress.ProgressSnapshot;
import dev.muster.sim.progress.ProgressThrottle;
import dev.muster.sim.progress.SimulationProgress;
import dev.muster.sim.provisioning.ProvisioningCheckController;
import dev.muster.sim.cluster.JobStandIn;
import dev.muster.core.model.CheckState;
import dev.muster.sim.report.Report;
import dev.muster.core.status.WorkloadStatus.Phase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
    private final QueuePeaks peaks = new QueuePeaks();
    private final CheckControllers checks;
    private final NodePoolAutoscaler autoscaler;
    private final ProvisioningCheckController provisioning;
    private final java.util.Set<Long> wakeups = new java.util.HashSet<>();
    private final SimulationListener listener;
    private SimulationProgress progress = SimulationProgress.NONE;
    /** Null when no progress is asked: the event loop then pays one null check per instant. */
    private ProgressThrottle progressThrottle;
    private long now;
    private dev.muster.core.forecast.Forecast forecast;
    /** Null unless the options ask for series. */
    private final dev.muster.sim.series.SeriesRecorder series;
    private dev.muster.sim.series.RunSeries seriesOfRun;
    private dev.muster.core.view.ClusterView viewAtEnd;

    public Simulation(Scenario scenario, SimulationOptions options) {
        this(scenario, options, SimulationListener.NONE);
    }

    /** @param listener told of every admission, eviction and finish as it happens */
    public Simulation(Scenario scenario, SimulationOptions options, SimulationListener listener) {
        this.scenario = scenario;
        this.listener = listener;
        this.options = options;
        List<NodeSpec> nodes = ClusterNodes.of(scenario);
        this.engine = new Engine(EngineSetup.kueue(scenario.clusterQueues(), scenario.cohorts(), scenario.localQueues(),
                scenario.namespaces(), EngineSettings.from(scenario))
                .withKai(scenario.kaiQueues(), ClusterCapacity.of(nodes))
                .withNodes(nodes, scenario.flavors()));
        this.checks = new CheckControllers(scenario.admissionChecks());
        this.series = options.series() ? new dev.muster.sim.series.SeriesRecorder(engine) : null;
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
        this.autoscaler = new NodePoolAutoscaler(scenario.nodePools(), AutoscaledCluster.of(engine), timeline, time);
        if (autoscaler.hasPools()) {
            engine.placeOnNodes(); // the pools' nodes are the cluster's, even before the first one is Ready
        }
        this.provisioning = new ProvisioningCheckController(scenario.provisioningChecks(), engine, autoscaler,
                timeline, time, this::provisioningMessage);
        long sequence = 0;
        java.util.Set<ObjectKey> collisions = collidingNames(scenario.workloads());
        for (WorkloadSource source : scenario.workloads()) {
            SimulatedRun run = scenario.run(source);
            Workload wl = new Workload(engineKey(source, collisions), localQueueOf(source, scenario), source.priority(),
                    run.arrivalMillis(), sequence++, source.podSets());
            SimWorkload sw = new SimWorkload(workloads.size(), source, run, wl,
                    !wl.queueName().isEmpty() && !inKaiQueue(source), inKaiQueue(source));
            workloads.add(sw);
            byEngineKey.put(wl.key(), sw);
        }
    }

    /**
     * The queue a workload is submitted to (its KAI queue when it names one and no LocalQueue):
     * routed as {@code muster run} routes it ({@link QueueRoute}); empty when no queue manages it.
     */
    private static String localQueueOf(WorkloadSource source, Scenario scenario) {
        return QueueRoute.of(source, scenario).queueName();
    }

    /** A workload that names a KAI queue and no Kueue LocalQueue is scheduled in KAI's terms. */
    private static boolean inKaiQueue(WorkloadSource source) {
        return QueueRoute.named(source.localQueue(), source.kaiQueue()) instanceof QueueRoute.Kai;
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

    /**
     * Tells {@code progress} where the run is whenever {@code throttle} says an update is due (it is
     * asked once per instant of virtual time, before the next instant, with the last one's scheduling
     * done), and once at the end.
     */
    public Simulation reportingProgress(SimulationProgress progress, ProgressThrottle throttle) {
        this.progress = progress;
        this.progressThrottle = progress == SimulationProgress.NONE ? null : throttle;
        return this;
    }

    /** Counts the workloads by state: a pass over them, made only when progress is told (a few times a second). */
    private ProgressSnapshot progressAt(long virtualMillis) {
        int arrived = 0;
        int finished = 0;
        int admitted = 0;
        for (SimWorkload sw : workloads) {
            if (!sw.arrived) {
                continue;
            }
            arrived++;
            switch (sw.status.phase()) {
                case FINISHED -> finished++;
                case ADMITTED -> admitted++;
                case PENDING, QUOTA_RESERVED -> { }
            }
        }
        return new ProgressSnapshot(virtualMillis, workloads.size(), arrived, finished, admitted,
                arrived - finished - admitted);
    }

    public Report run() {
        autoscaler.start();
        for (int i = 0; i < workloads.size(); i++) {
            events.schedule(workloads.get(i).run.arrivalMillis(), new EventQueue.Arrival(i));
        }
        long until = options.untilMillis().orElse(Long.MAX_VALUE);
        scheduleUntilSettled();
        sampleSeries();
        while (!events.isEmpty() && events.nextTime() <= until) {
            if (progressThrottle != null && progressThrottle.due()) {
                progress.update(progressAt(now)); // the instant before, settled
            }
            now = events.nextTime();
            while (!events.isEmpty() && events.nextTime() == now) {
                handle(events.poll());
            }
            scheduleUntilSettled();
            sampleSeries();
        }
        // Nothing left to happen: the run ended with the last thing that did happen (stale events of
        // an earlier admission, or a wakeup that changed nothing, do not count).
        long end = events.isEmpty() ? timeline.lastMillis() : until;
        seriesOfRun = series == null ? null : series.series(); // before a forecast uses the engine up
        viewAtEnd = series == null ? null : dev.muster.core.view.ClusterViews.of(engine, end);
        Report report = new ReportBuilder(engine, timeline, peaks).build(end, workloads, scenario, autoscaler.report(),
                provisioning.report());
        if (!events.isEmpty()) {
            // Stopped before its end: what waits then is forecast (this uses the engine up).
            forecast = PendingForecast.of(engine, end, workloads, scenario.musterSettings().runtimeQuantile());
            Map<String, ObjectKey> engineKeys = new HashMap<>();
            workloads.forEach(w -> engineKeys.put(reportKey(w.source.kind(), w.source.key()), w.workload.key()));
            report = ReportBuilder.withForecast(report, forecast,
                    w -> engineKeys.get(reportKey(w.kind(), new ObjectKey(w.namespace(), w.name()))));
        }
        if (progressThrottle != null) {
            progress.done(progressAt(end));
        }
        return report;
    }

    private void sampleSeries() {
        if (series != null) {
            series.sample(now);
        }
    }

    /**
     * The queues, waiting workloads and GPUs as the run ended (what the dashboard shows); empty
     * unless the options asked for series ({@link SimulationOptions#series()}).
     */
    public java.util.Optional<dev.muster.core.view.ClusterView> viewAtEnd() {
        return java.util.Optional.ofNullable(viewAtEnd);
    }

    /** The run over time, for charts; empty unless the options asked for it ({@link SimulationOptions#series()}). */
    public java.util.Optional<dev.muster.sim.series.RunSeries> series() {
        return java.util.Optional.ofNullable(seriesOfRun);
    }

    private static String reportKey(String kind, ObjectKey key) {
        return kind + "/" + key;
    }

    /**
     * When each workload that waited as the run stopped is expected to be admitted; empty when the
     * run was not stopped before its end ({@code --until}), or has not run yet.
     */
    public java.util.Optional<dev.muster.core.forecast.Forecast> forecast() {
        return java.util.Optional.ofNullable(forecast);
    }

    /** The provisioning check controller says why a workload holding quota still waits. */
    private void provisioningMessage(ObjectKey key, String message) {
        SimWorkload sw = byEngineKey.get(key);
        if (sw != null && sw.is(Phase.QUOTA_RESERVED)) {
            sw.status.say("quota reserved in ClusterQueue " + sw.status.clusterQueue() + "; " + message);
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
        sw.createdAtMillis = now;
        record(sw, sw.standIn.created());
        if (!sw.workload.queueName().isEmpty()) {
            engine.expectRuntime(sw.workload.key(), sw.source.runtimeHints());
            engine.submit(sw.workload, QueueRef.of(sw.workload, inKaiQueue(sw.source)));
            return;
        }
        sw.status.say("not managed by any queue: add the label kai.scheduler/queue (KAI) or"
                + " kueue.x-k8s.io/queue-name (Kueue) naming the queue it belongs to; it stays Pending until then");
        timeline.add(now, sw.objectRef(), "Warning", "QueueLabelMissing", sw.status.message());
    }

    private void complete(SimWorkload sw, int admission) {
        if (sw.status.reservations() != admission || !sw.is(Phase.ADMITTED)) {
            return;
        }
        sw.pods = List.of();
        sw.status.finished(now, "finished after running " + Timeline.duration(sw.run.durationMillis().orElse(0L)));
        engine.remove(sw.workload.key());
        provisioning.released(sw.workload.key());
        record(sw, sw.standIn.finished());
        listener.finished(sw.source, now);
    }

    /**
     * Runs scheduling cycles at the current time until no eviction is outstanding ({@link Settling});
     * in the virtual cluster an evicted workload's pods are gone at once. Then the engine's next
     * wakeup is planned and the autoscaler looks at what waits.
     */
    private void scheduleUntilSettled() {
        Settling.settle(engine, now, this::applyAll);
        engine.nextWakeupMillis().ifPresent(at -> {
            if (at > now && wakeups.add(at)) {
                events.schedule(at, new EventQueue.Wakeup());
            }
        });
        autoscaler.reconcile();
    }

    private List<ObjectKey> applyAll(List<Decision> decisions) {
        List<ObjectKey> evicted = new ArrayList<>();
        Set<String> grew = new TreeSet<>(); // queues whose usage grew in this batch
        for (Decision d : decisions) {
            SimWorkload sw = byEngineKey.get(d.workload());
            switch (d) {
                case Decision.Admit admit -> {
                    admit(sw, admit);
                    grew.add(admit.clusterQueue());
                }
                case Decision.ReserveQuota reserve -> {
                    reserve(sw, reserve);
                    grew.add(reserve.clusterQueue());
                }
                case Decision.Resize resize -> {
                    grew.add(sw.status.clusterQueue());
                    sw.pods = engine.pods(sw.workload.key());
                    boolean down = resize.to().podSets().stream().mapToInt(p -> p.count()).sum()
                            < sw.status.assignment().podSets().stream().mapToInt(p -> p.count()).sum();
                    sw.status.apply(resize, now);
                    timeline.add(now, sw.objectRef(), down ? "Warning" : "Normal", down ? "ScaledDown" : "ScaledUp",
                            (down ? "scaled down to " : "scaled up to ") + Timeline.describe(resize.to()) + ": " + resize.message());
                    listener.resized(sw.source, now, resize, sw.pods);
                }
                case Decision.Evict evict -> {
                    evict(sw, evict);
                    evicted.add(d.workload());
                }
                case Decision.Wait wait -> {
                    sw.status.apply(wait, now);
                    // A workload holding quota whose checks passed may still wait for room on the nodes.
                    timeline.add(now, sw.objectRef(), "Normal",
                            sw.is(Phase.QUOTA_RESERVED) ? "WaitingForNodes" : "Pending", wait.reason());
                }
            }
        }
        samplePeaks(grew);
        return evicted;
    }

    /** Queues whose usage grew: their peaks, and for KAI queues their parents' (whose usage grew with them). */
    private void samplePeaks(Set<String> grew) {
        boolean kai = false;
        for (String q : grew) {
            if (engine.isKaiQueue(q)) {
                kai = true;
            } else {
                peaks.sample(q, engine.usage(q));
            }
        }
        if (kai) {
            for (String q : engine.kaiQueues()) {
                peaks.sample(q, engine.usageOfNode(q));
            }
        }
    }

    private void evict(SimWorkload sw, Decision.Evict evict) {
        boolean podsStarted = sw.is(Phase.ADMITTED);
        provisioning.released(sw.workload.key());
        sw.pods = List.of();
        sw.status.apply(evict, now);
        listener.evicted(sw.source, now, evict);
        timeline.add(now, sw.objectRef(), "Warning", "Evicted",
                evict.reason().kueueReason() + (evict.detail().isEmpty() ? "" : " (" + evict.detail() + ")") + ": " + evict.message());
        if (podsStarted) {
            record(sw, sw.standIn.evicted());
        }
    }

    private void reserve(SimWorkload sw, Decision.ReserveQuota reserve) {
        sw.status.apply(reserve, now);
        sw.podsReadyAtMillis = null;
        timeline.add(now, sw.objectRef(), "Normal", "QuotaReserved",
                "quota reserved in ClusterQueue " + reserve.clusterQueue() + ": " + Timeline.describe(reserve.assignment())
                        + "; admission checks " + String.join(", ", reserve.checks()) + " must pass first");
        for (String check : reserve.checks()) {
            if (provisioning.runs(check)) {
                provisioning.quotaReserved(new ProvisioningCheckController.Reservation(sw.workload.key(),
                        sw.source.kind(), sw.source.key(), sw.objectRef()), check);
                continue;
            }
            checks.answer(sw.workload.key().toString(), check).ifPresentOrElse(
                    answer -> events.schedule(now + answer.delayMillis(),
                            new EventQueue.CheckOutcome(sw.index, sw.status.reservations(), check, answer.state())),
                    () -> sw.status.say(sw.status.message() + "; " + checks.unanswered(check)));
        }
    }

    private void checkAnswered(SimWorkload sw, EventQueue.CheckOutcome outcome) {
        if (sw.status.reservations() != outcome.admission() || !sw.is(Phase.QUOTA_RESERVED)) {
            return;
        }
        CheckState state = CheckState.valueOf(outcome.state().toUpperCase(java.util.Locale.ROOT));
        timeline.add(now, sw.objectRef(), state == CheckState.READY ? "Normal" : "Warning", "AdmissionCheck",
                "admission check " + outcome.check() + ": " + outcome.state());
        engine.updateCheck(sw.workload.key(), outcome.check(), state, "", checks.retryDelayMillis(outcome.check()));
    }

    private void admit(SimWorkload sw, Decision.Admit admit) {
        if (!sw.is(Phase.QUOTA_RESERVED)) {
            sw.podsReadyAtMillis = null;
        }
        sw.status.apply(admit, now);
        sw.pods = admit.pods();
        listener.admitted(sw.source, now, admit);
        String by = (inKaiQueue(sw.source) ? "queue " : "ClusterQueue ") + admit.clusterQueue();
        timeline.add(now, sw.objectRef(), "Normal", "Admitted",
                "admitted by " + by + ": " + Timeline.describe(admit.assignment())
                        + (admit.note().isEmpty() ? "" : "; " + admit.note()));
        if (!sw.pods.isEmpty()) {
            timeline.add(now, sw.objectRef(), "Normal", "Scheduled", PodList.describe(sw.source.key().name(), sw.pods));
        }
        record(sw, sw.standIn.admitted());
        long readyAfter = sw.run.podsReadyAfterMillis();
        if (readyAfter == 0) {
            podsReady(sw, sw.status.reservations());
        } else {
            events.schedule(now + readyAfter, new EventQueue.PodsReady(sw.index, sw.status.reservations()));
        }
    }

    private void podsReady(SimWorkload sw, int admission) {
        if (sw.status.reservations() != admission || !sw.is(Phase.ADMITTED)) {
            return;
        }
        sw.podsReadyAtMillis = now;
        engine.podsReady(sw.workload.key());
        sw.status.podsReady(now);
        if (sw.run.podsReadyAfterMillis() > 0) {
            timeline.add(now, sw.objectRef(), "Normal", "PodsReady", "all admitted pods are running");
        }
        sw.run.durationMillis().ifPresent(d ->
                events.schedule(now + d, new EventQueue.Completion(sw.index, sw.status.reservations())));
        if (sw.status.reservations() == 1) {
            // Failures are moments in the workload's life: they strike once, counted from when it first runs.
            for (dev.muster.api.scenario.PodFailure f : sw.run.podFailures()) {
                events.schedule(now + f.afterMillis(),
                        new EventQueue.PodsFail(sw.index, sw.status.reservations(), f.podSet(), f.count()));
            }
        }
    }

    private void podsFail(SimWorkload sw, EventQueue.PodsFail f) {
        if (sw.status.reservations() != f.admission() || !sw.is(Phase.ADMITTED)) {
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
