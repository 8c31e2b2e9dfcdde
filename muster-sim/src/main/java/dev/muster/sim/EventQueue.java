package dev.muster.sim;

import java.util.PriorityQueue;

/**
 * Future happenings in virtual time. Events at the same time come out in the order they were
 * scheduled, so a run is deterministic.
 */
final class EventQueue {

    /** Something that happens at a point of virtual time. */
    sealed interface SimEvent permits Arrival, Completion {
    }

    record Arrival(int workload) implements SimEvent {
    }

    /** The end of a run; {@code admission} tells stale completions (of an earlier admission) apart. */
    record Completion(int workload, int admission) implements SimEvent {
    }

    private record Scheduled(long atMillis, long sequence, SimEvent event) {
    }

    private final PriorityQueue<Scheduled> queue = new PriorityQueue<>((a, b) -> a.atMillis != b.atMillis
            ? Long.compare(a.atMillis, b.atMillis) : Long.compare(a.sequence, b.sequence));
    private long sequence;

    void schedule(long atMillis, SimEvent event) {
        queue.add(new Scheduled(atMillis, sequence++, event));
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    long nextTime() {
        return queue.peek().atMillis();
    }

    SimEvent poll() {
        return queue.poll().event();
    }
}
