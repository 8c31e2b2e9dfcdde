package dev.muster.sim;

import dev.muster.api.scenario.SimulatedRun;
import dev.muster.api.scenario.WorkloadSource;
import dev.muster.core.status.WorkloadStatus;
import dev.muster.core.model.Workload;
import dev.muster.sim.cluster.JobStandIn;
import java.util.List;

/** One workload as the simulator tracks it: what the user declared and what happened to it. */
final class SimWorkload {

    /** Its position in the simulation's list, which its events carry. */
    final int index;
    final WorkloadSource source;
    /** When it arrives, how long its pods take to be ready, how long it runs and which pods fail. */
    final SimulatedRun run;
    final Workload workload;
    final JobStandIn standIn;
    /**
     * Phase, queue, assignment, message and evictions, rendered from the engine's decisions by the
     * core's one renderer (the operator writes the same into Workload objects). Its reservation count
     * numbers the events of each admission, so that those of an earlier one are ignored.
     */
    final WorkloadStatus status;
    boolean arrived;
    /** When it was created (arrived) in virtual time; null before. */
    Long createdAtMillis;
    Long podsReadyAtMillis;
    /** Where its pods run, while admitted and when nodes are known. */
    List<dev.muster.core.placement.PodPlacement> pods = List.of();

    /**
     * @param suspendedByKueue whether a Kueue queue manages it, so that it is created suspended
     * @param kaiQueue         whether it is in a KAI queue
     */
    SimWorkload(int index, WorkloadSource source, SimulatedRun run, Workload workload, boolean suspendedByKueue,
            boolean kaiQueue) {
        this.index = index;
        this.source = source;
        this.run = run;
        this.workload = workload;
        this.standIn = JobStandIn.forKind(source.kind(), suspendedByKueue);
        this.status = new WorkloadStatus(kaiQueue);
    }

    /** The state as the report names it. */
    WorkloadState state() {
        return switch (status.phase()) {
            case PENDING -> WorkloadState.Pending;
            case QUOTA_RESERVED -> WorkloadState.QuotaReserved;
            case ADMITTED -> WorkloadState.Admitted;
            case FINISHED -> WorkloadState.Finished;
        };
    }

    boolean is(WorkloadStatus.Phase phase) {
        return status.phase() == phase;
    }

    String objectRef() {
        return source.kind() + "/" + source.key();
    }
}
