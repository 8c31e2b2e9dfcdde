package dev.muster.sim.trace;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How a trace becomes a scenario: which column picks the queue, the queues with their quotas, which
 * rows to take and how fast time runs. Read by {@link TraceMappingReader}; documented in
 * {@code docs/traces.md}.
 *
 * @param trace        {@code philly} or {@code openb}: the kind of trace the file is written for
 * @param queueBy      the trace column whose value picks a row's queue
 * @param queueByLine  where {@code queueBy} is written, for messages
 * @param from         rows at or after this trace time only
 * @param until        rows before this trace time only
 * @param first        at most this many rows (after the window, in time order)
 * @param timeScale    virtual seconds per trace second, for arrivals and durations alike
 * @param cohort       Kueue: the cohort every ClusterQueue joins, so idle quota is lent
 * @param flavor       Kueue: the ResourceFlavor the quotas are given in
 * @param parentQueue  KAI: the parent of every leaf queue
 * @param defaultQueue the queue of rows no rule matches; empty: such rows are left out
 */
public record TraceMapping(Path file, String trace, String queueBy, int queueByLine, Optional<Duration> from, Optional<Duration> until,
        long first, double timeScale, Optional<String> cohort, String flavor, String parentQueue, List<QueueRule> queues,
        Optional<String> defaultQueue) {

    public TraceMapping {
        queues = List.copyOf(queues);
    }

    /** The queue of a row whose {@code queueBy} column holds {@code value}; empty when it is left out. */
    public Optional<String> queueOf(String value) {
        for (QueueRule q : queues) {
            if (q.match().contains(value)) {
                return Optional.of(q.name());
            }
        }
        return defaultQueue;
    }
}
