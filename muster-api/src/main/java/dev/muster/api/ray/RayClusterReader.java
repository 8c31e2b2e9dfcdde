package dev.muster.api.ray;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.validation.RayRules;
import dev.muster.api.workload.WorkloadDraft;

/** Reads a KubeRay RayCluster: one workload with the head and the worker groups, no submitter. */
public final class RayClusterReader {

    private RayClusterReader() {
    }

    public static WorkloadDraft read(ManifestObject object) {
        RayRules.rayCluster(object);
        Field spec = object.spec();
        spec.require();
        RayClusterShape shape = RayClusterSpecReader.read(spec);
        RayClusterSpecReader.checkPodSetLimit(spec.get("workerGroupSpecs"), shape.podSets().size());
        WorkloadDraft draft = WorkloadDraft.ofJob(object, shape.podSets(), shape.workerGroups());
        if (draft.localQueue().isPresent() && shape.autoscaling()) {
            spec.get("enableInTreeAutoscaling").error(KueueRayRules.NO_AUTOSCALING);
        }
        return draft;
    }
}
