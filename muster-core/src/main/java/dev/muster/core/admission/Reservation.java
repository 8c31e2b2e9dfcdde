package dev.muster.core.admission;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.ClusterQueueState;
import java.util.List;

/**
 * Room held for a waiting workload from the time it is expected to fit.
 *
 * @param workload     the workload it is held for
 * @param queue        its ClusterQueue
 * @param assignment   the flavors and counts it would be admitted with then
 * @param startsMillis when it is expected to fit: the expected end of the last of {@code awaited}
 * @param awaited      the running workloads whose ends make the room, soonest first
 * @param nodes        the nodes its pods would go to then, in name order (empty without placement)
 */
public record Reservation(Workload workload, ClusterQueueState queue, Assignment assignment, long startsMillis,
        List<ObjectKey> awaited, List<String> nodes) {

    public Reservation {
        awaited = List.copyOf(awaited);
        nodes = List.copyOf(nodes);
    }
}
