package dev.muster.core.view;

import java.util.List;
import java.util.Map;

/**
 * What a dashboard shows of the engine at one instant (a value, taken when asked): the queues with
 * their usage against quota or fair share, the workloads waiting with why and where, and the GPU
 * devices of the nodes. Amounts are in the resource's base unit (cores, bytes, GPUs), keyed
 * {@code flavor/resource} (KAI queues: flavor {@code default}); fair shares by resource.
 */
public record ClusterView(long atMillis, List<QueueNode> queues, List<Waiting> waiting, List<NodeGpus> nodes,
        Map<String, Expected> forecasts) {

    public ClusterView {
        queues = List.copyOf(queues);
        waiting = List.copyOf(waiting);
        nodes = List.copyOf(nodes);
        forecasts = Map.copyOf(forecasts);
    }

    /** The same view with each waiting workload's forecast ({@code namespace/name} → expectation), as an adapter knows it. */
    public ClusterView withForecasts(Map<String, Expected> byWorkload) {
        return new ClusterView(atMillis, queues, waiting, nodes, byWorkload);
    }

    /**
     * When a waiting workload is expected to be admitted, as its adapter words the instant (RFC 3339
     * on a cluster, virtual time in a simulation; null when the forecast does not admit it), and why.
     */
    public record Expected(String at, String basis) {
    }

    /**
     * A ClusterQueue, a cohort or a KAI queue.
     *
     * @param kind    {@code ClusterQueue}, {@code Cohort} or {@code KAI Queue}
     * @param parent  a ClusterQueue's cohort; null for the others (and a ClusterQueue in none)
     * @param nominal nominal quota by flavor/resource (a cohort: its ClusterQueues' together)
     * @param leaf    workloads are queued in it (a ClusterQueue or a KAI leaf queue), not in a cohort or KAI parent
     * @param pending workloads waiting in it; admitted: holding quota in it (0 for cohorts and KAI parents)
     */
    public record QueueNode(String name, String kind, String parent, boolean leaf, Map<String, Double> usage,
            Map<String, Double> nominal, Map<String, Double> fairShare, int pending, int admitted) {
    }

    /**
     * A waiting workload, in its queue's order.
     *
     * @param reason Kueue's QuotaReserved=False reason code (or KAI's), null before a cycle looked at it
     */
    public record Waiting(String workload, String queue, String localQueue, int priority, String reason, String message,
            int positionInClusterQueue, int positionInLocalQueue) {
    }

    /** A GPU node's devices: how much of each is held (0..1), and by how many pods (above 1: shared). */
    public record NodeGpus(String node, List<Device> devices) {
        public NodeGpus {
            devices = List.copyOf(devices);
        }
    }

    public record Device(int index, double held, int pods) {
    }
}
