package dev.muster.api.ray;

/** What Kueue's Ray webhooks refuse in a RayJob or RayCluster it manages, in its own words where it has them. */
final class KueueRayRules {

    static final String NO_AUTOSCALING =
            "must not be true for a Kueue-managed RayCluster: Kueue admits a fixed size (\"a kueue managed job should not use autoscaling\")";
    static final String SHUTDOWN_REQUIRED =
            "must be true for a Kueue-managed RayJob, so that the cluster is deleted when the job ends"
                    + " (\"a kueue managed job should delete the cluster after finishing\")";
    static final String NO_CLUSTER_SELECTOR =
            "must not be set for a Kueue-managed RayJob: it would run on an existing cluster that Kueue does not admit"
                    + " (\"a kueue managed job should not use an existing cluster\")";

    private KueueRayRules() {
    }
}
