package dev.muster.sim.expect;

import java.util.List;

/**
 * A {@code nodes[]} entry: the report's nodes of one pool.
 *
 * @param count how many nodes of the pool the report lists (every node ever added, removed ones
 *     included), or {@code null} when not checked
 * @param checks what must hold for each of those nodes
 */
public record NodeExpectation(String pool, Integer count, List<NodeCheck> checks) {

    public NodeExpectation {
        checks = List.copyOf(checks);
    }
}
