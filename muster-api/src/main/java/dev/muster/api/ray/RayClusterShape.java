package dev.muster.api.ray;

import dev.muster.api.workload.PodSetDraft;
import dev.muster.api.workload.RayWorkerGroup;
import java.util.List;

/**
 * The pods a RayCluster spec asks for: the head and every worker group (suspended ones too, as Kueue counts them).
 *
 * @param autoscaling {@code enableInTreeAutoscaling: true}
 */
record RayClusterShape(List<PodSetDraft> podSets, List<RayWorkerGroup> workerGroups, boolean autoscaling) {
}
