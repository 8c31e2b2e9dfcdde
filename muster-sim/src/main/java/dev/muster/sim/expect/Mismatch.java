package dev.muster.sim.expect;

/**
 * An expectation the report does not meet.
 *
 * @param subject a path into the report naming what was checked: {@code workloads[default/high].state},
 *     {@code queues[cluster-queue].usage.default-flavor.cpu}, {@code nodes[pool=gpu-node-pool].count}
 * @param expected the expected value as written in the expectation file, or a description of it
 * @param actual what the report holds instead
 * @param message one line for a person, e.g.
 *     {@code workloads default/high: state expected Admitted, got Pending (message: ...)}
 */
public record Mismatch(String subject, String expected, String actual, String message) {

    /** {@code note} is appended to the message as is (e.g. the workload's own message). */
    static Mismatch of(String section, String id, Difference difference, String note) {
        return new Mismatch(
                section + "[" + id + "]." + difference.path(),
                difference.expected(),
                difference.actual(),
                section + " " + id + ": " + difference.path() + " expected " + difference.expected()
                        + ", got " + difference.actual() + note);
    }

    @Override
    public String toString() {
        return message;
    }
}
