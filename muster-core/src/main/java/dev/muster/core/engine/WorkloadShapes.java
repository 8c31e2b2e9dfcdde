package dev.muster.core.engine;

import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * Shape ids of workloads (see {@code SchedulingCycle.Outcome#shapeOf}): workloads of the same
 * priority and pod sets share one, so that "does not fit" found for one is reused for all. A
 * Kueue workload's shape is worked out when it is submitted, and forgotten when it leaves or stops
 * holding quota, so a cycle only looks shapes up. Each workload's id is kept in its
 * {@link WorkloadBook} entry, which the cycle looks up anyway to tell it why it waits.
 */
final class WorkloadShapes {

    private final WorkloadBook book;
    private final Map<List<Object>, Integer> shapes = new HashMap<>();
    private final ToIntFunction<Workload> idOf = this::idOf;

    WorkloadShapes(WorkloadBook book) {
        this.book = book;
    }

    int shapeOf(Workload wl) {
        return book.shapeOf(wl, idOf);
    }

    /** As {@link #shapeOf(Workload)}, found through the ticket {@code wl} was queued with (or null). */
    int shapeOf(Workload wl, ClusterQueueState.Ticket ticket) {
        return book.shapeOf(wl, ticket, idOf);
    }

    private int idOf(Workload wl) {
        return shapes.computeIfAbsent(List.of(wl.priority(), wl.podSets()), k -> shapes.size());
    }

    void forget(Workload wl) {
        book.forgetShape(wl);
    }
}
