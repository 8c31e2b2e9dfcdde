package dev.muster.core.kai;

import dev.muster.core.model.Workload;
import dev.muster.core.queue.ClusterQueueState;
import java.util.List;
import java.util.Map;

/**
 * A pass over one queue that visits only the workloads not parked ({@link ParkedWaits}) while
 * the state it started in holds. Once the state changes, the parked ones after the last visited
 * may no longer be skipped: the pass goes on over every workload after it that was pending when
 * the pass began, as if it had visited them all.
 */
final class ParkedSkip {
    private final ClusterQueueState queue;
    private final KaiWaitMemo.State startedIn;
    private final long enqueuedAtStart;
    private Workload last;

    ParkedSkip(ClusterQueueState queue, KaiWaitMemo.State startedIn, long enqueuedAtStart) {
        this.queue = queue;
        this.startedIn = startedIn;
        this.enqueuedAtStart = enqueuedAtStart;
    }

    KaiWaitMemo.State startedIn() {
        return startedIn;
    }

    void visited(Workload wl) {
        last = wl;
    }

    /** From now on the pass visits every workload after the last visited that was pending when it began. */
    void visitAllAfter(Map<ClusterQueueState, PassQueue> queues) {
        java.util.Set<Workload> arrivedInPass = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        List<Workload> arrived = queue.enqueuedAfter(enqueuedAtStart);
        if (arrived == null) {
            throw new IllegalStateException("queue " + queue.name() + " took more workloads in one pass than it keeps track of");
        }
        arrivedInPass.addAll(arrived);
        java.util.Collection<Workload> after = last == null ? queue.pending() : queue.pendingAfter(last);
        List<Workload> rest = new java.util.ArrayList<>();
        for (Workload wl : after) {
            if (!arrivedInPass.contains(wl)) {
                rest.add(wl);
            }
        }
        queues.remove(queue);
        if (!rest.isEmpty()) {
            queues.put(queue, PassQueue.of(rest));
        }
    }
}
