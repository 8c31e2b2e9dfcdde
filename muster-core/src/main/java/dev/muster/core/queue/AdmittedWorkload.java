package dev.muster.core.queue;

import dev.muster.core.model.Workload;

/** A workload holding quota in a ClusterQueue since {@code admittedAtMillis}. */
public record AdmittedWorkload(Workload workload, String clusterQueue, Assignment assignment, long admittedAtMillis) {
}
