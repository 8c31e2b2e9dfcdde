package dev.muster.bench.operator;

import dev.muster.operator.OperatorOptions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The objects of a {@link BurstLayout}: one ResourceFlavor (on GPU nodes, the nodes labelled
 * {@code pool: gpu}), the ClusterQueues of one cohort, a namespace and LocalQueue per ClusterQueue,
 * the Nodes, and each Job suspended at creation, as Kueue's webhook leaves it. A Job's pod is what
 * the Job controller makes of its template once the Job is unsuspended.
 */
final class BurstManifests {

    static final String FLAVOR = "burst-flavor";
    static final String GPU = "nvidia.com/gpu";
    static final String POOL_LABEL = "pool";
    static final String JOB_NAME_LABEL = "batch.kubernetes.io/job-name";

    private BurstManifests() {
    }

    static GenericKubernetesResource resourceFlavor(BurstLayout layout) {
        Map<String, Object> spec = layout.gpus() ? Map.of("nodeLabels", Map.of(POOL_LABEL, "gpu")) : Map.of();
        return PerfManifests.kueue("ResourceFlavor", FLAVOR, null, Map.of("spec", spec));
    }

    static GenericKubernetesResource clusterQueue(BurstLayout layout, int q) {
        List<Object> resources = new java.util.ArrayList<>();
        resources.add(Map.of("name", "cpu", "nominalQuota", Integer.toString(layout.jobsOfQueue(q))));
        if (layout.gpus()) {
            resources.add(Map.of("name", GPU, "nominalQuota", Long.toString(layout.gpuQuota(q))));
        }
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("cohort", BurstLayout.COHORT);
        spec.put("namespaceSelector", Map.of());
        spec.put("queueingStrategy", "BestEffortFIFO");
        spec.put("resourceGroups", List.of(Map.of(
                "coveredResources", layout.gpus() ? List.of("cpu", GPU) : List.of("cpu"),
                "flavors", List.of(Map.of("name", FLAVOR, "resources", resources)))));
        return PerfManifests.kueue("ClusterQueue", layout.queueName(q), null, Map.of("spec", spec));
    }

    static Namespace namespace(BurstLayout layout, int q) {
        return new NamespaceBuilder().withNewMetadata().withName(layout.queueName(q)).endMetadata().build();
    }

    static GenericKubernetesResource localQueue(BurstLayout layout, int q) {
        return PerfManifests.kueue("LocalQueue", layout.queueName(q), layout.queueName(q),
                Map.of("spec", Map.of("clusterQueue", layout.queueName(q))));
    }

    /** A node of 4 GPUs, 64 cpus and 512 GiB, as its kubelet reports it. */
    static Node node(BurstLayout layout, int n) {
        Map<String, Quantity> allocatable = Map.of("cpu", new Quantity("64"), "memory", new Quantity("512Gi"),
                GPU, new Quantity(Integer.toString(BurstLayout.GPUS_PER_NODE)), "pods", new Quantity("110"));
        return new NodeBuilder().withNewMetadata().withName(layout.nodeName(n)).addToLabels(POOL_LABEL, "gpu").endMetadata()
                .withNewStatus().withCapacity(allocatable).withAllocatable(allocatable).endStatus().build();
    }

    /** Job {@code i}: one pod of 1 cpu (and 1 GPU on GPU nodes, naming Muster's scheduler), suspended. */
    static Job job(BurstLayout layout, int i) {
        Map<String, Quantity> requests = new HashMap<>();
        requests.put("cpu", new Quantity("1"));
        if (layout.gpus()) {
            requests.put(GPU, new Quantity("1"));
        }
        String queue = layout.queueName(layout.queueOf(i));
        return new JobBuilder()
                .withNewMetadata().withName(layout.jobName(i)).withNamespace(queue)
                    .addToLabels(PerfManifests.QUEUE_LABEL, queue).endMetadata()
                .withNewSpec()
                    .withSuspend(true)
                    .withParallelism(1)
                    .withCompletions(1)
                    .withNewTemplate()
                        .withNewSpec()
                            .withRestartPolicy("Never")
                            .withSchedulerName(layout.gpus() ? OperatorOptions.SCHEDULER_NAME : null)
                            .addNewContainer()
                                .withName("main")
                                .withImage("registry.k8s.io/pause:3.10")
                                .withNewResources().withRequests(requests).withLimits(layout.gpus()
                                        ? Map.of(GPU, new Quantity("1")) : null).endResources()
                            .endContainer()
                        .endSpec()
                    .endTemplate()
                .endSpec()
                .build();
    }

    /**
     * The pod the Job controller makes for an unsuspended Job: the template as the Job has it now
     * (admission may have added the flavor's node selector), owned by the Job.
     */
    static Pod podOf(Job job) {
        ObjectMeta jobMeta = job.getMetadata();
        Map<String, String> labels = new HashMap<>();
        if (job.getSpec().getTemplate().getMetadata() != null && job.getSpec().getTemplate().getMetadata().getLabels() != null) {
            labels.putAll(job.getSpec().getTemplate().getMetadata().getLabels());
        }
        labels.put(JOB_NAME_LABEL, jobMeta.getName());
        return new PodBuilder()
                .withNewMetadata().withName(jobMeta.getName() + "-0").withNamespace(jobMeta.getNamespace()).withLabels(labels)
                    .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("batch/v1").withKind("Job")
                            .withName(jobMeta.getName()).withUid(jobMeta.getUid()).withController(true)
                            .withBlockOwnerDeletion(true).build())
                .endMetadata()
                .withSpec(job.getSpec().getTemplate().getSpec())
                .withNewStatus().withPhase("Pending").endStatus()
                .build();
    }
}
