package dev.muster.api.validation;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.KubernetesNames;
import dev.muster.api.manifest.ManifestObject;

/**
 * What KubeRay's webhook and spec validation refuse in a RayJob or RayCluster, among the fields
 * Muster reads: names that KubeRay turns into Service and pod names (a DNS-1035 label, short
 * enough for the suffixes it adds), the known fields of the specs and groups, and group labels.
 * Unique worker group names are checked where the groups are read (each names a pod set).
 *
 * <p>Sources: ray-project/kuberay {@code ray-operator/pkg/webhooks/v1/rayjob_webhook.go} and
 * {@code raycluster_webhook.go} (validateRayJob, validateRayCluster, validateWorkerGroups);
 * {@code ray-operator/controllers/ray/utils/validation.go} (ValidateRayJobMetadata,
 * ValidateRayClusterMetadata, validateRayGroupLabels); {@code utils/constant.go}
 * (MaxRayClusterNameLength 53, MaxRayJobNameLength 47).
 */
public final class RayRules {

    static final int MAX_RAY_CLUSTER_NAME = 53;
    /** A RayJob's cluster is named after it with a suffix of 6 characters. */
    static final int MAX_RAY_JOB_NAME = MAX_RAY_CLUSTER_NAME - 6;

    private RayRules() {
    }

    public static void rayJob(ManifestObject object) {
        object.root().rejectUnknownFields(KubernetesSchema.OBJECT);
        checkName(object, MAX_RAY_JOB_NAME);
        Field spec = object.spec();
        if (spec.isObject()) {
            spec.rejectUnknownFields(KubernetesSchema.RAY_JOB_SPEC);
        }
    }

    public static void rayCluster(ManifestObject object) {
        object.root().rejectUnknownFields(KubernetesSchema.OBJECT);
        checkName(object, MAX_RAY_CLUSTER_NAME);
    }

    /** A RayClusterSpec: a RayCluster's spec or a RayJob's rayClusterSpec. */
    public static void clusterSpec(Field spec) {
        if (!spec.isObject()) {
            return;
        }
        spec.rejectUnknownFields(KubernetesSchema.RAY_CLUSTER_SPEC);
        Field head = spec.get("headGroupSpec");
        if (head.isObject()) {
            head.rejectUnknownFields(KubernetesSchema.RAY_HEAD_GROUP);
            checkGroup(head);
        }
        for (Field group : spec.get("workerGroupSpecs").items()) {
            if (group.isObject()) {
                group.rejectUnknownFields(KubernetesSchema.RAY_WORKER_GROUP);
                checkGroup(group);
            }
        }
    }

    private static void checkGroup(Field group) {
        Field labels = group.get("labels");
        if (!labels.isObject()) {
            return;
        }
        labels.entries().forEach((key, value) -> {
            KubernetesNames.qualifiedNameProblem(key).ifPresent(p -> value.error("invalid label key: " + p));
            value.string().flatMap(KubernetesNames::labelValueProblem).ifPresent(value::error);
        });
    }

    private static void checkName(ManifestObject object, int maxLength) {
        String name = object.meta().name();
        if (name.isEmpty()) {
            return;
        }
        Field nameField = object.root().get("metadata").get("name");
        if (name.length() > maxLength) {
            nameField.error("\"" + name + "\" is longer than " + maxLength + " characters, the most KubeRay allows for a "
                    + object.kind() + " (it names the cluster's pods and services after it)");
        } else {
            KubernetesNames.dns1035LabelProblem(name).ifPresent(nameField::error);
        }
    }
}
