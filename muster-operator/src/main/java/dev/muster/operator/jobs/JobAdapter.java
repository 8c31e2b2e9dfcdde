package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.ResourceFlavorSpec;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What Muster needs to know and do for one job kind, as Kueue's job framework asks of each
 * integration: whether it is suspended, where its pod templates are, whether it finished, whether
 * its pods run, and how it is suspended, run with its assignment and stopped. Reading pod sets is
 * the manifest readers' job. The defaults are those of kinds with {@code spec.suspend}, changed by
 * {@link JobPatches}.
 */
public interface JobAdapter {

    KubeKind kind();

    /** Whether {@code spec.suspend} is true. */
    default boolean suspended(JsonNode job) {
        return job.path("spec").path("suspend").asBoolean(false);
    }

    /** The pod template of each pod set, in the order of the workload's pod sets. */
    List<PodTemplatePath> podTemplates(JsonNode job);

    /** The job ran to its end (successfully or not): its quota is given back. */
    boolean finished(JsonNode job);

    /** All its admitted pods run (Kueue's PodsReady condition). */
    boolean podsReady(JsonNode job);

    /**
     * Some of its pods may still run (Kueue's IsActive): an evicted job keeps its quota until it is
     * stopped and this turns false, so that what its pods hold is not given to another job too early.
     */
    default boolean active(JsonNode job) {
        return false;
    }

    /** The job's Workload object, named as Kueue names it. */
    default ObjectKey workloadKey(ObjectKey job) {
        return new ObjectKey(job.namespace(), KueueWorkloadNames.of(kind().kind(), job));
    }

    /** The owner references of the job's Workload, so that it goes with the job: the job itself. */
    default List<ObjectNode> workloadOwners(ObjectKey key, JsonNode job) {
        ObjectNode owner = JsonNodeFactory.instance.objectNode();
        owner.put("apiVersion", kind().apiVersion());
        owner.put("kind", kind().kind());
        owner.put("name", key.name());
        owner.put("uid", job.path("metadata").path("uid").asText(""));
        owner.put("controller", true);
        owner.put("blockOwnerDeletion", true);
        return List.of(owner);
    }

    /** Holds a job that runs and should not yet (no webhook suspended it). False if the write failed. */
    default boolean suspend(ClusterWriter writer, ObjectKey key, JsonNode job) {
        return writer.patchJob(kind(), key, JobPatches.suspend());
    }

    /**
     * Runs the job with its assignment: each pod set's flavors' node labels and tolerations, and the
     * annotations admission checks give its pods. False if a write failed.
     */
    default boolean start(ClusterWriter writer, ObjectKey key, JsonNode job,
            Map<String, Collection<ResourceFlavorSpec>> flavorsByPodSet, Map<String, Map<String, String>> annotationsByPodSet) {
        return writer.patchJob(kind(), key, JobPatches.start(job, this, flavorsByPodSet, annotationsByPodSet));
    }

    /** Stops the job (evicted) and restores what {@link #start} changed. False if the write failed. */
    default boolean stop(ClusterWriter writer, ObjectKey key, JsonNode job) {
        return writer.patchJob(kind(), key, JobPatches.stop(job, this));
    }
}
