package dev.muster.operator.kube;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/**
 * A kind Muster reads or writes, by group, version and plural: what the generic API calls need.
 *
 * @param namespaced whether objects of the kind live in a namespace
 */
public record KubeKind(String group, String version, String kind, String plural, boolean namespaced) {

    public static final KubeKind RESOURCE_FLAVOR = kueue("ResourceFlavor", "resourceflavors", false);
    public static final KubeKind CLUSTER_QUEUE = kueue("ClusterQueue", "clusterqueues", false);
    public static final KubeKind LOCAL_QUEUE = kueue("LocalQueue", "localqueues", true);
    public static final KubeKind COHORT = kueue("Cohort", "cohorts", false);
    public static final KubeKind WORKLOAD_PRIORITY_CLASS = kueue("WorkloadPriorityClass", "workloadpriorityclasses", false);
    public static final KubeKind ADMISSION_CHECK = kueue("AdmissionCheck", "admissionchecks", false);
    public static final KubeKind PROVISIONING_REQUEST_CONFIG =
            kueue("ProvisioningRequestConfig", "provisioningrequestconfigs", false);
    public static final KubeKind WORKLOAD = kueue("Workload", "workloads", true);
    public static final KubeKind KAI_QUEUE = new KubeKind("scheduling.run.ai", "v2", "Queue", "queues", false);
    public static final KubeKind PRIORITY_CLASS = new KubeKind("scheduling.k8s.io", "v1", "PriorityClass", "priorityclasses", false);
    public static final KubeKind NAMESPACE = new KubeKind("", "v1", "Namespace", "namespaces", false);
    public static final KubeKind NODE = new KubeKind("", "v1", "Node", "nodes", false);
    public static final KubeKind POD = new KubeKind("", "v1", "Pod", "pods", true);
    public static final KubeKind RAY_JOB = new KubeKind("ray.io", "v1", "RayJob", "rayjobs", true);
    public static final KubeKind RAY_CLUSTER = new KubeKind("ray.io", "v1", "RayCluster", "rayclusters", true);
    public static final KubeKind BATCH_JOB = new KubeKind("batch", "v1", "Job", "jobs", true);
    public static final KubeKind PROVISIONING_REQUEST =
            new KubeKind("autoscaling.x-k8s.io", "v1", "ProvisioningRequest", "provisioningrequests", true);
    public static final KubeKind POD_TEMPLATE = new KubeKind("", "v1", "PodTemplate", "podtemplates", true);

    /** The job kind of this name that Muster manages (RayJob, RayCluster, Job), if it is one. */
    public static java.util.Optional<KubeKind> job(String kind) {
        return java.util.stream.Stream.of(RAY_JOB, RAY_CLUSTER, BATCH_JOB).filter(k -> k.kind().equals(kind)).findFirst();
    }

    private static KubeKind kueue(String kind, String plural, boolean namespaced) {
        return new KubeKind("kueue.x-k8s.io", "v1beta1", kind, plural, namespaced);
    }

    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    public ResourceDefinitionContext context() {
        return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withKind(kind)
                .withPlural(plural).withNamespaced(namespaced).build();
    }
}
