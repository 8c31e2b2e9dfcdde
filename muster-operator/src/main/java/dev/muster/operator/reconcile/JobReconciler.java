package dev.muster.operator.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.operator.jobs.JobAdapter;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;

/**
 * The JOSDK reconciler of one job kind: every event on a job (deletion included) goes to the
 * decider of the current leadership, which owns every decision. JOSDK brings the informer, per-object serialisation of
 * events, retries, and reconciling on the leader only.
 */
public abstract class JobReconciler<R extends HasMetadata> implements Reconciler<R> {

    private final JobAdapter adapter;
    private final JobEvents events;

    protected JobReconciler(JobAdapter adapter, JobEvents events) {
        this.adapter = adapter;
        this.events = events;
    }

    @Override
    public UpdateControl<R> reconcile(R job, Context<R> context) {
        JsonNode tree = context.getClient().getKubernetesSerialization().convertValue(job, JsonNode.class);
        if (context.isPrimaryResourceDeleted()) {
            events.jobDeleted(adapter, tree);
        } else {
            events.job(adapter, tree);
        }
        return UpdateControl.noUpdate();
    }
}
