package dev.muster.operator;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * How {@code muster run} runs.
 *
 * @param namespace      watch namespaced objects (jobs, LocalQueues, Workloads, Pods) in this namespace
 *                       only; empty: all namespaces. Cluster-scoped queues and Nodes are always watched.
 * @param leaderElection take a Lease before deciding, so that of several replicas one decides
 * @param leaseNamespace where the Lease lives
 * @param identity       this replica's name in the Lease (the pod name in a Deployment)
 * @param exitOnLostLease see {@link #exitingOnLostLease()}
 * @param schedulerNames the {@code spec.schedulerName}s of the pods Muster places and binds itself
 * @param configuration  Muster's configuration files (Kueue's manager {@code Configuration}: fair
 *                       sharing, waitForPodsReady, ...), by file name, read with the cluster's queues
 * @param forecastInterval at most one forecast of the pending workloads' admissions per this (written
 *                       to their Workloads' {@code muster.dev/expected-admission} annotations and to
 *                       the metrics); zero turns forecasting off
 */
public record OperatorOptions(Optional<String> namespace, boolean leaderElection, String leaseNamespace, String identity,
        Duration leaseDuration, Duration renewDeadline, Duration retryPeriod, boolean exitOnLostLease,
        Set<String> schedulerNames, Map<String, String> configuration, Duration forecastInterval) {

    public static final String LEASE_NAME = "muster-leader";
    public static final String SCHEDULER_NAME = "muster";

    public OperatorOptions {
        schedulerNames = Set.copyOf(schedulerNames);
        configuration = new TreeMap<>(configuration);
        if (forecastInterval.isNegative()) {
            throw new IllegalArgumentException("the forecast interval must not be negative, got " + forecastInterval);
        }
    }

    /** The default forecast interval: "refreshed at most every few seconds". */
    public static final Duration DEFAULT_FORECAST_INTERVAL = Duration.ofSeconds(5);

    public static OperatorOptions defaults(String identity) {
        return new OperatorOptions(Optional.empty(), true, "muster-system", identity, Duration.ofSeconds(15),
                Duration.ofSeconds(10), Duration.ofSeconds(2), false, Set.of(SCHEDULER_NAME), Map.of(),
                DEFAULT_FORECAST_INTERVAL);
    }

    public OperatorOptions withNamespace(Optional<String> ns) {
        return new OperatorOptions(ns, leaderElection, leaseNamespace, identity, leaseDuration, renewDeadline, retryPeriod,
                exitOnLostLease, schedulerNames, configuration, forecastInterval);
    }

    public OperatorOptions withLeaderElection(boolean on, String leaseNs) {
        return new OperatorOptions(namespace, on, leaseNs, identity, leaseDuration, renewDeadline, retryPeriod,
                exitOnLostLease, schedulerNames, configuration, forecastInterval);
    }

    public OperatorOptions withLeaseTimings(Duration duration, Duration renew, Duration retry) {
        return new OperatorOptions(namespace, leaderElection, leaseNamespace, identity, duration, renew, retry,
                exitOnLostLease, schedulerNames, configuration, forecastInterval);
    }

    /** Pods naming any of these schedulers are placed and bound by Muster ({@code kai-scheduler} to take KAI's place). */
    public OperatorOptions withSchedulerNames(Set<String> names) {
        return new OperatorOptions(namespace, leaderElection, leaseNamespace, identity, leaseDuration, renewDeadline,
                retryPeriod, exitOnLostLease, names, configuration, forecastInterval);
    }

    /** Muster's configuration files by name: their documents are read with the cluster's queues. */
    public OperatorOptions withConfiguration(Map<String, String> files) {
        return new OperatorOptions(namespace, leaderElection, leaseNamespace, identity, leaseDuration, renewDeadline,
                retryPeriod, exitOnLostLease, schedulerNames, files, forecastInterval);
    }

    /**
     * A replica that loses the Lease exits, as Kubernetes controllers do, and its Deployment starts
     * it afresh (it then rebuilds its state from the cluster). Without this, it stops deciding for good.
     */
    public OperatorOptions exitingOnLostLease() {
        return new OperatorOptions(namespace, leaderElection, leaseNamespace, identity, leaseDuration, renewDeadline,
                retryPeriod, true, schedulerNames, configuration, forecastInterval);
    }

    /** At most one forecast per {@code interval}; zero turns forecasting off. */
    public OperatorOptions withForecastInterval(Duration interval) {
        return new OperatorOptions(namespace, leaderElection, leaseNamespace, identity, leaseDuration, renewDeadline,
                retryPeriod, exitOnLostLease, schedulerNames, configuration, interval);
    }
}
