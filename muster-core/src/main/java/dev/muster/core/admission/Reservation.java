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
 * @param startsMillis when it is expected to fit: the expected end of the last of {@code awaited}, or
 *                     the instant it was found if that has passed (they run past their time)
 * @param awaited      the running workloads whose ends make the room, soonest first
 * @param dueMillis    when the last of {@code awaited} was expected to end, even if that has passed;
 *                     {@code startsMillis} when it waits for none
 * @param nodes        the nodes its pods would go to then, in name order (empty without placement)
 */
public record Reservation(Workload workload, ClusterQueueState queue, Assignment assignment, long startsMillis,
        List<ObjectKey> awaited, long dueMillis, List<String> nodes) {

    public Reservation {
        awaited = List.copyOf(awaited);
        nodes = List.copyOf(nodes);
    }
}
