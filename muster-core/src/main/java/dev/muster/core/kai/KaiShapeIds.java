package dev.muster.core.kai;

import dev.muster.core.admission.SchedulingCycle;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape ids ({@link SchedulingCycle.Outcome#shapeOf}) of the pending workloads of KAI's
 * passes, kept by workload instance from one pass to the next. A pass weighs every queue head it
 * serves, so it asks the shape of each waiting workload it visits; the engine finds it by the
 * workload's key in its book of every workload, a lookup in a map as large as the cluster, while a
 * workload instance never changes shape (an id stands for a priority and pod sets for good).
 */
final class KaiShapeIds {

    private final Map<Workload, Integer> ids = new IdentityHashMap<>();

    /**
     * The shape id of {@code wl}: through its ticket if known (the engine's record holds it), else
     * asked of the outcome the first time.
     */
    int of(Workload wl, ClusterQueueState.Ticket ticket, SchedulingCycle.Outcome outcome) {
        if (ticket != null) {
            return outcome.shapeOf(wl, ticket);
        }
        Integer id = ids.get(wl);
        if (id == null) {
            id = outcome.shapeOf(wl);
            ids.put(wl, id);
        }
        return id;
    }

    /** Starts over once it holds many more workloads than are pending: it stays as large as the backlog. */
    void keepOnlyAbout(int pending) {
        if (ids.size() > 2 * pending + 64) {
            ids.clear();
        }
    }

    /** How many workloads are pending in {@code leaves}. */
    static int pending(List<ClusterQueueState> leaves) {
        int n = 0;
        for (ClusterQueueState q : leaves) {
            n += q.pending().size();
        }
        return n;
    }
}
