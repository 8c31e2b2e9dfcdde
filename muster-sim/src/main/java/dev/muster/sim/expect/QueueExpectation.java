package dev.muster.sim.expect;

import java.util.List;

/** A {@code queues[]} entry: the leaf queue of that exact name, and what must hold for it. */
public record QueueExpectation(String name, List<QueueCheck> checks) {

    public QueueExpectation {
        checks = List.copyOf(checks);
    }
}
