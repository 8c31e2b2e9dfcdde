package dev.muster.core.engine;

import dev.muster.core.model.PodSet;
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
 *
 * <p>Each shape also keeps the pod sets of the first workload seen with it, which workloads of
 * the shape submitted later share ({@link #withSharedPodSets}).
 */
final class WorkloadShapes {

    private final WorkloadBook book;
    private final Map<List<Object>, Shape> shapes = new HashMap<>();
    private final ToIntFunction<Workload> idOf = this::idOf;
    /** The workload given its shape's pod sets last, and its id: its shape is asked for right after it enters. */
    private Workload lastShared;
    private int lastSharedId;

    private record Shape(int id, List<PodSet> podSets) {
    }

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

    /**
     * The workload with the pod sets of its shape's first workload, equal to its own: a cycle reads
     * the pod sets of every workload it tries, and thousands of copies of the same few, each where
     * its workload was built, are thousands of reads from memory, where one shared copy stays in
     * the cache.
     */
    Workload withSharedPodSets(Workload wl) {
        Shape shape = shapeFor(wl);
        Workload shared = shape.podSets() == wl.podSets() ? wl
                : new Workload(wl.key(), wl.queueName(), wl.priority(), wl.createdMillis(), wl.sequence(),
                        shape.podSets());
        lastShared = shared;
        lastSharedId = shape.id();
        return shared;
    }

    private int idOf(Workload wl) {
        return wl == lastShared ? lastSharedId : shapeFor(wl).id();
    }

    private Shape shapeFor(Workload wl) {
        return shapes.computeIfAbsent(List.of(wl.priority(), wl.podSets()), k -> new Shape(shapes.size(), wl.podSets()));
    }

    void forget(Workload wl) {
        book.forgetShape(wl);
    }
}
