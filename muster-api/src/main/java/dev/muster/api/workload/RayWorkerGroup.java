package dev.muster.api.workload;

/**
 * The scaling fields of a KubeRay worker group, kept for the KAI dialect and for autoscaling,
 * which size a gang differently from Kueue (Kueue admits {@code replicas x numOfHosts} pods).
 *
 * @param podSet      the pod set it became (its groupName in lower case, as Kueue names it)
 * @param replicas    {@code replicas}, 1 when absent (as Kueue counts it)
 * @param minReplicas {@code minReplicas}, 0 when absent
 * @param maxReplicas {@code maxReplicas}, {@link Integer#MAX_VALUE} when absent (KubeRay's default)
 * @param numOfHosts  pods per replica (multi-host groups, e.g. TPU slices), 1 when absent
 * @param suspended   {@code suspend: true}: the group has no pods and no pod set
 */
public record RayWorkerGroup(String podSet, int replicas, int minReplicas, int maxReplicas, int numOfHosts, boolean suspended) {

    /**
     * The pods of this group in KAI's gang minimum: KAI's PodGrouper counts
     * {@code (minReplicas > 0 ? minReplicas : replicas) x numOfHosts}; a suspended group counts 0.
     */
    public int kaiGangMinimum() {
        if (suspended) {
            return 0;
        }
        return (minReplicas > 0 ? minReplicas : replicas) * numOfHosts;
    }
}
