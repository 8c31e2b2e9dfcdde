package dev.muster.sim.expect;

import dev.muster.sim.report.Report.WorkloadReport;
import java.util.List;

/**
 * A {@code workloads[]} entry: which report workloads it is about, and what must hold for each of them.
 *
 * @param name {@code namespace/name}, or a {@code namespace/prefix*} for objects made with generateName
 * @param kind the workload's kind ({@code RayJob}, {@code Workload}, ...), or {@code null} for any kind
 * @param checks the other keys of the entry, in the contract's order (so {@code state} comes first)
 */
public record WorkloadExpectation(NamePattern name, String kind, List<WorkloadCheck> checks) {

    public WorkloadExpectation {
        checks = List.copyOf(checks);
    }

    public boolean selects(WorkloadReport workload) {
        return name.matches(qualifiedName(workload)) && (kind == null || kind.equals(workload.kind()));
    }

    static String qualifiedName(WorkloadReport workload) {
        return workload.namespace() == null || workload.namespace().isEmpty()
                ? workload.name()
                : workload.namespace() + "/" + workload.name();
    }
}
