package dev.muster.core.queue;

import dev.muster.core.model.Workload;
import java.util.List;

/** A workload holding quota in a ClusterQueue since {@code admittedAtMillis}. */
public record AdmittedWorkload(Workload workload, String clusterQueue, Assignment assignment, long admittedAtMillis) {

    /** Whether some pod set runs fewer pods than the workload asked for (a partly admitted gang). */
    public boolean belowFullCount() {
        for (int i = 0; i < Math.min(workload.podSets().size(), assignment.podSets().size()); i++) {
            if (assignment.podSets().get(i).count() < workload.podSets().get(i).count()) {
                return true;
            }
        }
        return false;
    }

    /** Whether some pod set runs more pods than its gang minimum: replicas it can give up and keep running. */
    public boolean aboveMinimum() {
        List<PodSetAssignment> running = assignment.podSets();
        for (int i = 0; i < running.size(); i++) {
            if (running.get(i).count() > workload.podSets().get(i).minCount()) {
                return true;
            }
        }
        return false;
    }
}
