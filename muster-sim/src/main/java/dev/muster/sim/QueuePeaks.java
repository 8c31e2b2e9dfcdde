package dev.muster.sim;

import dev.muster.core.quantity.Quantity;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The most each queue used at any moment of the run, per flavor and resource, for the report's
 * queue table: a finished run's current usage is empty, and users want to see how full each queue
 * got. Sampled only when a queue's usage grew (an admission, a reservation, a gang scaled up), so it
 * costs nothing while nothing is admitted. Each resource's peak is its own: they need not have
 * happened at the same moment.
 */
final class QueuePeaks {

    private final Map<String, Map<String, Map<String, Quantity>>> peaks = new HashMap<>();

    /** The queue uses {@code usage} now (flavor, then resource). */
    void sample(String queue, Map<String, Map<String, Quantity>> usage) {
        Map<String, Map<String, Quantity>> peak = peaks.computeIfAbsent(queue, q -> new TreeMap<>());
        usage.forEach((flavor, resources) -> {
            Map<String, Quantity> p = peak.computeIfAbsent(flavor, f -> new TreeMap<>());
            resources.forEach((resource, q) -> p.merge(resource, q, (a, b) -> a.milli() >= b.milli() ? a : b));
        });
    }

    /** The queue's peak usage; empty if it never used anything. */
    Map<String, Map<String, Quantity>> of(String queue) {
        return peaks.getOrDefault(queue, Map.of());
    }
}
