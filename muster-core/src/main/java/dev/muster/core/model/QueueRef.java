package dev.muster.core.model;

/**
 * The queue a workload is submitted to, in its dialect: a Kueue LocalQueue in the workload's
 * namespace (label {@code kueue.x-k8s.io/queue-name}), or a KAI queue (label
 * {@code kai.scheduler/queue}). The dialect decides how the name resolves and which rules admit it.
 */
public sealed interface QueueRef {

    /** The queue's name, as the workload names it ({@link Workload#queueName()}). */
    String name();

    /** A Kueue LocalQueue of the workload's namespace, which leads to a ClusterQueue. */
    record LocalQueue(String name) implements QueueRef {
    }

    /** A KAI queue; only leaf queues take workloads. */
    record KaiQueue(String name) implements QueueRef {
    }

    static QueueRef localQueue(String name) {
        return new LocalQueue(name);
    }

    static QueueRef kaiQueue(String name) {
        return new KaiQueue(name);
    }

    /** The queue the workload names, in KAI's dialect when {@code kai}, else Kueue's. */
    static QueueRef of(Workload wl, boolean kai) {
        return kai ? kaiQueue(wl.queueName()) : localQueue(wl.queueName());
    }
}
