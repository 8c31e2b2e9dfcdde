package dev.muster.operator.kube;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.model.ObjectKey;

/**
 * Every change Muster makes in the cluster goes through here (and only here): patches on jobs,
 * Workload objects and their status, and events. One implementation talks to the API server;
 * tests may record the calls instead. Writes do not throw: one that fails after its retries says
 * so by returning false, and the decider tries it again in a later cycle.
 */
public interface ClusterWriter {

    /** Applies a JSON Patch to a job; the patch names only fields Muster owns. */
    boolean patchJob(KubeKind kind, ObjectKey job, ArrayNode jsonPatch);

    /** Creates the object if it does not exist yet (a restart finds it there): Workloads, ProvisioningRequests, PodTemplates. */
    boolean ensure(KubeKind kind, ObjectNode object);

    /** Replaces the status of an object Muster owns the status of (Workloads, queues); false if it failed or the object is gone. */
    boolean writeStatus(KubeKind kind, ObjectKey object, ObjectNode status);

    /**
     * Sets annotations of an object Muster owns (a Workload: its forecast), a null value removing
     * one; other annotations are left as they are. False if it failed or the object is gone.
     */
    boolean annotate(KubeKind kind, ObjectKey object, java.util.Map<String, String> annotations);

    /**
     * Binds a pod to a node (the Binding subresource, as a scheduler does), after writing the labels
     * and annotations that say which GPUs it got.
     */
    boolean bind(dev.muster.operator.placement.PodBinding binding);

    /** Deletes a pod (evicting a gang its controller will make again, as KAI evicts). Gone already is done. */
    boolean deletePod(ObjectKey pod);

    /** Deletes an object Muster made (a ProvisioningRequest no longer current). Gone already is done. */
    boolean delete(KubeKind kind, ObjectKey object);

    /**
     * Records a Kubernetes Event about an object.
     *
     * @param type Normal or Warning
     */
    void event(KubeKind kind, ObjectKey object, String uid, String type, String reason, String message);
}
