package dev.muster.core.model;

import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * A KAI Scheduler Queue ({@code scheduling.run.ai/v2}): a node of the same quota tree as Kueue's
 * ClusterQueues and Cohorts, written in KAI's terms. Leaf queues take workloads; the others
 * divide what their parent gets among their children.
 *
 * @param priority                 queues of higher priority get the surplus over their quota first (default 100)
 * @param resources                per resource (cpu, memory, nvidia.com/gpu), in Kubernetes units
 * @param preemptMinRuntimeMillis  {@code preemptMinRuntime}: how long a workload runs before a
 *                                 higher-priority one of its queue may preempt it; empty = as the parent queue says
 * @param reclaimMinRuntimeMillis  {@code reclaimMinRuntime}: how long a workload runs before another
 *                                 queue may reclaim it; empty = as the parent queue says
 */
public record KaiQueueSpec(String name, Optional<String> parent, int priority, List<Share> resources,
        Optional<Long> preemptMinRuntimeMillis, Optional<Long> reclaimMinRuntimeMillis) {

    public static final int DEFAULT_PRIORITY = 100;

    public KaiQueueSpec {
        resources = List.copyOf(resources);
    }

    /** A queue that sets no minimum run time of its own. */
    public KaiQueueSpec(String name, Optional<String> parent, int priority, List<Share> resources) {
        this(name, parent, priority, resources, Optional.empty(), Optional.empty());
    }

    /**
     * One resource of a queue.
     *
     * @param quota           guaranteed amount; empty = unlimited (KAI's -1); zero = no guarantee
     * @param limit           the most the queue may use; empty = unlimited
     * @param overQuotaWeight the queue's weight in the surplus, in thousandths (1 = 1000)
     */
    public record Share(String resource, Optional<Quantity> quota, Optional<Quantity> limit, long overQuotaWeight) {
    }

    public Optional<Share> share(String resource) {
        // a loop, not a stream: fair shares and the queue order ask this at every comparison
        for (Share s : resources) {
            if (s.resource().equals(resource)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
