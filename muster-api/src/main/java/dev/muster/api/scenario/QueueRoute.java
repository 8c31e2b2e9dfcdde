package dev.muster.api.scenario;

import java.util.Optional;

/**
 * Which scheduler queues a job, and in which queue: decided here for {@code muster simulate} and
 * {@code muster run} alike, from the queues the job's labels name ({@code WorkloadLabels} reads
 * them) and Kueue's defaulting ({@link KueueQueueing}).
 * <ol>
 *   <li>a job that names a LocalQueue is Kueue's, in that LocalQueue (even if it names a KAI queue too);</li>
 *   <li>otherwise a job that names a KAI queue is KAI's;</li>
 *   <li>otherwise Kueue's rules for a job without a queue name decide: LocalQueue {@code default},
 *       or nobody manages it.</li>
 * </ol>
 */
public sealed interface QueueRoute {

    /** Queued by Kueue in this LocalQueue (of the job's namespace). */
    record Kueue(String localQueue) implements QueueRoute {
    }

    /** Queued by KAI in this queue; never suspended, its pods wait for their nodes. */
    record Kai(String queue) implements QueueRoute {
    }

    /** No queue manages it: the default scheduler's business. */
    record Unmanaged() implements QueueRoute {
    }

    QueueRoute UNMANAGED = new Unmanaged();

    /**
     * What the labels alone decide, before any defaulting: {@link Unmanaged} when they name no queue.
     *
     * @param localQueue the LocalQueue the job names ({@code kueue.x-k8s.io/queue-name}, or a Workload's spec.queueName)
     * @param kaiQueue   the KAI queue it names ({@code kai.scheduler/queue} on it or on a pod template)
     */
    static QueueRoute named(Optional<String> localQueue, Optional<String> kaiQueue) {
        if (localQueue.isPresent()) {
            return new Kueue(localQueue.get());
        }
        return kaiQueue.<QueueRoute>map(Kai::new).orElse(UNMANAGED);
    }

    /** Where a job goes under the scenario's (or cluster's) configuration: its labels, else Kueue's defaulting. */
    static QueueRoute of(Optional<String> localQueue, Optional<String> kaiQueue, String kind, String namespace,
            Scenario configuration) {
        QueueRoute named = named(localQueue, kaiQueue);
        if (!(named instanceof Unmanaged)) {
            return named;
        }
        return KueueQueueing.localQueue(Optional.empty(), false, kind, namespace, configuration)
                .<QueueRoute>map(Kueue::new).orElse(UNMANAGED);
    }

    static QueueRoute of(WorkloadSource source, Scenario configuration) {
        return of(source.localQueue(), source.kaiQueue(), source.kind(), source.key().namespace(), configuration);
    }

    /** The queue's name as the engine knows it (a LocalQueue's or a KAI queue's); empty when unmanaged. */
    default String queueName() {
        return switch (this) {
            case Kueue k -> k.localQueue();
            case Kai k -> k.queue();
            case Unmanaged u -> "";
        };
    }
}
