package dev.muster.sim;

import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.queue.Assignment;
import dev.muster.core.model.Workload;
import dev.muster.sim.cluster.JobStandIn;
import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.List;

/** One workload as the simulator tracks it: what the user declared and what happened to it. */
final class SimWorkload {

    final WorkloadSource source;
    final Workload workload;
    final JobStandIn standIn;
    WorkloadState state = WorkloadState.Pending;
    boolean arrived;
    String clusterQueue;
    Assignment assignment;
    Long admittedAtMillis;
    Long finishedAtMillis;
    /** Quota reservations so far; events carry the number of the one they belong to. */
    int admissions;
    Long podsReadyAtMillis;
    /** Where its pods run, while admitted and when nodes are known. */
    List<dev.muster.core.placement.PodPlacement> pods = List.of();
    String message = "";
    final List<Report.Eviction> evictions = new ArrayList<>();

    /** @param suspendedByKueue whether a Kueue queue manages it, so that it is created suspended */
    SimWorkload(WorkloadSource source, Workload workload, boolean suspendedByKueue) {
        this.source = source;
        this.workload = workload;
        this.standIn = JobStandIn.forKind(source.kind(), suspendedByKueue);
    }

    String objectRef() {
        return source.kind() + "/" + source.key();
    }
}
