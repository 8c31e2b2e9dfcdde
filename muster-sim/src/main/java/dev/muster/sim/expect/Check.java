package dev.muster.sim.expect;

import java.util.List;

/**
 * One key of an expectation entry, checked against one item of the report.
 *
 * @param <T> the report item it applies to (a workload, a queue, a node, a provisioning request)
 */
public interface Check<T> {

    /** The expectation-file key this check was read from, e.g. {@code state}. */
    String key();

    /** What differs between the expectation and the item; empty when the item satisfies it. */
    List<Difference> against(T item);
}
