package dev.muster.sim.trace;

import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Map;

/**
 * One queue of a mapping file: the rows whose {@code queueBy} column holds one of {@code match} go to it.
 *
 * @param name  the ClusterQueue (and the namespace holding its LocalQueue) for Kueue, the leaf Queue for KAI
 * @param quota nominal quota by Kubernetes resource name, in file order
 * @param line  where the queue is written, for messages
 */
public record QueueRule(String name, List<String> match, Map<String, Quantity> quota, int line) {

    public QueueRule {
        match = List.copyOf(match);
        quota = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(quota));
    }
}
