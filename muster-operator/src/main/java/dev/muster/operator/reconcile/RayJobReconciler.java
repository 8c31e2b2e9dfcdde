package dev.muster.operator.reconcile;

import dev.muster.operator.jobs.RayJobAdapter;
import dev.muster.operator.jobs.RayJobResource;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;

@ControllerConfiguration(name = "rayjob", triggerReconcilerOnAllEvents = true, generationAwareEventProcessing = false)
public final class RayJobReconciler extends JobReconciler<RayJobResource> {

    public RayJobReconciler(JobEvents events) {
        super(new RayJobAdapter(), events);
    }
}
