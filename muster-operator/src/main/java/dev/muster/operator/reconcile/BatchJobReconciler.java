package dev.muster.operator.reconcile;

import dev.muster.operator.jobs.BatchJobAdapter;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;

@ControllerConfiguration(name = "batchjob", triggerReconcilerOnAllEvents = true, generationAwareEventProcessing = false)
public final class BatchJobReconciler extends JobReconciler<Job> {

    public BatchJobReconciler(JobEvents events) {
        super(new BatchJobAdapter(), events);
    }
}
