package dev.muster.operator.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Muster's Prometheus metrics, under Kueue's names and labels where Kueue has the metric
 * ({@code sigs.k8s.io/kueue/pkg/metrics}), so that Kueue's dashboards and alerts keep working:
 *
 * <table>
 *   <tr><th>metric</th><th>type</th><th>labels</th></tr>
 *   <tr><td>kueue_pending_workloads</td><td>gauge</td><td>cluster_queue, status (active|inadmissible)</td></tr>
 *   <tr><td>kueue_reserving_active_workloads</td><td>gauge</td><td>cluster_queue</td></tr>
 *   <tr><td>kueue_admitted_active_workloads</td><td>gauge</td><td>cluster_queue</td></tr>
 *   <tr><td>kueue_quota_reserved_workloads_total</td><td>counter</td><td>cluster_queue</td></tr>
 *   <tr><td>kueue_quota_reserved_wait_time_seconds</td><td>histogram</td><td>cluster_queue</td></tr>
 *   <tr><td>kueue_admitted_workloads_total</td><td>counter</td><td>cluster_queue</td></tr>
 *   <tr><td>kueue_admission_wait_time_seconds</td><td>histogram</td><td>cluster_queue</td></tr>
 *   <tr><td>kueue_evicted_workloads_total</td><td>counter</td><td>cluster_queue, reason</td></tr>
 *   <tr><td>kueue_preempted_workloads_total</td><td>counter</td><td>preempting_cluster_queue, reason</td></tr>
 *   <tr><td>kueue_admission_attempts_total</td><td>counter</td><td>result (success|inadmissible)</td></tr>
 *   <tr><td>kueue_admission_attempt_duration_seconds</td><td>histogram</td><td>result</td></tr>
 *   <tr><td>kueue_cluster_queue_status</td><td>gauge</td><td>cluster_queue, status (pending|active|terminating)</td></tr>
 *   <tr><td>kueue_cluster_queue_resource_usage</td><td>gauge</td><td>cohort, cluster_queue, flavor, resource</td></tr>
 *   <tr><td>kueue_cluster_queue_resource_reservation</td><td>gauge</td><td>cohort, cluster_queue, flavor, resource</td></tr>
 *   <tr><td>kueue_cluster_queue_nominal_quota</td><td>gauge</td><td>cohort, cluster_queue, flavor, resource</td></tr>
 *   <tr><td>kueue_cluster_queue_borrowing_limit</td><td>gauge</td><td>cohort, cluster_queue, flavor, resource</td></tr>
 *   <tr><td>muster_scheduling_cycle_seconds</td><td>histogram</td><td>(none)</td></tr>
 *   <tr><td>muster_api_writes_in_flight</td><td>gauge</td><td>(none)</td></tr>
 *   <tr><td>muster_status_writes_coalesced</td><td>gauge</td><td>(none)</td></tr>
 *   <tr><td>muster_forecast_admission_wait_seconds</td><td>gauge</td><td>cluster_queue, quantile (0.5|1)</td></tr>
 *   <tr><td>muster_forecast_unknown_workloads</td><td>gauge</td><td>cluster_queue</td></tr>
 * </table>
 *
 * <p>The forecast gauges are set by each forecast ({@code muster run --forecast-interval}): the
 * median and the longest expected wait until admission of the pending workloads of a ClusterQueue
 * (or KAI queue) the forecast admits, and how many it does not admit (they wait behind runs of
 * unknown length, or do not fit at all). A queue with nothing pending reports 0 for all three.
 *
 * <p>The wait-time histograms have Kueue's buckets (1s, then 2.5s doubling to 10240s), the
 * attempt and cycle histograms the Prometheus client's default buckets (5ms to 10s). Micrometer
 * adds a {@code _max} gauge next to each histogram ({@code kueue_admission_wait_time_seconds_max}),
 * which Kueue does not have. Resource values are in the resource's base unit, as Kueue reports
 * them (CPU in cores, memory in bytes, GPUs as a count). An empty cohort is reported as {@code ""}.
 *
 * <p>Thread-safe; every method may be called from any thread.
 */
public final class MusterMetrics {

    public static final String PENDING_WORKLOADS = "kueue_pending_workloads";
    public static final String RESERVING_ACTIVE_WORKLOADS = "kueue_reserving_active_workloads";
    public static final String ADMITTED_ACTIVE_WORKLOADS = "kueue_admitted_active_workloads";
    public static final String QUOTA_RESERVED_WORKLOADS = "kueue_quota_reserved_workloads_total";
    public static final String QUOTA_RESERVED_WAIT_TIME = "kueue_quota_reserved_wait_time_seconds";
    public static final String ADMITTED_WORKLOADS = "kueue_admitted_workloads_total";
    public static final String ADMISSION_WAIT_TIME = "kueue_admission_wait_time_seconds";
    public static final String EVICTED_WORKLOADS = "kueue_evicted_workloads_total";
    public static final String PREEMPTED_WORKLOADS = "kueue_preempted_workloads_total";
    public static final String ADMISSION_ATTEMPTS = "kueue_admission_attempts_total";
    public static final String ADMISSION_ATTEMPT_DURATION = "kueue_admission_attempt_duration_seconds";
    public static final String CLUSTER_QUEUE_STATUS = "kueue_cluster_queue_status";
    public static final String CLUSTER_QUEUE_RESOURCE_USAGE = "kueue_cluster_queue_resource_usage";
    public static final String CLUSTER_QUEUE_RESOURCE_RESERVATION = "kueue_cluster_queue_resource_reservation";
    public static final String CLUSTER_QUEUE_NOMINAL_QUOTA = "kueue_cluster_queue_nominal_quota";
    public static final String CLUSTER_QUEUE_BORROWING_LIMIT = "kueue_cluster_queue_borrowing_limit";
    public static final String SCHEDULING_CYCLE = "muster_scheduling_cycle_seconds";
    public static final String WRITES_IN_FLIGHT = "muster_api_writes_in_flight";
    public static final String STATUS_WRITES_COALESCED = "muster_status_writes_coalesced";
    public static final String FORECAST_WAIT = "muster_forecast_admission_wait_seconds";
    public static final String FORECAST_UNKNOWN = "muster_forecast_unknown_workloads";

    /** What one forecast expects of a queue's pending workloads. */
    public record ForecastWaits(double medianSeconds, double longestSeconds, int unknown) {
        public static final ForecastWaits NONE = new ForecastWaits(0, 0, 0);
    }

    /** The queues the last forecast reported, so that one with nothing pending now goes back to 0. */
    private final java.util.Set<String> forecastQueues = ConcurrentHashMap.newKeySet();

    /** The {@code status} values of {@link #CLUSTER_QUEUE_STATUS}, as Kueue writes them. */
    public enum ClusterQueueStatus {
        PENDING, ACTIVE, TERMINATING;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Kueue's wait-time buckets: 1, then 2.5 doubling 13 times (2.5 ... 10240), in seconds. */
    static final List<Duration> WAIT_TIME_BUCKETS = waitTimeBuckets();
    /** The Prometheus client's default buckets, in seconds. */
    static final List<Duration> DEFAULT_BUCKETS = List.of(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
            .stream().map(MusterMetrics::seconds).toList();

    private static final String CQ = "cluster_queue";

    private final PrometheusMeterRegistry registry;
    private final Map<Meter.Id, GaugeValue> gauges = new ConcurrentHashMap<>();

    /** Metrics in a new registry of their own. */
    public MusterMetrics() {
        this(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    }

    /** Metrics in the given registry (shared, for example, with JOSDK's metrics). */
    public MusterMetrics(PrometheusMeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /** The registry, for {@link dev.muster.operator.http.HealthServer}'s {@code /metrics}. */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** The registry in the Prometheus text format, as {@code /metrics} serves it. */
    public String scrape() {
        return registry.scrape();
    }

    // --- ClusterQueue status -------------------------------------------------------------------

    /** {@code kueue_pending_workloads}: workloads waiting in a ClusterQueue, by status. */
    public void pending(String clusterQueue, int active, int inadmissible) {
        gauge(PENDING_WORKLOADS, "The number of pending workloads, per 'cluster_queue' and 'status'",
                Tags.of(CQ, clusterQueue, "status", "active")).set(active);
        gauge(PENDING_WORKLOADS, "The number of pending workloads, per 'cluster_queue' and 'status'",
                Tags.of(CQ, clusterQueue, "status", "inadmissible")).set(inadmissible);
    }

    /** {@code kueue_reserving_active_workloads}: workloads holding quota in a ClusterQueue. */
    public void reservingActive(String clusterQueue, int count) {
        gauge(RESERVING_ACTIVE_WORKLOADS, "The number of Workloads that are reserving quota, per 'cluster_queue'",
                Tags.of(CQ, clusterQueue)).set(count);
    }

    /** {@code kueue_admitted_active_workloads}: admitted workloads not suspended and not finished. */
    public void admittedActive(String clusterQueue, int count) {
        gauge(ADMITTED_ACTIVE_WORKLOADS,
                "The number of admitted Workloads that are active (unsuspended and not finished), per 'cluster_queue'",
                Tags.of(CQ, clusterQueue)).set(count);
    }

    /**
     * A workload reserved quota after waiting {@code waited} since it was created or requeued:
     * {@code kueue_quota_reserved_workloads_total} and {@code kueue_quota_reserved_wait_time_seconds}.
     */
    public void quotaReserved(String clusterQueue, Duration waited) {
        Counter.builder(QUOTA_RESERVED_WORKLOADS)
                .description("The total number of quota reserved workloads per 'cluster_queue'")
                .tags(CQ, clusterQueue).register(registry).increment();
        waitTimer(QUOTA_RESERVED_WAIT_TIME,
                "The time between a workload was created or requeued until it got quota reservation, per 'cluster_queue'",
                clusterQueue).record(nonNegative(waited));
    }

    /**
     * A workload was admitted after waiting {@code waited} since it was created or requeued:
     * {@code kueue_admitted_workloads_total} and {@code kueue_admission_wait_time_seconds}.
     */
    public void admitted(String clusterQueue, Duration waited) {
        Counter.builder(ADMITTED_WORKLOADS)
                .description("The total number of admitted workloads per 'cluster_queue'")
                .tags(CQ, clusterQueue).register(registry).increment();
        waitTimer(ADMISSION_WAIT_TIME,
                "The time between a workload was created or requeued until admission, per 'cluster_queue'",
                clusterQueue).record(nonNegative(waited));
    }

    /**
     * {@code kueue_evicted_workloads_total}: a workload of the ClusterQueue was evicted; Kueue's
     * reasons are Preempted, PodsReadyTimeout, AdmissionCheck, ClusterQueueStopped, Deactivated.
     */
    public void evicted(String clusterQueue, String reason) {
        Counter.builder(EVICTED_WORKLOADS)
                .description("The number of evicted workloads per 'cluster_queue'")
                .tags(CQ, clusterQueue, "reason", reason).register(registry).increment();
    }

    /**
     * {@code kueue_preempted_workloads_total}: a workload of {@code preemptingClusterQueue}
     * preempted another; Kueue's reasons are InClusterQueue, InCohortReclamation,
     * InCohortFairSharing, InCohortReclaimWhileBorrowing. As Kueue does, call
     * {@link #evicted(String, String)} with reason Preempted for the preempted workload's queue.
     */
    public void preempted(String preemptingClusterQueue, String reason) {
        Counter.builder(PREEMPTED_WORKLOADS)
                .description("The number of preempted workloads per 'preempting_cluster_queue'")
                .tags("preempting_cluster_queue", preemptingClusterQueue, "reason", reason)
                .register(registry).increment();
    }

    /** {@code kueue_cluster_queue_status}: 1 for the ClusterQueue's status, 0 for the others. */
    public void clusterQueueStatus(String clusterQueue, ClusterQueueStatus status) {
        Objects.requireNonNull(status, "status");
        for (ClusterQueueStatus s : ClusterQueueStatus.values()) {
            gauge(CLUSTER_QUEUE_STATUS, "Reports 'cluster_queue' with its 'status'",
                    Tags.of(CQ, clusterQueue, "status", s.label())).set(s == status ? 1 : 0);
        }
    }

    // --- forecast ------------------------------------------------------------------------------

    /** The forecast's expected waits by queue; queues reported before and missing now are set to 0. */
    public synchronized void forecast(Map<String, ForecastWaits> byQueue) {
        java.util.Set<String> all = new java.util.TreeSet<>(forecastQueues);
        all.addAll(byQueue.keySet());
        for (String queue : all) {
            ForecastWaits w = byQueue.getOrDefault(queue, ForecastWaits.NONE);
            String help = "The expected wait until admission of the pending workloads the last forecast admits,"
                    + " per 'cluster_queue' and 'quantile' (0.5: the median, 1: the longest)";
            gauge(FORECAST_WAIT, help, Tags.of(CQ, queue, "quantile", "0.5")).set(w.medianSeconds());
            gauge(FORECAST_WAIT, help, Tags.of(CQ, queue, "quantile", "1")).set(w.longestSeconds());
            gauge(FORECAST_UNKNOWN, "The pending workloads the last forecast does not admit, per 'cluster_queue'",
                    Tags.of(CQ, queue)).set(w.unknown());
        }
        forecastQueues.addAll(byQueue.keySet());
    }

    // --- resources -----------------------------------------------------------------------------

    /** {@code kueue_cluster_queue_resource_usage}: what admitted workloads use of a flavor's resource. */
    public void usage(String cohort, String clusterQueue, String flavor, String resource, double value) {
        gauge(CLUSTER_QUEUE_RESOURCE_USAGE, "Reports the cluster_queue's total resource usage within all the flavors",
                resourceTags(cohort, clusterQueue, flavor, resource)).set(value);
    }

    /** {@code kueue_cluster_queue_resource_reservation}: what workloads holding quota reserve. */
    public void reservation(String cohort, String clusterQueue, String flavor, String resource, double value) {
        gauge(CLUSTER_QUEUE_RESOURCE_RESERVATION,
                "Reports the cluster_queue's total resource reservation within all the flavors",
                resourceTags(cohort, clusterQueue, flavor, resource)).set(value);
    }

    /** {@code kueue_cluster_queue_nominal_quota}: the ClusterQueue's nominal quota of a flavor's resource. */
    public void nominalQuota(String cohort, String clusterQueue, String flavor, String resource, double value) {
        gauge(CLUSTER_QUEUE_NOMINAL_QUOTA, "Reports the cluster_queue's resource nominal quota within all the flavors",
                resourceTags(cohort, clusterQueue, flavor, resource)).set(value);
    }

    /** {@code kueue_cluster_queue_borrowing_limit}: how much of a flavor's resource it may borrow. */
    public void borrowingLimit(String cohort, String clusterQueue, String flavor, String resource, double value) {
        gauge(CLUSTER_QUEUE_BORROWING_LIMIT,
                "Reports the cluster_queue's resource borrowing limit within all the flavors",
                resourceTags(cohort, clusterQueue, flavor, resource)).set(value);
    }

    // --- the scheduler -------------------------------------------------------------------------

    /**
     * One admission attempt (a scheduling cycle that tried to admit): Kueue's
     * {@code kueue_admission_attempts_total} and {@code kueue_admission_attempt_duration_seconds},
     * result {@code success} when at least one workload was admitted, else {@code inadmissible}.
     */
    public void admissionAttempt(boolean admittedAny, Duration took) {
        String result = admittedAny ? "success" : "inadmissible";
        Counter.builder(ADMISSION_ATTEMPTS)
                .description("The total number of attempts to admit workloads")
                .tags("result", result).register(registry).increment();
        Timer.builder(ADMISSION_ATTEMPT_DURATION)
                .description("The latency of an admission attempt")
                .tags("result", result)
                .serviceLevelObjectives(DEFAULT_BUCKETS.toArray(Duration[]::new))
                .register(registry).record(nonNegative(took));
    }

    /** {@code muster_scheduling_cycle_seconds}: how long one run of Muster's scheduling cycle took. */
    /**
     * The decider's write lanes: writes waiting or under way now, and statuses replaced by a newer
     * one before they were sent, since the decider started (a gauge: it starts again with a new leader).
     */
    public void writes(int inFlight, int coalesced) {
        gauge(WRITES_IN_FLIGHT, "API writes of the decider waiting or under way", Tags.empty()).set(inFlight);
        gauge(STATUS_WRITES_COALESCED, "Statuses replaced by a newer one before they were sent, since the leader started",
                Tags.empty()).set(coalesced);
    }

    public void schedulingCycle(Duration took) {
        Timer.builder(SCHEDULING_CYCLE)
                .description("The time one scheduling cycle of Muster's engine took")
                .serviceLevelObjectives(DEFAULT_BUCKETS.toArray(Duration[]::new))
                .register(registry).record(nonNegative(took));
    }

    // --- clean-up ------------------------------------------------------------------------------

    /**
     * Drops every series of a deleted ClusterQueue (label {@code cluster_queue} or
     * {@code preempting_cluster_queue} equal to it), as Kueue clears them.
     */
    public void forgetClusterQueue(String clusterQueue) {
        for (Meter meter : List.copyOf(registry.getMeters())) {
            Meter.Id id = meter.getId();
            if (clusterQueue.equals(id.getTag(CQ)) || clusterQueue.equals(id.getTag("preempting_cluster_queue"))) {
                registry.remove(meter);
                gauges.remove(id);
            }
        }
    }

    /** Drops the resource series of one flavor of a ClusterQueue (a flavor removed from its spec). */
    public void forgetFlavor(String clusterQueue, String flavor) {
        for (Meter meter : List.copyOf(registry.getMeters())) {
            Meter.Id id = meter.getId();
            if (clusterQueue.equals(id.getTag(CQ)) && flavor.equals(id.getTag("flavor"))) {
                registry.remove(meter);
                gauges.remove(id);
            }
        }
    }

    // --- helpers -------------------------------------------------------------------------------

    private GaugeValue gauge(String name, String description, Tags tags) {
        Meter.Id key = new Meter.Id(name, tags, null, description, Meter.Type.GAUGE);
        return gauges.computeIfAbsent(key, id -> {
            GaugeValue value = new GaugeValue();
            Gauge.builder(name, value, GaugeValue::get).description(description).tags(tags).strongReference(true)
                    .register(registry);
            return value;
        });
    }

    private Timer waitTimer(String name, String description, String clusterQueue) {
        return Timer.builder(name)
                .description(description)
                .tags(CQ, clusterQueue)
                .serviceLevelObjectives(WAIT_TIME_BUCKETS.toArray(Duration[]::new))
                .register(registry);
    }

    private static Tags resourceTags(String cohort, String clusterQueue, String flavor, String resource) {
        return Tags.of("cohort", cohort == null ? "" : cohort, CQ, clusterQueue, "flavor", flavor, "resource", resource);
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }

    private static List<Duration> waitTimeBuckets() {
        java.util.ArrayList<Duration> buckets = new java.util.ArrayList<>();
        buckets.add(Duration.ofSeconds(1));
        double b = 2.5;
        for (int i = 0; i < 13; i++) {
            buckets.add(seconds(b));
            b *= 2;
        }
        return List.copyOf(buckets);
    }

    /** The value behind one gauge series. */
    private static final class GaugeValue {
        private volatile double value;

        void set(double v) {
            value = v;
        }

        double get() {
            return value;
        }
    }
}
