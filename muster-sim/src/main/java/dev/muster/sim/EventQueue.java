package dev.muster.sim;

import java.util.PriorityQueue;

/**
 * Future happenings in virtual time. Events at the same time come out in the order they were
 * scheduled, so a run is deterministic.
 */
final class EventQueue {

    /** Something that happens at a point of virtual time. */
    sealed interface SimEvent permits Arrival, PodsReady, Completion, CheckOutcome, Wakeup, PodsFail, Timer {
    }

    record Arrival(int workload) implements SimEvent {
    }

    /**
     * All pods of an admission run. {@code admission} counts the workload's quota reservations, so
     * that events of an earlier admission (before an eviction) are recognised as stale.
     */
    record PodsReady(int workload, int admission) implements SimEvent {
    }

    /** The end of a run. */
    record Completion(int workload, int admission) implements SimEvent {
    }

    /** An admission check's controller reports its answer for one quota reservation. */
    record CheckOutcome(int workload, int admission, String check, String state) implements SimEvent {
    }

    /** Pods of an admission fail ({@code sim.muster.dev/pod-failures}). */
    record PodsFail(int workload, int admission, String podSet, int count) implements SimEvent {
    }

    /** The engine asked to be woken: a backoff ends or a pods-ready timeout expires. */
    record Wakeup() implements SimEvent {
    }

    /** Something a controller of the virtual cluster asked to do then (a node becomes Ready, a booking ends). */
    record Timer(Runnable action) implements SimEvent {
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
