package dev.muster.sim.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The report of one {@code muster simulate} run: the tree of section 2 of the scenario contract
 * ({@code ../shared/scenarios/README.md}), field for field and in the same order. {@code -o json}
 * and {@code -o yaml} serialise exactly this; the text report and expectation checks read it.
 */
public record Report(
        String schema,
        double endSeconds,
        List<WorkloadReport> workloads,
        List<QueueReport> queues,
        List<NodeReport> nodes,
        List<ProvisioningRequestReport> provisioningRequests,
        List<EventReport> events) {

    public static final String SCHEMA = "muster.sim/v1";

    /** One workload, named after the object the user created (RayJob, RayCluster, Job, Pod, Workload). */
    public record WorkloadReport(
            String kind,
            String namespace,
            String name,
            String queue,
            String clusterQueue,
            int priority,
            String state,
            Double admittedAtSeconds,
            Double finishedAtSeconds,
            Map<String, Map<String, String>> flavors,
            List<PodSetCount> podSets,
            List<Eviction> evictions,
            List<PodReport> pods,
            String message,
            Double createdAtSeconds,
            List<Double> admissionsAtSeconds,
            @JsonInclude(JsonInclude.Include.NON_NULL) PendingReport pending) {

        /** A workload without {@link PendingReport}: one that does not wait, or a report made before positions. */
        public WorkloadReport(String kind, String namespace, String name, String queue, String clusterQueue, int priority,
                String state, Double admittedAtSeconds, Double finishedAtSeconds, Map<String, Map<String, String>> flavors,
                List<PodSetCount> podSets, List<Eviction> evictions, List<PodReport> pods, String message,
                Double createdAtSeconds, List<Double> admissionsAtSeconds) {
            this(kind, namespace, name, queue, clusterQueue, priority, state, admittedAtSeconds, finishedAtSeconds, flavors,
                    podSets, evictions, pods, message, createdAtSeconds, admissionsAtSeconds, null);
        }

        /** A workload whose creation and admission history are not known (reports made by hand). */
        public WorkloadReport(String kind, String namespace, String name, String queue, String clusterQueue, int priority,
                String state, Double admittedAtSeconds, Double finishedAtSeconds, Map<String, Map<String, String>> flavors,
                List<PodSetCount> podSets, List<Eviction> evictions, List<PodReport> pods, String message) {
            this(kind, namespace, name, queue, clusterQueue, priority, state, admittedAtSeconds, finishedAtSeconds, flavors,
                    podSets, evictions, pods, message, null, List.of());
        }
    }

    /**
     * Why a pending workload waits at the end of the run, where it stands, and when it is expected
     * to be admitted. Written only for pending workloads.
     *
     * @param reason                 the kind of wait, one word: Kueue's QuotaReserved=False reason where
     *                               Kueue has one (WaitingForQuota, ExceedsMaxQuota, Misconfigured, ...),
     *                               KAI's where KAI has one (OverLimit, NonPreemptibleOverQuota), else
     *                               Muster's (OverFairShare, WaitingForNodes, MinRuntimeProtected, Backoff)
     * @param positionInClusterQueue its place in its ClusterQueue's order, as Kueue's visibility API
     *                               ({@code visibility.kueue.x-k8s.io} PendingWorkload) tells it, from 0;
     *                               null when it waits in no queue (its LocalQueue or queue does not
     *                               exist, or it was deactivated)
     * @param positionInLocalQueue   the same among the workloads of its LocalQueue
     * @param blocking               what it lacks, per flavor and resource, when it waits for quota
     * @param forecastAdmitAtSeconds when it is expected to be admitted, for a run stopped with
     *                               {@code --until}; null without a forecast or when not within it
     * @param forecastBasis          what the forecast rests on, in words; null without a forecast
     */
    public record PendingReport(String reason, Integer positionInClusterQueue, Integer positionInLocalQueue,
            List<Blocking> blocking, Double forecastAdmitAtSeconds, String forecastBasis) {

        public static final PendingReport IN_NO_QUEUE = new PendingReport(null, null);

        public PendingReport {
            blocking = List.copyOf(blocking);
        }

        /** Positions alone (no reason, nothing blocking, no forecast). */
        public PendingReport(Integer positionInClusterQueue, Integer positionInLocalQueue) {
            this(null, positionInClusterQueue, positionInLocalQueue, List.of(), null, null);
        }

        public PendingReport withForecast(Double admitAtSeconds, String basis) {
            return new PendingReport(reason, positionInClusterQueue, positionInLocalQueue, blocking, admitAtSeconds, basis);
        }
    }

    /**
     * What a waiting workload lacks of one resource in one flavor: {@code needed} in all,
     * {@code available} to it then (quantities as Kubernetes writes them), and whether its queue's
     * own limit is what stops it; and who holds that resource in that flavor within its reach (its
     * ClusterQueue and its cohort's others, {@code QuotaHolders}) as the report was made: the
     * {@value #HELD_BY_SHOWN} holding most in {@code heldBy}, how many in all in {@code heldByCount}.
     */
    public record Blocking(String flavor, String resource, String needed, String available, boolean overLimit,
            List<HeldBy> heldBy, int heldByCount) {

        /** Holders listed at most; {@code heldByCount} says how many there are. */
        public static final int HELD_BY_SHOWN = 5;

        public Blocking {
            heldBy = heldBy == null ? List.of() : List.copyOf(heldBy);
        }
    }

    /** An admitted workload ({@code namespace/name}) holding {@code amount} of a resource a waiting one lacks. */
    public record HeldBy(String workload, String clusterQueue, String amount) {
    }

    /** The same report with each workload passed through {@code change}. */
    public Report withWorkloads(java.util.function.UnaryOperator<WorkloadReport> change) {
        return new Report(schema, endSeconds, workloads.stream().map(change).toList(), queues, nodes,
                provisioningRequests, events);
    }

    /** The workload with {@code newPending} instead of its pending part. */
    public static WorkloadReport withPending(WorkloadReport w, PendingReport newPending) {
        return new WorkloadReport(w.kind(), w.namespace(), w.name(), w.queue(), w.clusterQueue(), w.priority(), w.state(),
                w.admittedAtSeconds(), w.finishedAtSeconds(), w.flavors(), w.podSets(), w.evictions(), w.pods(),
                w.message(), w.createdAtSeconds(), w.admissionsAtSeconds(), newPending);
    }

    public record PodSetCount(String name, int count) {
    }

    /** {@code preemptedBy}: the workload ({@code namespace/name}) the eviction made room for; null if none. */
    public record Eviction(double atSeconds, String reason, String detail, String preemptedBy) {

        public Eviction(double atSeconds, String reason, String detail) {
            this(atSeconds, reason, detail, null);
        }
    }

    public record PodReport(
            String name, String podSet, String node, List<Integer> gpuDevices, Double gpuFraction, String gpuGroup) {
    }

    /**
     * A queue: a ClusterQueue, or a KAI Queue (leaf or parent). Usage is flavor → resource →
     * quantity (KAI queues report flavor "default"). {@code fairShare} (resource → quantity) is KAI's
     * fair share from the last scheduling cycle; null for ClusterQueues.
     */
    public record QueueReport(
            String name,
            String kind,
            Map<String, Map<String, String>> usage,
            int admittedWorkloads,
            int pendingWorkloads,
            Map<String, String> fairShare,
            QueueRun run) {

        public QueueReport(String name, String kind, Map<String, Map<String, String>> usage, int admittedWorkloads,
                int pendingWorkloads) {
            this(name, kind, usage, admittedWorkloads, pendingWorkloads, null);
        }

        public QueueReport(String name, String kind, Map<String, Map<String, String>> usage, int admittedWorkloads,
                int pendingWorkloads, Map<String, String> fairShare) {
            this(name, kind, usage, admittedWorkloads, pendingWorkloads, fairShare, QueueRun.NONE);
        }
    }

    /**
     * A queue over the whole run, where {@link QueueReport}'s other numbers are its state at the end:
     * {@code admissions} into it (again after an eviction counts again), workloads {@code finished}
     * there, and its {@code peakUsage} (flavor, resource: the most it used at any moment, each
     * resource on its own).
     */
    public record QueueRun(int admissions, int finished, Map<String, Map<String, String>> peakUsage) {
        public static final QueueRun NONE = new QueueRun(0, 0, Map.of());
    }

    public record NodeReport(String name, String pool, double addedAtSeconds, Double removedAtSeconds) {
    }

    public record ProvisioningRequestReport(
            String name, String workload, boolean accepted, boolean provisioned, boolean failed) {
    }

    /**
     * {@code object} is {@code Kind/namespace/name} (or {@code Kind/name} for cluster-scoped objects).
     * {@code atSeconds} is when the event first happened; repeats are counted on it as Kubernetes
     * counts an Event's repeats: {@code count} occurrences in all, the last at {@code lastSeconds}
     * (see {@code Timeline}). An event that happened once has no {@code count} and no
     * {@code lastSeconds} in the report, as events.k8s.io/v1 leaves out {@code series} for an event
     * that did not repeat (and as the contract's example shows an event): most events happen once,
     * and the two fields were a tenth of a long run's report. Read back, they are 1 and
     * {@code atSeconds}.
     */
    public record EventReport(double atSeconds, String object, String type, String reason, String message,
            @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = Once.class) int count,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double lastSeconds) {

        public EventReport {
            if (count <= 1) {
                count = 1; // absent when read back
                lastSeconds = null;
            } else if (lastSeconds == null) {
                lastSeconds = atSeconds;
            }
        }

        /** An event that happened once. */
        public EventReport(double atSeconds, String object, String type, String reason, String message) {
            this(atSeconds, object, type, reason, message, 1, null);
        }

        /** When it last happened: {@code atSeconds} for an event that happened once. */
        public double lastSecondsOrFirst() {
            return lastSeconds == null ? atSeconds : lastSeconds;
        }

        /** Jackson's filter for {@code count}: a count of 1 is left out. */
        static final class Once {
            @Override
            public boolean equals(Object value) {
                return value instanceof Integer n && n == 1;
            }

            @Override
            public int hashCode() {
                return 1;
            }
        }
    }
}
