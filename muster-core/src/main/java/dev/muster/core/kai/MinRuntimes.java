package dev.muster.core.kai;

import dev.muster.core.model.KaiQueueSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * KAI's minruntime plugin: how long a workload runs before it may be taken. Preemption (by a
 * higher-priority workload of the same queue) uses the victim queue's {@code preemptMinRuntime},
 * or its nearest parent's. Reclaim (by another queue) uses KAI's default "lca" resolution: the
 * {@code reclaimMinRuntime} of the queue one step below the lowest common ancestor of the two
 * queues, on the victim's side, or of its nearest parent that sets one. Unset everywhere: 0, as
 * KAI's plugin defaults are. Elastic gangs may still lose their replicas beyond the minimum.
 */
final class MinRuntimes {

    private final Map<String, KaiQueueSpec> queues = new HashMap<>();

    MinRuntimes(List<KaiQueueSpec> specs) {
        specs.forEach(q -> queues.put(q.name(), q));
    }

    /** Milliseconds a workload of {@code victimQueue} runs before a workload of its own queue may preempt it. */
    long preemptMillis(String victimQueue) {
        return inherited(victimQueue, KaiQueueSpec::preemptMinRuntimeMillis);
    }

    /** Milliseconds a workload of {@code victimQueue} runs before {@code reclaimerQueue} may reclaim it. */
    long reclaimMillis(String reclaimerQueue, String victimQueue) {
        List<String> victimPath = pathFromTop(victimQueue);
        List<String> reclaimerPath = pathFromTop(reclaimerQueue);
        int common = 0;
        while (common < victimPath.size() && common < reclaimerPath.size()
                && victimPath.get(common).equals(reclaimerPath.get(common))) {
            common++;
        }
        // victimPath.get(common) is one step below the lowest common ancestor (the cluster, above the top-level queues).
        String below = victimPath.get(Math.min(common, victimPath.size() - 1));
        return inherited(below, KaiQueueSpec::reclaimMinRuntimeMillis);
    }

    private long inherited(String queue, Function<KaiQueueSpec, Optional<Long>> value) {
        for (KaiQueueSpec q = queues.get(queue); q != null; q = q.parent().map(queues::get).orElse(null)) {
            Optional<Long> v = value.apply(q);
            if (v.isPresent()) {
                return v.get();
            }
        }
        return 0;
    }

    /** The queue's ancestors from the top-level queue down to the queue itself. */
    private List<String> pathFromTop(String queue) {
        List<String> path = new ArrayList<>();
        for (KaiQueueSpec q = queues.get(queue); q != null && path.size() <= queues.size();
                q = q.parent().map(queues::get).orElse(null)) {
            path.add(0, q.name());
        }
        if (path.isEmpty()) {
            path.add(queue);
        }
        return path;
    }
}
