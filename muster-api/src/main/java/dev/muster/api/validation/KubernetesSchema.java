package dev.muster.api.validation;

import java.util.List;

/**
 * The fields of the Kubernetes and KubeRay types Muster reads, by type: the schema that strict
 * unknown-field checks ({@code kubectl --validate=strict}) compare an object with. Every reader
 * checks a map against one of these through {@code Field.rejectUnknownFields}, the same check the
 * Kueue and KAI readers make with their kinds' fields.
 *
 * <p>Core types: the JSON names of {@code k8s.io/api} (core/v1 types.go, batch/v1 types.go,
 * scheduling/v1 types.go) as of Kubernetes 1.34. KubeRay types: the JSON names in
 * {@code ray-operator/apis/ray/v1/raycluster_types.go} and {@code rayjob_types.go} (ray-project/kuberay
 * master, 2026). Lists, not sets: the closest known name is suggested for a misspelling, and a
 * tie must go the same way on every run. Maps below these levels (volumes, probes, affinity, env) are not checked field by
 * field: Muster does not read them.
 */
public final class KubernetesSchema {

    /** Every object: the type header, metadata, and the desired and observed state. */
    public static final List<String> OBJECT = List.of("apiVersion", "kind", "metadata", "spec", "status");

    /** metav1.ObjectMeta. */
    public static final List<String> OBJECT_META = List.of("name", "generateName", "namespace", "selfLink", "uid",
            "resourceVersion", "generation", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds",
            "labels", "annotations", "ownerReferences", "finalizers", "managedFields");

    /** v1.PodTemplateSpec. */
    public static final List<String> POD_TEMPLATE = List.of("metadata", "spec");

    /** v1.PodSpec. */
    public static final List<String> POD_SPEC = List.of("volumes", "initContainers", "containers", "ephemeralContainers",
            "restartPolicy", "terminationGracePeriodSeconds", "activeDeadlineSeconds", "dnsPolicy", "nodeSelector",
            "serviceAccountName", "serviceAccount", "automountServiceAccountToken", "nodeName", "hostNetwork", "hostPID",
            "hostIPC", "shareProcessNamespace", "securityContext", "imagePullSecrets", "hostname", "subdomain",
            "affinity", "schedulerName", "tolerations", "hostAliases", "priorityClassName", "priority", "dnsConfig",
            "readinessGates", "runtimeClassName", "enableServiceLinks", "preemptionPolicy", "overhead",
            "topologySpreadConstraints", "setHostnameAsFQDN", "os", "hostUsers", "schedulingGates", "resourceClaims",
            "resources", "hostnameOverride");

    /** v1.Container (init containers too). */
    public static final List<String> CONTAINER = List.of("name", "image", "command", "args", "workingDir", "ports",
            "envFrom", "env", "resources", "resizePolicy", "restartPolicy", "restartPolicyRules", "volumeMounts",
            "volumeDevices", "livenessProbe", "readinessProbe", "startupProbe", "lifecycle", "terminationMessagePath",
            "terminationMessagePolicy", "imagePullPolicy", "securityContext", "stdin", "stdinOnce", "tty");

    /** v1.ResourceRequirements. */
    public static final List<String> RESOURCES = List.of("limits", "requests", "claims");

    /** batch/v1 JobSpec. */
    public static final List<String> JOB_SPEC = List.of("parallelism", "completions", "activeDeadlineSeconds",
            "podFailurePolicy", "successPolicy", "backoffLimit", "backoffLimitPerIndex", "maxFailedIndexes", "selector",
            "manualSelector", "template", "ttlSecondsAfterFinished", "completionMode", "suspend", "podReplacementPolicy",
            "managedBy");

    /** v1.NodeSpec. */
    public static final List<String> NODE_SPEC = List.of("podCIDR", "podCIDRs", "providerID", "unschedulable", "taints",
            "configSource", "externalID");

    /** v1.NodeStatus. */
    public static final List<String> NODE_STATUS = List.of("capacity", "allocatable", "phase", "conditions", "addresses",
            "daemonEndpoints", "nodeInfo", "images", "volumesInUse", "volumesAttached", "config", "runtimeHandlers",
            "features");

    /** v1.Taint. */
    public static final List<String> TAINT = List.of("key", "value", "effect", "timeAdded");

    /** v1.Toleration. */
    public static final List<String> TOLERATION = List.of("key", "operator", "value", "effect", "tolerationSeconds");

    /** v1.NamespaceSpec. */
    public static final List<String> NAMESPACE_SPEC = List.of("finalizers");

    /** scheduling/v1 PriorityClass: no spec, its fields sit at the top. */
    public static final List<String> PRIORITY_CLASS = List.of("apiVersion", "kind", "metadata", "value", "globalDefault",
            "description", "preemptionPolicy");

    /** KubeRay RayJobSpec; {@code runtimeEnv} is ray.io/v1alpha1's name of what v1 calls runtimeEnvYAML. */
    public static final List<String> RAY_JOB_SPEC = List.of("activeDeadlineSeconds", "backoffLimit", "rayClusterSpec",
            "submitterPodTemplate", "metadata", "clusterSelector", "submitterConfig", "managedBy", "deletionStrategy",
            "entrypoint", "runtimeEnvYAML", "runtimeEnv", "jobId", "submissionMode", "entrypointResources",
            "entrypointNumCpus", "entrypointNumGpus", "ttlSecondsAfterFinished", "preRunningDeadlineSeconds",
            "shutdownAfterJobFinishes", "suspend");

    /** KubeRay RayClusterSpec (a RayCluster's spec, a RayJob's rayClusterSpec). */
    public static final List<String> RAY_CLUSTER_SPEC = List.of("upgradeStrategy", "authOptions", "suspend", "managedBy",
            "autoscalerOptions", "headServiceAnnotations", "enableInTreeAutoscaling", "gcsFaultToleranceOptions",
            "historyServerOptions", "networkPolicy", "tlsOptions", "headGroupSpec", "rayVersion", "workerGroupSpecs");

    /** KubeRay HeadGroupSpec; {@code replicas} is ray.io/v1alpha1's, ignored since (the head is one pod). */
    public static final List<String> RAY_HEAD_GROUP = List.of("template", "headService", "enableIngress",
            "ingressOptions", "resources", "labels", "rayStartParams", "serviceType", "replicas");

    /** KubeRay WorkerGroupSpec. */
    public static final List<String> RAY_WORKER_GROUP = List.of("suspend", "groupName", "replicas", "minReplicas",
            "maxReplicas", "idleTimeoutSeconds", "priority", "resources", "labels", "rayStartParams", "template",
            "scaleStrategy", "numOfHosts");

    private KubernetesSchema() {
    }
}
