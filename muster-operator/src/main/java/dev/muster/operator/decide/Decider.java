package dev.muster.operator.decide;

import dev.muster.core.engine.Settling;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.OperatorOptions;
import dev.muster.operator.jobs.JobAdapter;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.metrics.MusterMetrics;
import dev.muster.operator.provisioning.ProvisioningChecks;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import dev.muster.operator.write.WriteLanes;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one thread that owns the engine. Informers post what they see (configuration objects, jobs,
 * pods, nodes, Workload objects); each step of the {@link DeciderLoop} applies what was posted,
 * then runs one cycle:
 * <ol>
 *   <li>observe: what was posted is filed ({@link ObservedCluster}, {@link JobIntake}, {@link PodScheduling});</li>
 *   <li>reconcile the configuration: a changed one builds a new engine ({@link ConfigurationReconciler});</li>
 *   <li>apply decisions: failed writes are tried again, the engine schedules until no eviction is
 *       left to settle, and its decisions are carried out ({@link DecisionApplier}); waiting pods are bound;</li>
 *   <li>record status: the Workload and queue statuses that changed ({@link StatusRecorder}), and metrics.</li>
 * </ol>
 */
public final class Decider implements AutoCloseable {

    private final Clock clock;
    private final CycleMetrics metrics;
    private final ObservedCluster observed = new ObservedCluster();
    private final InForce inForce = new InForce();
    private final TrackedJobs jobs = new TrackedJobs();
    private final ProvisioningChecks provisioning = new ProvisioningChecks();
    private final PodScheduling scheduling;
    private final JobWrites writes;
    private final JobIntake intake;
    private final ConfigurationReconciler reconciler;
    private final DecisionApplier applier;
    private final StatusRecorder statuses;
    private final DeciderLoop loop;
    private final WriteLanes lanes;
    private final RunTimes runTimes = new RunTimes(dev.muster.api.scenario.MusterSettings.DEFAULT_RUNTIME_QUANTILE);
    private final ForecastRefresh forecasts;
    private volatile long cycles;

    public Decider(ClusterWriter writer, Clock clock) {
        this(writer, clock, new MusterMetrics());
    }

    public Decider(ClusterWriter writer, Clock clock, MusterMetrics metrics) {
        this(writer, clock, metrics, Set.of(OperatorOptions.SCHEDULER_NAME), Map.of());
    }

    /**
     * @param schedulerNames the {@code spec.schedulerName}s of pods Muster places and binds
     * @param configurationFiles Muster's configuration files (Kueue's manager Configuration) by name
     */
    public Decider(ClusterWriter writer, Clock clock, MusterMetrics metrics, Set<String> schedulerNames,
            Map<String, String> configurationFiles) {
        this(writer, clock, metrics, schedulerNames, configurationFiles, completions -> WriteLanes.inline());
    }

    /**
     * @param lanes makes the lanes the writes go out in, given where their failures are to be told
     *              (the decider's inbox): {@link WriteLanes#concurrent} in the operator,
     *              {@link WriteLanes#inline()} for tests that step the decider and look at its writes
     */
    public Decider(ClusterWriter writer, Clock clock, MusterMetrics metrics, Set<String> schedulerNames,
            Map<String, String> configurationFiles, Function<Executor, WriteLanes> lanes) {
        this(writer, clock, metrics, schedulerNames, configurationFiles, lanes, java.time.Duration.ZERO);
    }

    /**
     * @param forecastInterval at most one forecast of the pending workloads' admissions per this
     *                         (written to their Workloads and to the metrics); zero for none
     */
    public Decider(ClusterWriter writer, Clock clock, MusterMetrics metrics, Set<String> schedulerNames,
            Map<String, String> configurationFiles, Function<Executor, WriteLanes> lanes,
            java.time.Duration forecastInterval) {
        this(writer, clock, metrics, schedulerNames, configurationFiles, lanes, forecastInterval, null);
    }

    /** @param forecastWorker where forecasts run: null for a thread of their own, inline for tests that step the decider */
    Decider(ClusterWriter writer, Clock clock, MusterMetrics metrics, Set<String> schedulerNames,
            Map<String, String> configurationFiles, Function<Executor, WriteLanes> lanes,
            java.time.Duration forecastInterval, Executor forecastWorker) {
        this.clock = clock;
        this.metrics = new CycleMetrics(metrics);
        this.loop = new DeciderLoop(clock, this::wakeup, this::cycle, new CycleGap());
        this.lanes = lanes.apply(loop::post);
        this.scheduling = new PodScheduling(schedulerNames, writer, this.lanes);
        this.writes = new JobWrites(writer, this.lanes, inForce, provisioning, clock);
        this.statuses = new StatusRecorder(writer, this.lanes, inForce, jobs, clock);
        JobEntry entry = new JobEntry(inForce, observed, jobs, writes, scheduling, provisioning);
        this.intake = new JobIntake(inForce, jobs, entry, writes, scheduling, provisioning, clock, runTimes);
        writes.whenStopWritten(intake::stopWritten);
        this.reconciler = new ConfigurationReconciler(inForce, observed, configurationFiles, jobs, entry, intake,
                scheduling, provisioning, statuses);
        this.applier = new DecisionApplier(inForce, observed, jobs, writes, statuses, scheduling, provisioning, this.metrics);
        this.forecasts = new ForecastRefresh(forecastInterval.toMillis(), inForce, scheduling, jobs, runTimes, this.lanes,
                writer, metrics, loop::post, forecastWorker);
    }

    public void start() {
        loop.start();
    }

    /** Stops deciding; writes not sent yet are dropped (a replica that lost its lease must not make them). */
    @Override
    public void close() {
        loop.close();
        lanes.close();
        forecasts.close();
    }


    /** A queue, flavor, priority class, namespace or node was added or changed. */
    public void configurationObject(JsonNode object) {
        loop.post(() -> observed.configurationObject(object));
    }

    public void configurationObjectDeleted(JsonNode object) {
        loop.post(() -> observed.configurationObjectDeleted(object));
    }

    /** A Workload object as the API has it: on a restart, its status tells what was admitted. */
    public void workloadObject(JsonNode workload) {
        loop.post(() -> {
            observed.workloadObject(workload);
            forecasts.seen(workload);
        });
    }

    /**
     * A Workload object was deleted: if it was a job's that has not finished, the job is stopped
     * and queued again with a new Workload, as Kueue does.
     */
    public void workloadObjectDeleted(JsonNode workload) {
        loop.post(observed.whenPrimed(() -> {
            observed.workloadObjectDeleted(workload);
            forecasts.deleted(ObservedCluster.key(workload));
            intake.workloadDeleted(ObservedCluster.key(workload));
        }));
    }

    /**
     * Nodes are watched: from the next configuration on, admission places the gangs whose pods
     * name Muster's scheduler on them (posted before the nodes are).
     */
    public void nodesWatched() {
        loop.post(() -> {
            scheduling.watched();
            observed.configurationChanged();
        });
    }

    public void node(JsonNode node) {
        loop.post(() -> {
            if (scheduling.node(node, inForce.engine())) {
                reconciler.nodesMayHaveChanged();
            }
        });
    }

    public void nodeDeleted(JsonNode node) {
        loop.post(() -> {
            if (scheduling.nodeDeleted(node, inForce.engine())) {
                reconciler.nodesMayHaveChanged();
            }
        });
    }

    /**
     * A Pod was added or changed; looked at once the jobs listed at the start are (a pod is filed
     * under its job). A queued plain pod is a workload, alone or with its group.
     */
    public void pod(JsonNode pod) {
        loop.post(observed.whenPrimed(() -> {
            intake.pod(pod);
            scheduling.pod(pod, inForce.engine(), jobs::get);
        }));
    }

    public void podDeleted(JsonNode pod) {
        loop.post(observed.whenPrimed(() -> {
            intake.podDeleted(pod);
            scheduling.podDeleted(pod, inForce.engine());
        }));
    }

    /** A ProvisioningRequest changed (the autoscaler set its conditions). */
    public void provisioningRequest(JsonNode request) {
        loop.post(observed.whenPrimed(() -> {
            observed.provisioningRequest(request);
            if (inForce.hasEngine()) {
                provisioning.requestChanged(request, inForce.engine());
            }
        }));
    }

    public void job(JobAdapter adapter, JsonNode job) {
        loop.post(observed.whenPrimed(() -> intake.jobChanged(adapter, job)));
    }

    public void jobDeleted(JobAdapter adapter, JsonNode job) {
        loop.post(observed.whenPrimed(() -> intake.jobDeleted(adapter, ObservedCluster.key(job))));
    }

    /**
     * Everything that was in the cluster when the decider started has been posted (Workload
     * objects and configuration): jobs, held back until now, may be looked at. A job seen before
     * its Workload object could otherwise be admitted a second time after a restart.
     */
    public void primed() {
        loop.post(observed::primed);
    }

    /** Whether the decider runs with a valid configuration; otherwise why not. */
    public Optional<String> notReady() {
        return inForce.notReady();
    }

    public long cycles() {
        return cycles;
    }

    /**
     * What the decider holds for a job (NEW, INVALID, PENDING, QUOTA_RESERVED, ADMITTED, FINISHED),
     * for diagnostics and tests: asked on the decider's thread, after what was posted before; empty
     * when the job is unknown or the decider does not answer within a second.
     */
    public Optional<String> stateOf(String kind, ObjectKey job) {
        return ask(() -> Optional.ofNullable(jobs.get(List.of(kind, job))).map(t -> t.state().name()), Optional.empty());
    }

    /**
     * Asks the engine in force a question on the decider's thread, after what was posted before:
     * for test stand-ins that must see the cluster as Muster does (the twin test's node
     * autoscaler). The question must not change the engine. Empty when no engine is in force or the
     * decider does not answer within a second.
     */
    public <T> Optional<T> read(java.util.function.Function<dev.muster.core.engine.Engine, T> question) {
        return ask(() -> inForce.hasEngine() ? Optional.ofNullable(question.apply(inForce.engine())) : Optional.<T>empty(),
                Optional.empty());
    }

    /**
     * What the dashboard shows of the engine in force now, with the forecasts written onto the
     * Workloads; asked on the decider's thread. Empty when no engine is in force or the decider does
     * not answer within a second.
     */
    public Optional<dev.muster.core.view.ClusterView> view() {
        return ask(() -> inForce.hasEngine()
                ? Optional.of(dev.muster.core.view.ClusterViews.of(inForce.engine(), clock.millis()).withForecasts(forecasts.written()))
                : Optional.<dev.muster.core.view.ClusterView>empty(), Optional.empty());
    }

    /** Asks on the decider's thread, after what was posted before; {@code otherwise} when it does not answer within a second. */
    private <T> T ask(java.util.function.Supplier<T> question, T otherwise) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        loop.post(() -> answer.complete(question.get()));
        try {
            return answer.get(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return otherwise;
        } catch (ExecutionException | TimeoutException e) {
            return otherwise;
        }
    }

    /**
     * Runs an action on the decider's thread before its next cycle: a test that drives a virtual
     * clock holds the decider with it while the changes of one moment arrive, as they would together.
     */
    public void beforeNextCycle(Runnable action) {
        loop.post(action);
    }

    /**
     * When the engine next wants to be woken (a backoff or a pods-ready timeout ends), asked on the
     * decider's thread like {@link #stateOf}: for tests that drive a virtual clock.
     */
    public java.util.OptionalLong nextWakeupMillis() {
        return ask(this::engineWakeup, java.util.OptionalLong.empty());
    }

    /** One step on the caller's thread: what was posted, then one cycle (for tests that drive the clock). */
    void step() {
        loop.step();
    }

    /** Milliseconds until the engine wants a cycle by the clock, Long.MAX_VALUE when it does not. */
    long untilWakeupMillis() {
        return loop.untilWakeupMillis();
    }

    private OptionalLong engineWakeup() {
        return inForce.hasEngine() ? inForce.engine().nextWakeupMillis() : OptionalLong.empty();
    }

    /**
     * When the decider's thread wakes by the clock: the engine's next timer, the next forecast due,
     * a refused stop's retry, or a queue's or Workload's status held back.
     */
    private OptionalLong wakeup() {
        return earliest(earliest(earliest(engineWakeup(), forecasts.nextDueMillis()), writes.nextRetryMillis()),
                statuses.nextWriteMillis());
    }

    private static OptionalLong earliest(OptionalLong a, OptionalLong b) {
        if (a.isEmpty() || b.isEmpty()) {
            return a.isEmpty() ? b : a;
        }
        return OptionalLong.of(Math.min(a.getAsLong(), b.getAsLong()));
    }

    /** Forecasts published so far (for tests that step the decider). */
    long forecasts() {
        return forecasts.forecasts();
    }

    private void cycle() {
        reconciler.reconcile();
        if (inForce.hasEngine()) {
            long started = System.nanoTime();
            long now = clock.millis();
            writes.retryFailed();
            intake.enterStopped();
            settle(inForce.engine(), now);
            scheduling.bindWaiting(inForce.engine(), jobs::get);
            Map<String, Integer> admittedByQueue = statuses.record();
            metrics.cycle(inForce.engine(), admittedByQueue, System.nanoTime() - started);
            metrics.writes(lanes.inFlight(), lanes.coalesced());
            runTimes.quantile(inForce.configuration().scenario().musterSettings().runtimeQuantile());
            forecasts.afterCycle(now);
        }
        cycles++;
    }

    /** Schedules until the evictions settle (the core's one loop): the evicted whose pods are stopped give their quota back at once. */
    private void settle(Engine engine, long now) {
        Settling.settle(engine, now, decisions -> applier.apply(decisions, now));
    }
}
