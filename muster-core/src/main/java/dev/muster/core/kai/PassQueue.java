package dev.muster.core.kai;

import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.List;

/**
 * What a KAI pass is still to visit of one queue, in queue order, each workload with the engine's
 * ticket for it ({@link ClusterQueueState.Ticket}, null where not known). A pass tells every
 * workload it visits why it waits, and with the ticket the engine finds its record without a
 * lookup by key in a map as large as the cluster: after one pod finishes, that lookup was a
 * quarter of the cycle on a 140,000-pod snapshot (docs/performance.md, "The engine at scale").
 */
final class PassQueue {

    private final Workload[] workloads;
    private final ClusterQueueState.Ticket[] tickets;
    private int next;
    private ClusterQueueState.Ticket polledTicket;

    private PassQueue(Workload[] workloads, ClusterQueueState.Ticket[] tickets) {
        this.workloads = workloads;
        this.tickets = tickets;
    }

    /** Everything the queue holds now. */
    static PassQueue of(ClusterQueueState q) {
        ClusterQueueState.PendingSnapshot s = q.pendingSnapshot();
        return new PassQueue(s.workloads(), s.tickets());
    }

    /** These workloads, in this order, their tickets not known. */
    static PassQueue of(List<Workload> workloads) {
        Workload[] w = workloads.toArray(Workload[]::new);
        return new PassQueue(w, new ClusterQueueState.Ticket[w.length]);
    }

    boolean isEmpty() {
        return next == workloads.length;
    }

    /** The next workload to visit, or null when none is left. */
    Workload peek() {
        return isEmpty() ? null : workloads[next];
    }

    /** The ticket of {@link #peek}'s workload, or null. */
    ClusterQueueState.Ticket peekTicket() {
        return isEmpty() ? null : tickets[next];
    }

    /** Takes the next workload (there is one); its ticket is then {@link #polledTicket}. */
    Workload poll() {
        polledTicket = tickets[next];
        return workloads[next++];
    }

    /** The ticket of the workload {@link #poll} took last, or null. */
    ClusterQueueState.Ticket polledTicket() {
        return polledTicket;
    }
}
