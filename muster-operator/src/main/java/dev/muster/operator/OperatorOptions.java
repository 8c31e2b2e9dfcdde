package dev.muster.operator;

import java.time.Duration;
import java.util.Optional;

/**
 * How {@code muster run} runs.
 *
 * @param namespace      watch namespaced objects (jobs, LocalQueues, Workloads) in this namespace
 *                       only; empty: all namespaces. Cluster-scoped queues are always watched.
 * @param leaderElection take a Lease before deciding, so that of several replicas one decides
 * @param leaseNamespace where the Lease lives
 * @param identity       this replica's name in the Lease (the pod name in a Deployment)
 * @param exitOnLostLease see {@link #exitingOnLostLease()}
 */
public record OperatorOptions(Optional<String> namespace, boolean leaderElection, String leaseNamespace, String identity,
        Duration leaseDuration, Duration renewDeadline, Duration retryPeriod, boolean exitOnLostLease) {

    public static final String LEASE_NAME = "muster-leader";

    public static OperatorOptions defaults(String identity) {
        return new OperatorOptions(Optional.empty(), true, "muster-system", identity, Duration.ofSeconds(15),
                Duration.ofSeconds(10), Duration.ofSeconds(2), false);
    }

    public OperatorOptions withNamespace(Optional<String> ns) {
        return new OperatorOptions(ns, leaderElection, leaseNamespace, identity, leaseDuration, renewDeadline, retryPeriod, exitOnLostLease);
    }

    public OperatorOptions withLeaderElection(boolean on, String leaseNs) {
        return new OperatorOptions(namespace, on, leaseNs, identity, leaseDuration, renewDeadline, retryPeriod, exitOnLostLease);
    }

    public OperatorOptions withLeaseTimings(Duration duration, Duration renew, Duration retry) {
        return new OperatorOptions(namespace, leaderElection, leaseNamespace, identity, duration, renew, retry, exitOnLostLease);
    }

    /**
     * A replica that loses the Lease exits, as Kubernetes controllers do, and its Deployment starts
     * it afresh (it then rebuilds its state from the cluster). Without this, it stops deciding for good.
     */
    public OperatorOptions exitingOnLostLease() {
        return new OperatorOptions(namespace, leaderElection, leaseNamespace, identity, leaseDuration, renewDeadline,
                retryPeriod, true);
    }
}
