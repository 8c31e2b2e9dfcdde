package dev.muster.operator.reconcile;

import dev.muster.operator.jobs.RayClusterAdapter;
import dev.muster.operator.jobs.RayClusterResource;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;

@ControllerConfiguration(name = "raycluster", triggerReconcilerOnAllEvents = true, generationAwareEventProcessing = false)
public final class RayClusterReconciler extends JobReconciler<RayClusterResource> {

    public RayClusterReconciler(JobEvents events) {
        super(new RayClusterAdapter(), events);
    }
}
