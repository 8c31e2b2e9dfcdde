package dev.muster.api.ray;

import dev.muster.api.k8s.PodTemplate;
import dev.muster.api.k8s.PodTemplateReader;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.validation.RayRules;
import dev.muster.api.workload.PodSetDraft;
import dev.muster.api.workload.WorkloadDraft;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a KubeRay RayJob: the pod sets of its cluster plus, in K8sJobMode, the {@code submitter}
 * pod that runs {@code ray job submit}.
 */
public final class RayJobReader {

    static final String SUBMITTER = "submitter";

    /** KubeRay's default submitter pod requests, which Kueue counts when no submitterPodTemplate is given. */
    static final ResourceList DEFAULT_SUBMITTER_REQUESTS =
            new ResourceList(Map.of("cpu", Quantity.parse("500m"), "memory", Quantity.parse("200Mi")));

    private static final String K8S_JOB_MODE = "K8sJobMode";

    private RayJobReader() {
    }

    public static WorkloadDraft read(ManifestObject object) {
        RayRules.rayJob(object);
        Field spec = object.spec();
        spec.requireObject();
        Field clusterSpec = spec.get("rayClusterSpec");
        Field clusterSelector = spec.get("clusterSelector");
        if (!clusterSpec.isPresent() && !clusterSelector.isPresent()) {
            clusterSpec.error("required: the cluster the job runs on");
        }
        RayClusterShape shape = clusterSpec.isPresent()
                ? RayClusterSpecReader.read(clusterSpec)
                : new RayClusterShape(List.of(), List.of(), false);

        List<PodSetDraft> podSets = new ArrayList<>(shape.podSets());
        String mode = spec.get("submissionMode").oneOf(K8S_JOB_MODE, "HTTPMode", "InteractiveMode", "SidecarMode")
                .orElse(K8S_JOB_MODE);
        if (mode.equals(K8S_JOB_MODE) && clusterSpec.isPresent()) {
            podSets.add(submitter(spec.get("submitterPodTemplate")));
        }
        RayClusterSpecReader.checkPodSetLimit(clusterSpec.get("workerGroupSpecs"), podSets.size());
        spec.get("suspend").bool();
        Field shutdown = spec.get("shutdownAfterJobFinishes");
        boolean shutdownAfterJobFinishes = shutdown.bool(false);

        WorkloadDraft draft = WorkloadDraft.ofJob(object, podSets, shape.workerGroups());
        if (draft.localQueue().isPresent()) {
            if (!shutdownAfterJobFinishes) {
                shutdown.error(KueueRayRules.SHUTDOWN_REQUIRED);
            }
            if (clusterSelector.isPresent()) {
                clusterSelector.error(KueueRayRules.NO_CLUSTER_SELECTOR);
            }
            if (shape.autoscaling()) {
                clusterSpec.get("enableInTreeAutoscaling").error(KueueRayRules.NO_AUTOSCALING.replace("RayCluster", "RayJob"));
            }
        } else if (clusterSelector.isPresent() && !clusterSpec.isPresent()) {
            // Such a job has no pods of its own to admit or place.
            clusterSelector.error("a RayJob that runs on an existing cluster is not simulated in this version;"
                    + " give spec.rayClusterSpec instead");
        }
        return draft;
    }

    private static PodSetDraft submitter(Field templateField) {
        PodTemplate template = templateField.isPresent()
                ? PodTemplateReader.read(templateField)
                : PodTemplate.synthesized(DEFAULT_SUBMITTER_REQUESTS);
        return new PodSetDraft(PodSet.of(SUBMITTER, 1, template.requests()), template, templateField);
    }
}
